// Reads the production build in public/ and checks every route's HTML for what the
// spec requires (texts, links, ids, section order) and for what content/ says each
// page holds. Runs after `gatsby build`; prints one line per check that fails and a
// closing "N passed, N failed" line; exits non-zero on any failure.
import fs from "node:fs";
import path from "node:path";
import yaml from "js-yaml";
import { parse, type HTMLElement } from "node-html-parser";
import { runs } from "../src/build/inlineScripts";
import { ADMIN_PATH } from "../src/cms/config";
import { CLIENT_LOGO_COUNT, HERO_SLIDE_COUNT, SECTION_IDS } from "../src/constants";
import { contentFiles } from "../src/schema/content";
import { loadContent } from "../src/schema/load";

const root = path.resolve(__dirname, "..");
const publicDir = path.join(root, "public");

let passed = 0;
const failures: string[] = [];

function check(route: string, what: string, ok: boolean, detail = "") {
  if (ok) passed += 1;
  else failures.push(`✗ ${route}: ${what}${detail ? ` (${detail})` : ""}`);
}

function page(route: string): HTMLElement | null {
  const file = route === "/" ? "index.html" : route === "/404" ? "404.html" : `${route.slice(1)}/index.html`;
  const absolute = path.join(publicDir, file);
  return fs.existsSync(absolute) ? parse(fs.readFileSync(absolute, "utf8")) : null;
}

const text = (element: HTMLElement | null | undefined) => (element?.text ?? "").replace(/\s+/g, " ").trim();
const links = (doc: HTMLElement, name: string) =>
  doc
    .querySelectorAll("a")
    .filter((a) => text(a) === name || text(a).startsWith(`${name}:`) || text(a).startsWith(`${name} (`));
const hrefs = (doc: HTMLElement, name: string) => links(doc, name).map((a) => a.getAttribute("href"));
const hasText = (element: HTMLElement, value: string) => text(element.querySelector("body") ?? element).includes(value);

// ---- The spec's requirements, by route (section 2 of the spec).

const SERVICE_MENU: [string, string][] = [
  ["Soft & Colour Anodising", "/soft_anodizing"],
  ["Hard Anodising", "/hard_anodizing"],
  ["Passivation / Conversion Coating", "/conversion_coating"],
  ["Consultancy", "/consultancy"],
];

const GENERAL_APPLICATIONS = [
  "Railways-metro",
  "Engineering",
  "Defence",
  "5G communication",
  "Heavy engineering",
  "Automobile (high silicon alloy)",
  "Health care",
  "Solar",
  "Electronics",
  "Braking systems",
];
const HARD_APPLICATIONS = [
  "Battery boxes",
  "Cylinders",
  "Pneumatic parts",
  "Structural parts",
  "Heat-sinks",
  "Food industry",
  "Utensils",
  "Pistons",
  "Actuators",
  "Engine blocks",
];

interface RouteSpec {
  h1: string;
  texts: string[];
  applications?: string[];
  slider?: boolean;
}

const SERVICE_ROUTES: Record<string, RouteSpec> = {
  "/anodizing": { h1: "Anodising", texts: [] },
  "/consultancy": {
    h1: "Consultancy Services",
    texts: ["what we provide", "our clients", "We did a great job with these companies. You can be next to work-with."],
  },
  "/hard_anodizing": {
    h1: "Hard Anodising",
    texts: ["30 to 150 microns", "600HV", "colour shade", "Advantages of hard anodising", "Areas of application"],
    applications: [...GENERAL_APPLICATIONS, ...HARD_APPLICATIONS],
    slider: true,
  },
  "/soft_anodizing": {
    h1: "Soft & Color Anodising",
    texts: ["Areas of application", "Advantages"],
    applications: GENERAL_APPLICATIONS,
    slider: true,
  },
  "/conversion_coating": {
    h1: "Passivation / Conversion Coating",
    texts: [
      "Hexavalent-chromium free",
      "liquid concentrate",
      "GSB",
      "QUALICOAT",
      "Low electrical resistance",
      "not exposed to the weather",
      "RoHS",
      "Trivalent",
    ],
    applications: GENERAL_APPLICATIONS,
    slider: true,
  },
};

