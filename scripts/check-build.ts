// Reads the production build in public/ and checks every route's HTML against the
// content it was built from (read through the build's own loader, so this holds for
// any valid content): navigation, footer, hero slides, section headings and order,
// links, the page's own security policy, and what no page may hold (inline scripts,
// files from other hosts, the editor). The spec's own texts and numbers are checked
// separately, by scripts/spec-check.ts. Prints one line per failed check and a closing
// "N passed, N failed" line; exits non-zero on any failure.
import { execFileSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { parseYaml } from "../src/schema/yaml";
import { parse, type HTMLElement } from "node-html-parser";
import { pagePolicy } from "../deploy/headers";
import { COMPILE_HINT } from "../src/build/compileHints";
import { runs } from "../src/build/inlineScripts";
import { pageDataFile } from "../src/build/pageChunks";
import { ADMIN_PATH } from "../src/cms/config";
import { telHref } from "../src/components/Footer/telHref";
import { CLIENT_LOGO_COUNT, CLIENT_LOGOS_PER_ROW, HERO_SLIDE_COUNT, SECTION_IDS } from "../src/constants";
import { contentFiles } from "../src/schema/content";
import { publishedAddress } from "../src/schema/siteAddress";
import { dayOf } from "../src/schema/validate";
import { VISITS_KEPT_MONTHS } from "../src/visits";
import { fileLabel, isCurrent } from "../src/sections/Documents/display";
import { SECTIONS } from "../src/sections/registry";
import type { BuiltPage, CheckTools, SectionCheck } from "../src/sections/sectionCheck";
import {
  clients,
  enquiry,
  home,
  privacyRoute,
  quoteRoute,
  services,
  site,
  standards,
  type Section,
  type ServiceContent,
  type StandardContent,
} from "../e2e/content";
import { formFields, FILE_FIELD, HONEYPOT_FIELD, ENQUIRY_URL } from "../src/enquiry/rules";
import { NOTICES, SETTINGS_FILE } from "../src/enquiry/pages";
import { checker, hrefs, page, pageFile, publicDir, squash, text } from "./lib/builtPages";

const { check, report } = checker("built-html");
const serviceRoutes = services.map((service) => `/${service.slug}`);
// Gatsby's own list of each template's chunk files, to check the pages against (read
// once, after main has made sure there is a build).
let chunkMap: Record<string, string[]> | undefined;
function templateChunks(name: string): string[] {
  chunkMap ??= JSON.parse(fs.readFileSync(path.join(publicDir, "chunk-map.json"), "utf8"));
  return chunkMap![name];
}
// Whether a script of the build starts with the compile hint, read once per file (the
// app's scripts are the same on every page).
const hintedScripts = new Map<string, boolean>();
function hasCompileHint(src: string): boolean {
  if (!hintedScripts.has(src)) {
    hintedScripts.set(src, fs.readFileSync(path.join(publicDir, src), "utf8").startsWith(`${COMPILE_HINT}\n`));
  }
  return hintedScripts.get(src)!;
}
// Whether a script of the build carries the content schema (its source map names a file
// of src/schema/ but patterns.ts, the formats the quote form checks too, and languages.ts,
// the list the language switch names; or a section's schema.ts), read once per file like the hint.
const schemaScripts = new Map<string, boolean>();
function carriesSchema(src: string): boolean {
  if (!schemaScripts.has(src)) {
    const map = path.join(publicDir, `${src}.map`);
    const sources: string[] = fs.existsSync(map) ? JSON.parse(fs.readFileSync(map, "utf8")).sources : [];
    schemaScripts.set(
      src,
      sources.some((source) => /\/src\/schema\/(?!patterns\.ts$|languages\.ts$)|\/schema\.ts$|\/server\//.test(source)),
    );
  }
  return schemaScripts.get(src)!;
}

/** The h2 a section of a service page shows: its title (the clients' title is shared). */
const sectionHeading = (section: Section) => (section.type === "clients" ? clients.title : section.title);

/** The day the build counted documents valid on (the pages' own query result), read once. */
let builtOn: string | undefined;
function buildDay(): string {
  builtOn ??= JSON.parse(fs.readFileSync(path.join(publicDir, "page-data", "index", "page-data.json"), "utf8")).result
    .data.built.day as string;
  return builtOn;
}

type DocumentsSection = Extract<Section, { type: "documents" }>;
/** A documents section's documents still valid on the build's day: the ones its page offers. */
const offered = (section: DocumentsSection) =>
  section.documents.filter((document) => isCurrent(dayOf(document.validUntil), buildDay()));
/** Sections the page draws: a documents section whose every document lapsed is left out. */
const drawn = (section: Section) => section.type !== "documents" || offered(section).length > 0;

/** The quote form's pages, whose footer links the map instead of framing it. */
const linksMap = (route: string) =>
  [quoteRoute, privacyRoute, ...Object.values(NOTICES)].includes(route) || route.startsWith(`${quoteRoute}/`);

function checkEveryPage(route: string, doc: HTMLElement) {
  check(route, '<html lang="en">', doc.querySelector("html")?.getAttribute("lang") === "en");
  check(route, "a <title>", text(doc.querySelector("title")).length > 0);
  check(route, "a meta description", !!doc.querySelector('meta[name="description"]')?.getAttribute("content"));
  check(route, "exactly one h1", doc.querySelectorAll("h1").length === 1, `${doc.querySelectorAll("h1").length}`);
  const policy = doc.querySelector('meta[http-equiv="Content-Security-Policy"]')?.getAttribute("content");
  check(
    route,
    "its own Content-Security-Policy names the content's map host",
    policy === pagePolicy(site.map.embedUrl, process.env.GATSBY_SERVER_URL),
  );
  // The published address is the operator's (SITE_URL), as the build read it; never content's.
  const canonical = doc.querySelector('link[rel="canonical"]')?.getAttribute("href");
  if (canonical) {
    check(
      route,
      "its canonical link is at the published address",
      canonical.startsWith(`${publishedAddress()}/`),
      canonical,
    );
  }

  const nav = doc.querySelector("header nav");
  check(route, "a navigation bar", !!nav);
  if (nav) {
    check(route, "nav: logo to /", nav.querySelector("a")?.getAttribute("href") === "/");
    check(route, "nav: labelled from content", nav.getAttribute("aria-label") === site.labels.mainNavigation);
    for (const item of site.navigation) {
      if (item.link) check(route, `nav: "${item.label}" to ${item.link}`, hrefs(nav, item.label).includes(item.link));
      if (item.children?.length) {
        check(
          route,
          `nav: a "${item.label}" drop-down button`,
          nav.querySelectorAll("button").some((b) => text(b) === squash(item.label)),
        );
        for (const child of item.children)
          check(route, `nav: "${child.label}" to ${child.link}`, hrefs(nav, child.label).includes(child.link));
      }
    }
  }

  const footer = doc.querySelector(`footer#${SECTION_IDS.footer}`);
  check(route, "a footer with id footer", !!footer);
  if (footer) {
    const footerText = text(footer);
    check(route, "footer: logo to /", footer.querySelector("a")?.getAttribute("href") === "/");
    check(route, "footer: a mail button to the e-mail", !!footer.querySelector(`a[href="mailto:${site.email}"]`));
    const tel = footer.querySelectorAll('a[href^="tel:"]').map((a) => a.getAttribute("href"));
    check(
      route,
      `footer: a tel: link for each of the ${site.contacts.length} contacts, in order`,
      tel.join() === site.contacts.map((c: { phone: string }) => telHref(c.phone)).join(),
      tel.join(),
    );
    for (const contact of site.contacts)
      check(route, `footer: contact "${contact.name}"`, footerText.includes(squash(contact.name)));
    for (const unit of site.units) {
      check(route, `footer: plant "${unit.name}"`, footerText.includes(squash(unit.name)));
      check(route, `footer: the address of "${unit.name}"`, footerText.includes(squash(unit.address)));
    }
    check(route, "footer: the GSTIN", footerText.includes(`${squash(site.footer.gstinLabel)}: ${site.gstin}`));
    const mapBox = footer.querySelector("[data-map-src]");
    // Without scripts, the frame inside <noscript> (raw text to the parser) has the address.
    const noScriptMap = parse(footer.querySelector("noscript")?.innerHTML ?? "").querySelector("iframe");
    if (linksMap(route)) {
      // The quote form's pages contact no other host: the map is a link there.
      check(
        route,
        "footer: the map as a link, no frame",
        !mapBox &&
          !noScriptMap &&
          !footer.querySelector("iframe") &&
          hrefs(footer, site.map.title).includes(site.map.embedUrl),
      );
    } else {
      // No frame in the HTML: the early script frames the map as its box comes near
      // (no other host on load, and no frame's document to build while parsing).
      check(route, "footer: no frame until the map comes near", !footer.querySelector("iframe"));
      check(
        route,
        "footer: the content's map and its title, on the map's box",
        mapBox?.getAttribute("data-map-src") === site.map.embedUrl &&
          mapBox.getAttribute("data-map-title") === squash(site.map.title),
      );
      check(
        route,
        "footer: without scripts, the map framed lazily, with its title",
        noScriptMap?.getAttribute("src") === site.map.embedUrl &&
          noScriptMap.getAttribute("loading") === "lazy" &&
          noScriptMap.getAttribute("title") === squash(site.map.title),
      );
    }
  }

  for (const a of doc.querySelectorAll('a[target="_blank"]')) {
    check(
      route,
      `new-tab link is rel="noopener noreferrer" (${a.getAttribute("href")})`,
      a.getAttribute("rel") === "noopener noreferrer",
    );
  }
  const thirdParty = [...doc.querySelectorAll("img[src], script[src], link[href][rel=stylesheet]")]
    .map((el) => el.getAttribute("src") ?? el.getAttribute("href") ?? "")
    .filter((url) => /^(https?:)?\/\//.test(url));
  check(route, "no image, script or style from another host", thirdParty.length === 0, thirdParty.join(", "));
  const inline = doc.querySelectorAll("script:not([src])").filter((el) => runs(el.rawAttrs) && el.text.trim() !== "");
  check(route, "no inline script (Content-Security-Policy script-src 'self')", inline.length === 0);
  check(route, "no NUL byte (src/build/finishPages.ts)", !doc.toString().includes("\0"));
  // The page's template chunk downloads with the app's scripts, not after the page's data.
  const { componentChunkName } = JSON.parse(fs.readFileSync(pageDataFile(publicDir, pageFile(route)), "utf8"));
  const pageChunks = doc.querySelectorAll("script[data-page-chunk][async]").map((el) => el.getAttribute("src"));
  check(
    route,
    "its template's chunk as an async script (src/build/pageChunks.ts)",
    templateChunks(componentChunkName).every((file) => pageChunks.includes(file)),
    pageChunks.join(", "),
  );
  // webpack's scripts (async) are compiled as they download, not when first called.
  const webpackScripts = doc.querySelectorAll("script[src][async]").map((el) => el.getAttribute("src") ?? "");
  const unhinted = webpackScripts.filter((src) => !hasCompileHint(src));
  check(
    route,
    "each of webpack's scripts it loads starts with V8's compile hint (src/build/compileHints.ts)",
    unhinted.length === 0,
    unhinted.join(", "),
  );
  // Visitors' browsers get the components, never the content schema and its checks
  // (one value imported from a section's schema.ts once pulled all of it in: 2.7 KB).
  const withSchema = webpackScripts.filter(carriesSchema);
  check(
    route,
    "none of its scripts carries the content schema (src/schema/ but patterns.ts, languages.ts; schema.ts)",
    withSchema.length === 0,
    withSchema.join(", "),
  );
  const editor = [...doc.querySelectorAll("[src], [href]")].filter((el) =>
    (el.getAttribute("src") ?? el.getAttribute("href") ?? "").startsWith(ADMIN_PATH),
  );
  check(route, "loads nothing of the editor", editor.length === 0, editor.map((el) => el.toString()).join(", "));
}

function checkHome(doc: HTMLElement) {
  const route = "/";
  const ids = [SECTION_IDS.home, SECTION_IDS.footer];
  const html = doc.toString();
  const positions = ids.map((id) => html.indexOf(`id="${id}"`));
  check(
    route,
    `ids ${ids.join(", ")} present and in that order`,
    positions.every((p, i) => p > 0 && (i === 0 || p > positions[i - 1])),
    positions.join(","),
  );
  // Outside the slides, which are hidden from screen readers while out of sight.
  check(
    route,
    "h1 is the company's name, outside the slides",
    text(doc.querySelector(`#${SECTION_IDS.home} > h1`)) === squash(site.company.name),
  );
  const slides = doc.querySelectorAll(`#${SECTION_IDS.home} [aria-roledescription="slide"]`);
  check(route, `${HERO_SLIDE_COUNT} hero slides`, slides.length === HERO_SLIDE_COUNT, `${slides.length}`);
  home.hero.slides.forEach((slide: { title: string; text: string }, i: number) => {
    check(route, `hero slide ${i + 1}: its title`, text(slides[i]?.querySelector("h1, h2")) === squash(slide.title));
    check(route, `hero slide ${i + 1}: its text`, text(slides[i]?.querySelector("p")) === squash(slide.text));
  });
  checkSections(route, doc, home.sections, []);
}

/** Elements of the page's main part outside the home page's hero carousel. */
const belowHero = (doc: HTMLElement, selector: string) =>
  doc.querySelectorAll(`main ${selector}`).filter((el) => !el.closest(`#${SECTION_IDS.home}`));

/** One check that names what it did not find. */
const noneMissing = (route: string, what: string, missing: string[]) =>
  check(route, what, missing.length === 0, missing.join(", "));

/** The tools a section's check (its schema.ts) is given, bound to the page's route. */
function toolsFor(route: string, doc: HTMLElement): CheckTools {
  return {
    check: (what, ok, got) => check(route, what, ok, got),
    noneMissing: (what, missing) => noneMissing(route, what, missing),
    squash,
    text,
    hrefs: (name) => hrefs(doc, name),
    teaser(teaser) {
      if (teaser)
        check(
          route,
          `teaser "${teaser.linkLabel}" to ${teaser.link}`,
          hrefs(doc, teaser.linkLabel).includes(teaser.link),
        );
    },
    clients: (anchor) => checkClients(route, doc, anchor),
    documents: (section) => checkDocuments(route, doc, section as DocumentsSection),
  };
}

/** Each kind's check, by its type (src/sections/registry.ts). */
const SECTION_CHECKS = new Map<string, SectionCheck<Section>>(
  SECTIONS.map((kind) => [kind.type, kind.check as SectionCheck<Section>]),
);

/** A page's sections as its content lists them, then the headings that follow them. */
function checkSections(route: string, doc: HTMLElement, sections: Section[], after: string[], before: string[] = []) {
  const headings = belowHero(doc, "h2").map(text);
  const expected = [
    ...before.map(squash),
    ...sections.filter(drawn).map((section) => squash(sectionHeading(section) ?? "")),
    ...after.map(squash),
  ];
  check(
    route,
    "its sections, in the content's order",
    headings.join(" | ") === expected.join(" | "),
    headings.join(" | "),
  );
  const page: BuiltPage = {
    route,
    doc,
    items: doc.querySelectorAll("main li").map(text),
    body: text(doc.querySelector("main")),
  };
  const tools = toolsFor(route, doc);
  for (const [index, section] of sections.entries()) {
    if (section.anchor && drawn(section)) {
      const element = doc.querySelector(`#${section.anchor}`);
      check(route, `section ${index + 1} carries its anchor #${section.anchor}`, !!element?.closest("section"));
    }
    const sectionCheck = SECTION_CHECKS.get(section.type);
    check(route, `section ${index + 1} (${section.type}) is a registered kind`, !!sectionCheck);
    sectionCheck?.(page, section, tools);
  }
  const sliders = sections.flatMap((s) => (s.type === "productSlider" ? [s] : []));
  const carousels = belowHero(doc, '[aria-roledescription="carousel"]');
  check(route, `${sliders.length} product sliders`, carousels.length === sliders.length, `${carousels.length}`);
  sliders.forEach((slider, i) => {
    const shown = carousels[i]?.querySelectorAll('[aria-roledescription="slide"] img').length ?? 0;
    const photos = slider.slides.length;
    check(route, `slider ${i + 1}: its ${photos} photos`, shown === photos, `${shown}`);
  });
}

/**
 * Each document the page offers links the build's copy, named by the MD5 of its content
 * (a changed file gets a new address, so no one is served a cached old certificate),
 * and says its type and size; a lapsed one is not linked.
 */
function checkDocuments(route: string, doc: HTMLElement, section: DocumentsSection) {
  const links = doc.querySelectorAll('main a[type="application/pdf"]');
  const folder = route === "/" ? "content" : "content/services";
  // Each document's file, read and hashed once: the address the build gives it.
  const files = new Map(
    section.documents.map((document) => {
      const bytes = fs.readFileSync(path.join(folder, document.file));
      const href = `/static/${crypto.createHash("md5").update(bytes).digest("hex")}/${path.basename(document.file)}`;
      return [document, { bytes, href }];
    }),
  );
  // A document's link: its file's address and its title (several documents may share a file).
  const linkOf = (document: DocumentsSection["documents"][number]) =>
    links.find(
      (a) => a.getAttribute("href") === files.get(document)!.href && text(a).startsWith(squash(document.title)),
    );
  const current = offered(section);
  const problems: string[] = [];
  for (const document of current) {
    const { bytes, href } = files.get(document)!;
    const link = linkOf(document);
    const built = path.join(publicDir, href);
    if (!link) problems.push(`${document.title}: no link to ${href}`);
    else if (text(link) !== `${squash(document.title)} ${fileLabel(bytes.length)}`)
      problems.push(`${document.title}: link reads "${text(link)}"`);
    else if (!fs.existsSync(built) || !fs.readFileSync(built).equals(bytes))
      problems.push(`${document.title}: ${href} is not the file`);
  }
  noneMissing(
    route,
    `every current document of "${section.title}" linked by its content's hash, with type and size`,
    problems,
  );
  const shown = section.documents.filter((document) => !current.includes(document) && linkOf(document));
  check(
    route,
    `no lapsed document of "${section.title}" offered`,
    shown.length === 0,
    shown.map((d) => d.title).join(", "),
  );
}

function checkClients(route: string, doc: HTMLElement, anchor: string | undefined) {
  const headed = (s: HTMLElement) => text(s.querySelector("h2")) === squash(clients.title);
  const section = anchor ? doc.querySelector(`#${anchor}`) : belowHero(doc, "section").find(headed);
  check(route, "a clients section", !!section);
  const rows = section?.querySelectorAll("ul") ?? [];
  check(
    route,
    `clients: ${CLIENT_LOGO_COUNT / CLIENT_LOGOS_PER_ROW} rows of ${CLIENT_LOGOS_PER_ROW} logos`,
    rows.length === CLIENT_LOGO_COUNT / CLIENT_LOGOS_PER_ROW &&
      rows.every((row) => row.querySelectorAll("li").length === CLIENT_LOGOS_PER_ROW),
  );
  const alts = (section?.querySelectorAll("li img[alt]") ?? []).map((img) => img.getAttribute("alt"));
  check(
    route,
    "clients: each logo named by its company",
    alts.join("|") === clients.logos.map((logo: { name: string }) => squash(logo.name)).join("|"),
    alts.join("|"),
  );
  check(route, "clients: their text", !!section && text(section).includes(squash(clients.text)));
  const contact = hrefs(doc, site.webmail.label).includes(site.webmail.url);
  check(route, `"${site.webmail.label}" opens the web-mail compose address`, contact);
  const tab = section?.querySelectorAll(`a[href="${site.webmail.url.replace(/"/g, "&quot;")}"]`) ?? [];
  check(
    route,
    "the web-mail link opens in a new tab",
    tab.some((a) => a.getAttribute("target") === "_blank"),
  );
}

/** A standard's page (issue 55): its designation, what is offered and not, its sections, its form. */
function checkStandard(standard: StandardContent) {
  const route = `/${standard.slug}`;
  const doc = page(route);
  check(route, "page built from its content file", !!doc);
  if (!doc) return;
  checkEveryPage(route, doc);
  check(route, "h1 is the standard's designation", text(doc.querySelector("h1")) === squash(standard.designation));
  const headings = doc.querySelectorAll("main h3").map(text);
  const grades = [...standard.offered.items, ...(standard.notOffered?.items ?? [])].map((item) => item.designation);
  noneMissing(
    route,
    "every type offered and not offered",
    grades.filter((grade) => !headings.includes(squash(grade))),
  );
  checkSections(
    route,
    doc,
    standard.sections,
    [standard.drawing.title, standard.servicesTitle, standard.quote.title],
    [standard.offered.title, ...(standard.notOffered ? [standard.notOffered.title] : [])],
  );
  const form = `${quoteRoute}/${standard.slug}`;
  check(
    route,
    `"${standard.quote.label}" leads to the form for this standard`,
    hrefs(doc.querySelector("main") ?? doc, standard.quote.label).every((href) => href === form) &&
      hrefs(doc.querySelector("main") ?? doc, standard.quote.label).length === 2,
  );
  const formDoc = page(form);
  check(form, "the form for the standard is built", !!formDoc);
  if (formDoc) checkEveryPage(form, formDoc);
}

function checkService(service: ServiceContent) {
  const route = `/${service.slug}`;
  const doc = page(route);
  check(route, "page built from its content file", !!doc);
  if (!doc) return;
  checkEveryPage(route, doc);
  check(route, "h1 is the content's hero title", text(doc.querySelector("h1")) === squash(service.hero.title));
  // Its sections, then the call to ask for a quote.
  checkSections(route, doc, service.sections, [enquiry.callToAction.title]);
  check(
    route,
    `"${enquiry.linkLabel}" to the form with this service chosen`,
    hrefs(doc.querySelector("main") ?? doc, enquiry.linkLabel).includes(`${quoteRoute}?service=${service.slug}`),
  );
}

/** The request-for-quote form, its privacy notice and the pages the enquiry service fills. */
function checkEnquiryPages() {
  const doc = page(quoteRoute);
  check(quoteRoute, "page built from content/enquiry.yaml", !!doc);
  if (doc) {
    checkEveryPage(quoteRoute, doc);
    check(quoteRoute, "h1 is the content's heading", text(doc.querySelector("h1")) === squash(enquiry.heading));
    const form = doc.querySelector("main form");
    check(
      quoteRoute,
      `a multipart form posted to ${ENQUIRY_URL}`,
      form?.getAttribute("action") === ENQUIRY_URL &&
        form.getAttribute("method") === "post" &&
        form.getAttribute("enctype") === "multipart/form-data",
    );
    for (const rule of formFields(enquiry.form)) {
      const input = form?.querySelector(`[name="${rule.name}"]`);
      const id = input?.getAttribute("id");
      // A group of round buttons or tick boxes is named by its fieldset's legend.
      const label =
        rule.input === "radios" || rule.input === "checkboxes"
          ? form?.querySelector(`fieldset[data-field="${rule.name}"] > legend`)
          : id
            ? form?.querySelector(`label[for="${id}"]`)
            : null;
      check(
        quoteRoute,
        `field ${rule.name}: labelled from content`,
        !!label && text(label).startsWith(squash(rule.words.label)),
      );
      if (rule.autocomplete)
        check(
          quoteRoute,
          `field ${rule.name}: autocomplete="${rule.autocomplete}"`,
          input?.getAttribute("autocomplete") === rule.autocomplete,
        );
    }
    check(
      quoteRoute,
      "a file field that takes several files",
      !!form?.querySelector(`input[type="file"][name="${FILE_FIELD}"][multiple]`),
    );
    const trap = form?.querySelector(`[name="${HONEYPOT_FIELD}"]`);
    check(
      quoteRoute,
      "the robots' field is hidden and out of the tab order",
      !!trap?.closest("[hidden]") && trap?.getAttribute("tabindex") === "-1",
    );
    check(quoteRoute, "links to the privacy notice", doc.querySelectorAll(`main a[href="${privacyRoute}"]`).length > 0);
    const options = form?.querySelectorAll('select[name="service"] option').map((o) => o.getAttribute("value")) ?? [];
    check(
      quoteRoute,
      "a service choice per service page, and other",
      services.every((s) => options.includes(s.slug)),
    );
    check(
      quoteRoute,
      "a WhatsApp link, opened only on click",
      doc.querySelectorAll('main a[href^="https://wa.me/"]').length === 1,
    );
    check(
      quoteRoute,
      "a call link",
      doc.querySelectorAll(`main a[href="${telHref(enquiry.alternatives.phone)}"]`).length === 1,
    );
  }
  const privacy = page(privacyRoute);
  check(privacyRoute, "page built from content/enquiry.yaml", !!privacy);
  if (privacy) {
    checkEveryPage(privacyRoute, privacy);
    const body = text(privacy.querySelector("main"));
    check(
      privacyRoute,
      "the retention period in days",
      body.includes(String(enquiry.delivery.retentionDays)) && !body.includes("{days}"),
    );
    check(
      privacyRoute,
      "how long the visits log is kept, in months",
      body.includes(`${VISITS_KEPT_MONTHS} months`) && !body.includes("{logMonths}"),
    );
  }
  for (const [notice, route] of Object.entries(NOTICES)) {
    const built = page(route);
    check(route, `the ${notice} page exists`, !!built);
    if (!built) continue;
    checkEveryPage(route, built);
    check(route, "noindex", /noindex/.test(built.querySelector('meta[name="robots"]')?.getAttribute("content") ?? ""));
  }
  const settings = JSON.parse(fs.readFileSync(path.join(publicDir, SETTINGS_FILE), "utf8"));
  check(`/${SETTINGS_FILE}`, "no enquiry address: the operator's setting", !("to" in settings));
  const sitemaps = fs.readdirSync(publicDir).filter((name) => /^sitemap.*\.xml$/.test(name));
  const listed = (href: string) =>
    sitemaps.some((name) => fs.readFileSync(path.join(publicDir, name), "utf8").includes(`${href}<`));
  check(quoteRoute, "in the sitemap", listed(quoteRoute));
  check(
    "/_enquiry/",
    "not in the sitemap",
    Object.values(NOTICES).every((route) => !listed(route)),
  );
}

function check404() {
  const route = "/404";
  const doc = page(route);
  check(route, "page exists in the build", !!doc);
  if (!doc) return;
  checkEveryPage(route, doc);
  check(route, "its title from content", text(doc.querySelector("h1")) === squash(site.notFound.title));
  for (const href of [...serviceRoutes, ...standards.map((standard) => `/${standard.slug}`)])
    check(route, `links to ${href}`, doc.querySelectorAll(`main a[href="${href}"]`).length > 0);
}

/** /admin: Decap's bundle, the schema's configuration and the previews; kept out of search. */
function checkEditor() {
  const route = ADMIN_PATH;
  const doc = page(route);
  check(route, "the editor's page exists", !!doc);
  if (!doc) return;
  check(route, "noindex", /noindex/.test(doc.querySelector('meta[name="robots"]')?.getAttribute("content") ?? ""));
  for (const src of doc.querySelectorAll("script").map((el) => el.getAttribute("src") ?? "")) {
    check(route, `script ${src} is served from the build`, fs.existsSync(path.join(publicDir, src)));
  }
  const config = parseYaml(fs.readFileSync(path.join(publicDir, ADMIN_PATH, "config.yml"), "utf8")) as {
    collections: { name: string }[];
  };
  check(
    route,
    "config.yml has a collection for every kind of content file",
    config.collections.map((c) => c.name).join() === contentFiles.map((kind) => kind.name).join(),
  );
  const sitemaps = fs.readdirSync(publicDir).filter((name) => /^sitemap.*\.xml$/.test(name));
  const robots = fs.readFileSync(path.join(publicDir, "robots.txt"), "utf8");
  check(
    "/robots.txt",
    "names the sitemap at the published address",
    robots.includes(`Sitemap: ${publishedAddress()}/sitemap.xml`),
  );
  const inSitemap = sitemaps.filter((name) => fs.readFileSync(path.join(publicDir, name), "utf8").includes(ADMIN_PATH));
  check(route, "not in the sitemap", sitemaps.length > 0 && inSitemap.length === 0, inSitemap.join());
  for (const href of serviceRoutes) {
    check(
      href,
      "in the sitemap",
      sitemaps.some((name) => fs.readFileSync(path.join(publicDir, name), "utf8").includes(`${href}<`)),
    );
  }
}

/** Every file of static/ (search-engine verification files and the like) reaches public/ as it is. */
function checkStaticFiles() {
  const staticDir = path.join(publicDir, "..", "static");
  if (!fs.existsSync(staticDir)) return;
  for (const file of fs.readdirSync(staticDir, { recursive: true, encoding: "utf8" })) {
    const source = path.join(staticDir, file);
    if (!fs.statSync(source).isFile()) continue;
    const built = path.join(publicDir, file);
    check(
      `/${file}`,
      "static/ file served byte for byte",
      fs.existsSync(built) && fs.readFileSync(built).equals(fs.readFileSync(source)),
    );
  }
}

/**
 * The GraphQL types this build wrote are the committed ones: `npm run check` type-checks
 * against the committed file without a build, so a changed query must bring its types.
 */
function checkGraphqlTypes() {
  const file = "src/gatsby-types.d.ts";
  const changed = execFileSync("git", ["status", "--porcelain", "--", file], { encoding: "utf8" }).trim();
  check(file, "the build wrote the committed GraphQL types (if not, commit the new file)", changed === "", changed);
}

function main() {
  if (!fs.existsSync(publicDir)) {
    console.error("No public/ folder: run `npm run build` first.");
    process.exit(1);
  }
  const doc = page("/");
  check("/", "page exists in the build", !!doc);
  if (doc) {
    checkEveryPage("/", doc);
    checkHome(doc);
  }
  services.forEach(checkService);
  standards.forEach(checkStandard);
  checkEnquiryPages();
  check404();
  checkEditor();
  checkStaticFiles();
  checkGraphqlTypes();
  process.exit(report() ? 1 : 0);
}

main();
