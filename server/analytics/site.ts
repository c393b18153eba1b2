// What the report names, read from the live release: the site's pages and their titles,
// and the services the form offers (the enquiry service's settings in the same release).
import fs from "node:fs";
import path from "node:path";
import { parse } from "node-html-parser";
import { SETTINGS_FILE, type EnquirySettings } from "../../src/contract/enquiry";

export interface SitePage {
  /** "/", "/hard_anodizing": as links to it are written. */
  path: string;
  title: string;
}

export interface SiteFacts {
  pages: SitePage[];
  /** The form's services with their pages ("" for "other"). */
  services: { slug: string; title: string; path: string }[];
  formPath: string;
  /** The published address's host, whose own links are not "where visitors came from". */
  host: string;
  /** The estimate desk's pages, one per language (none: the site has no desk). */
  estimatePaths: string[];
}

/** Folders of a release that are not pages. */
const NOT_PAGES = /^(_.*|admin|static|page-data|404|~partytown|dev-404-page)$/;

const titleOf = (file: string) => {
  const title = parse(fs.readFileSync(file, "utf8")).querySelector("title")?.text.trim() ?? "";
  // "Hard anodising … | Company": the page's own part.
  return title.split(" | ")[0] || title;
};

export function readSite(live: string): SiteFacts {
  const release = fs.realpathSync(live);
  const pages: SitePage[] = [];
  if (fs.existsSync(path.join(release, "index.html")))
    pages.push({ path: "/", title: titleOf(path.join(release, "index.html")) });
  for (const name of fs.readdirSync(release).sort()) {
    const file = path.join(release, name, "index.html");
    if (!NOT_PAGES.test(name) && fs.existsSync(file)) pages.push({ path: `/${name}`, title: titleOf(file) });
  }
  const settings = JSON.parse(fs.readFileSync(path.join(release, SETTINGS_FILE), "utf8")) as EnquirySettings;
  const known = new Set(pages.map((page) => page.path));
  let host = "";
  try {
    host = new URL(settings.siteUrl).host;
  } catch {
    host = "";
  }
  return {
    pages,
    services: settings.services.map((service) => ({
      ...service,
      path: known.has(`/${service.slug}`) ? `/${service.slug}` : "",
    })),
    formPath: settings.formPath,
    host,
    estimatePaths: Object.values(settings.estimatePaths ?? {}),
  };
}

/** A requested path as the page it is: "/hard_anodizing/" and "/hard_anodizing/index.html" are "/hard_anodizing". */
export function pagePath(requested: string): string {
  const bare = requested.split(/[?#]/)[0].replace(/\/index\.html$/, "/");
  return bare.length > 1 ? bare.replace(/\/+$/, "") || "/" : bare || "/";
}