function checkEveryPage(route: string, doc: HTMLElement) {
  check(route, '<html lang="en">', doc.querySelector("html")?.getAttribute("lang") === "en");
  check(route, "a <title>", text(doc.querySelector("title")).length > 0);
  check(route, "a meta description", !!doc.querySelector('meta[name="description"]')?.getAttribute("content"));
  check(route, "exactly one h1", doc.querySelectorAll("h1").length === 1, `${doc.querySelectorAll("h1").length}`);

  const nav = doc.querySelector("header nav");
  check(route, "a navigation bar", !!nav);
  if (nav) {
    const navLinks = (name: string) => hrefs(nav, name);
    check(route, "nav: logo to /", nav.querySelector("a")?.getAttribute("href") === "/");
    check(route, "nav: Home to /", navLinks("Home").includes("/"));
    check(route, "nav: About us to /#aboutUs", navLinks("About us").includes(`/#${SECTION_IDS.about}`));
    check(route, "nav: Our Clients to /#clients", navLinks("Our Clients").includes(`/#${SECTION_IDS.clients}`));
    check(route, "nav: Contact us to /#footer", navLinks("Contact us").includes(`/#${SECTION_IDS.footer}`));
    check(
      route,
      "nav: a Services drop-down button",
      nav.querySelectorAll("button").some((b) => text(b) === "Services"),
    );
    for (const [name, href] of SERVICE_MENU) check(route, `nav: ${name} to ${href}`, navLinks(name).includes(href));
  }

  const footer = doc.querySelector(`footer#${SECTION_IDS.footer}`);
  check(route, "a footer with id footer", !!footer);
  if (footer) {
    check(route, "footer: logo to /", footer.querySelector("a")?.getAttribute("href") === "/");
    check(route, "footer: a mailto: mail button", footer.querySelectorAll('a[href^="mailto:"]').length >= 1);
    check(route, "footer: three tel: links", footer.querySelectorAll('a[href^="tel:"]').length === 3);
    check(route, "footer: Unit I and Unit II", hasText(footer, "Unit I") && hasText(footer, "Unit II"));
    check(route, "footer: the GSTIN", /GSTIN: \d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]/.test(text(footer)));
    const map = footer.querySelector("iframe");
    check(
      route,
      "footer: a titled, lazy map iframe",
      !!map?.getAttribute("title") && map?.getAttribute("loading") === "lazy",
    );
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
  const editor = [...doc.querySelectorAll("[src], [href]")].filter((el) =>
    (el.getAttribute("src") ?? el.getAttribute("href") ?? "").startsWith(ADMIN_PATH),
  );
  check(route, "loads nothing of the editor", editor.length === 0, editor.map((el) => el.toString()).join(", "));
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
  const config = yaml.load(fs.readFileSync(path.join(publicDir, ADMIN_PATH, "config.yml"), "utf8")) as {
    collections: { name: string }[];
  };
  check(
    route,
    "config.yml has a collection for every kind of content file",
    config.collections.map((c) => c.name).join() === contentFiles.map((kind) => kind.name).join(),
  );
  const sitemaps = fs.readdirSync(publicDir).filter((name) => /^sitemap.*\.xml$/.test(name));
  const inSitemap = sitemaps.filter((name) => fs.readFileSync(path.join(publicDir, name), "utf8").includes(ADMIN_PATH));
  check(route, "not in the sitemap", sitemaps.length > 0 && inSitemap.length === 0, inSitemap.join());
}

function checkHome(doc: HTMLElement) {
  const route = "/";
  const ids = [SECTION_IDS.home, SECTION_IDS.about, SECTION_IDS.clients, SECTION_IDS.footer];
  const html = doc.toString();
  const positions = ids.map((id) => html.indexOf(`id="${id}"`));
  check(
    route,
    "ids home, aboutUs, clients, footer present and in that order",
    positions.every((p, i) => p > 0 && (i === 0 || p > positions[i - 1])),
    positions.join(","),
  );

  const headings = doc.querySelectorAll("main h2").map(text);
  const order = [
    "Over 10 years",
    "Our Services",
    "Our facilities",
    "Areas of application",
    "Certificates",
    "our clients",
  ];
  const found = order.map((h) => headings.findIndex((heading) => heading.startsWith(h)));
  check(
    route,
    "sections in order: about, services, facilities, applications, certificates, clients",
    found.every((p, i) => p >= 0 && (i === 0 || p > found[i - 1])),
    found.join(","),
  );

  const slides = doc.querySelectorAll(`#${SECTION_IDS.home} [aria-roledescription="slide"]`);
  check(route, `${HERO_SLIDE_COUNT} hero slides`, slides.length === HERO_SLIDE_COUNT, `${slides.length}`);
  const slideTitles = slides.map((slide) => text(slide.querySelector("h1, h2")));
  check(
    route,
    "hero slides: welcome, Anodising, Conversion & Passivation, Consultancy",
    slideTitles[0]?.startsWith("Welcome") &&
      slideTitles.slice(1).join("|") === "Anodising|Conversion & Passivation|Consultancy",
    slideTitles.join("|"),
  );
  check(
    route,
    "each hero slide has a short description",
    slides.every((slide) => text(slide.querySelector("p")).length > 0),
  );

  for (const value of [
    "What do we provide?",
    "Our Services",
    "our clients",
    "We did a great job with these companies. You can be next to work-with.",
  ]) {
    check(route, `text "${value}"`, hasText(doc, value));
  }
  check(
    route,
    "Learn More to /anodizing, /conversion_coating, /consultancy",
    hrefs(doc, "Learn More").join(" ") === "/anodizing /conversion_coating /consultancy",
    hrefs(doc, "Learn More").join(" "),
  );
  check(
    route,
    "Know more! to /hard_anodizing and /soft_anodizing",
    hrefs(doc, "Know more!").join(" ") === "/hard_anodizing /soft_anodizing",
    hrefs(doc, "Know more!").join(" "),
  );

  const clients = doc.querySelector(`#${SECTION_IDS.clients}`);
  const rows = clients?.querySelectorAll("ul") ?? [];
  check(
    route,
    "clients: two rows of five logos",
    rows.length === 2 && rows.every((row) => row.querySelectorAll("li").length === CLIENT_LOGO_COUNT / 2),
  );
  check(
    route,
    `clients: ${CLIENT_LOGO_COUNT} logos with alt text`,
    (clients?.querySelectorAll("li img[alt]") ?? []).filter((img) => img.getAttribute("alt")).length ===
      CLIENT_LOGO_COUNT,
  );
  const contact = links(doc, "Contact us").find((a) => a.getAttribute("target") === "_blank");
  check(
    route,
    "'Contact us' opens the web-mail compose window in a new tab",
    !!contact && /^https:\/\//.test(contact.getAttribute("href") ?? ""),
  );
}

