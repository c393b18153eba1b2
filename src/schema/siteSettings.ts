// What gatsby-config.ts reads of content/site.yaml, before the content check runs, and the
// published address, which is the operator's (siteAddress.ts).
import fs from "node:fs";
import path from "node:path";
import { parseYaml } from "./yaml";
import { englishOf } from "./languageFile";
import { publishedAddress } from "./siteAddress";

export interface SiteSettings {
  /** The published address: SITE_URL, not content. */
  url: string;
  name: string;
  shortName: string;
  themeColor: string;
  /** The logo's path relative to the project, for the favicon and app icons. */
  logo: string;
  /** The footer map's address, for each page's security policy. */
  mapEmbedUrl: string | null;
}

/**
 * What the Gatsby configuration needs from content/site.yaml. Read leniently: Gatsby
 * loads its configuration before the content check runs, and that check gives the
 * clear message if the file is broken.
 */
export function readSiteSettings(projectDir: string, env: NodeJS.ProcessEnv = process.env): SiteSettings {
  const url = publishedAddress(env);
  const fallback = {
    name: "Site",
    shortName: "Site",
    themeColor: "#000000",
    mapEmbedUrl: null,
  };
  try {
    const site = englishOf(parseYaml(fs.readFileSync(path.join(projectDir, "content/site.yaml"), "utf8"))) as {
      company?: { name?: string; shortName?: string; themeColor?: string; logo?: string };
      map?: { embedUrl?: string };
    };
    return {
      url,
      name: site.company?.name ?? fallback.name,
      shortName: site.company?.shortName ?? fallback.shortName,
      themeColor: site.company?.themeColor ?? fallback.themeColor,
      logo: path.join("content", site.company?.logo ?? "images/placeholder-logo.png"),
      mapEmbedUrl: site.map?.embedUrl ?? null,
    };
  } catch {
    return { ...fallback, url, logo: "content/images/placeholder-logo.png" };
  }
}