function checkService(route: string, doc: HTMLElement, spec: RouteSpec) {
  check(route, `h1 "${spec.h1}"`, text(doc.querySelector("h1")) === spec.h1, text(doc.querySelector("h1")));
  for (const value of spec.texts) check(route, `text "${value}"`, hasText(doc, value));
  if (spec.applications) {
    const items = doc.querySelectorAll("main li").map(text);
    const missing = spec.applications.filter((item) => !items.includes(item));
    check(route, `all ${spec.applications.length} areas of application`, missing.length === 0, missing.join(", "));
  }
  if (spec.slider) {
    check(
      route,
      "a product image slider",
      doc.querySelectorAll('main [aria-roledescription="carousel"] [aria-roledescription="slide"] img').length >= 2,
    );
  }
}

function checkConsultancyCards(doc: HTMLElement) {
  const cards = hrefs(doc, "Learn More");
  const servicePages = Object.keys(SERVICE_ROUTES).filter((r) => r !== "/consultancy");
  check(
    "/consultancy",
    "three service cards, each linking to a service page",
    cards.length === 3 && cards.every((href) => servicePages.includes(href ?? "")),
    cards.join(" "),
  );
  check("/consultancy", "a clients section", !!doc.querySelector(`#${SECTION_IDS.clients}`));
}

/** Every content/services/*.yaml file has its page, with its hero title and section headings. */
function checkContentPages() {
  const { files } = loadContent(root);
  for (const { data } of files.filter((f) => f.file.startsWith("content/services/"))) {
    const route = `/${data.slug}`;
    const doc = page(route);
    check(route, "page built from its content file", !!doc);
    if (!doc) continue;
    const hero = data.hero as { title: string };
    check(route, "h1 is the content's hero title", text(doc.querySelector("h1")) === hero.title);
    for (const section of data.sections as { type: string; title?: string; heading?: string }[]) {
      const heading = section.type === "statement" || section.type === "about" ? section.title : section.heading;
      if (heading)
        check(
          route,
          `section heading "${heading}"`,
          doc.querySelectorAll("main h2").some((h) => text(h) === heading),
        );
    }
  }
}

function main() {
  if (!fs.existsSync(publicDir)) {
    console.error("No public/ folder: run `npm run build` first.");
    process.exit(1);
  }
  for (const route of ["/", ...Object.keys(SERVICE_ROUTES), "/404"]) {
    const doc = page(route);
    check(route, "page exists in the build", !!doc);
    if (!doc) continue;
    checkEveryPage(route, doc);
    if (route === "/") checkHome(doc);
    if (SERVICE_ROUTES[route]) checkService(route, doc, SERVICE_ROUTES[route]);
    if (route === "/consultancy") checkConsultancyCards(doc);
    if (route === "/404") {
      for (const [, href] of SERVICE_MENU)
        check(route, `links to ${href}`, doc.querySelectorAll(`main a[href="${href}"]`).length > 0);
    }
  }
  checkContentPages();
  checkEditor();

  failures.forEach((line) => console.error(line));
  console.log(`built-html: ${passed} passed, ${failures.length} failed`);
  process.exit(failures.length ? 1 : 0);
}

main();
