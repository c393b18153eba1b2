// `npm run spec:check`: the specification's acceptance, in one hand-written table.
// Each row cites the section of the spec it comes from and checks the shipped build
// (public/, and the content it was built from) for the spec's own texts, ids and numbers.
// Content belongs to the staff, who may reword it: inside `npm test` this reports
// deviations from the spec without failing; `npm run spec:check -- --strict` fails on any
// (for the launch checklist, beside `npm run content:check -- --strict`).
import fs from "node:fs";
import path from "node:path";
import type { HTMLElement } from "node-html-parser";
import {
  CLIENT_LOGO_COUNT,
  CLIENT_LOGOS_PER_ROW,
  HERO_INTERVAL_MS,
  HERO_SLIDE_COUNT,
  SCROLL_TOP_THRESHOLD_PX,
  SLIDER_INTERVAL_MS,
  SLIDER_TRANSITION_MS,
  TRANSITION_MS,
} from "../src/constants";
import { home, services, site } from "../e2e/content";
import { hrefs, page, publicDir, text } from "./lib/builtPages";

const strict = process.argv.includes("--strict");

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
const SERVICE_MENU = [
  ["Soft & Colour Anodising", "/soft_anodizing"],
  ["Hard Anodising", "/hard_anodizing"],
  ["Passivation / Conversion Coating", "/conversion_coating"],
  ["Consultancy", "/consultancy"],
];

interface Row {
  /** Where the spec says it. */
  spec: string;
  route: string;
  what: string;
  ok: (doc: HTMLElement) => boolean;
}

const lower = (doc: HTMLElement) => text(doc.querySelector("body") ?? doc).toLowerCase();
const says = (value: string) => (doc: HTMLElement) => lower(doc).includes(value.toLowerCase());
const h1 = (value: string) => (doc: HTMLElement) => text(doc.querySelector("h1")) === value;
const listItems = (doc: HTMLElement) => doc.querySelectorAll("main li").map((li) => text(li).toLowerCase());
const lists = (items: string[]) => (doc: HTMLElement) => items.every((i) => listItems(doc).includes(i.toLowerCase()));
const links = (name: string, targets: string[]) => (doc: HTMLElement) => hrefs(doc, name).join() === targets.join();
const nav = (name: string, href: string) => (doc: HTMLElement) =>
  hrefs(doc.querySelector("header nav") ?? doc, name).includes(href);
const slider = (slug: string) =>
  services.find((s) => s.slug === slug)?.sections.flatMap((s) => (s.type === "productSlider" ? [s] : []))[0];
const always = () => true;

const rows: Row[] = [
  // §2 Screens and routes
  ...["/", "/anodizing", "/consultancy", "/hard_anodizing", "/soft_anodizing", "/conversion_coating"].map((route) => ({
    spec: "§2 routes",
    route,
    what: "the page exists",
    ok: always,
  })),
  ...["home", "aboutUs", "clients", "footer"].map((id) => ({
    spec: "§2 routes",
    route: "/",
    what: `an element with id ${id}`,
    ok: (doc: HTMLElement) => !!doc.querySelector(`#${id}`),
  })),
  {
    spec: "§2 routes",
    route: "/",
    what: "sections in order: about us, services, facilities, applications, certificates, clients (others after them)",
    ok: () =>
      home.sections
        .slice(0, 6)
        .map((s) => s.type)
        .join() === "about,serviceCards,points,applications,points,clients" &&
      home.sections[0].anchor === "aboutUs" &&
      home.sections[5].anchor === "clients",
  },
  { spec: "§2 routes", route: "/anodizing", what: "hero titled Anodising", ok: h1("Anodising") },
  { spec: "§2 routes", route: "/consultancy", what: "hero 'Consultancy Services'", ok: h1("Consultancy Services") },
  { spec: "§2 routes", route: "/consultancy", what: "'what we provide'", ok: says("what we provide") },
  {
    spec: "§2 routes",
    route: "/consultancy",
    what: "three service cards, each linking to its service page",
    ok: (doc) => doc.querySelectorAll("main a").filter((a) => text(a).startsWith("Learn More")).length === 3,
  },
  {
    spec: "§2 routes",
    route: "/soft_anodizing",
    what: "hero 'Soft & Color Anodising'",
    ok: h1("Soft & Color Anodising"),
  },
  {
    spec: "§2 routes",
    route: "/hard_anodizing",
    what: "advantages of hard anodising",
    ok: says("Advantages of hard anodising"),
  },
  // §2 Home page details
  {
    spec: "§2 home page",
    route: "/",
    what: "hero slides: the welcome, Anodising, Conversion & Passivation, Consultancy",
    ok: () =>
      /welcome/i.test(home.hero.slides[0].title) &&
      home.hero.slides
        .slice(1)
        .map((s: { title: string }) => s.title)
        .join("|") === "Anodising|Conversion & Passivation|Consultancy",
  },
  { spec: "§2 home page", route: "/", what: "'What do we provide?'", ok: says("What do we provide?") },
  { spec: "§2 home page", route: "/", what: "'Our Services'", ok: says("Our Services") },
  {
    spec: "§2 home page",
    route: "/",
    what: "'Learn More' to /anodizing, /conversion_coating, /consultancy",
    ok: links("Learn More", ["/anodizing", "/conversion_coating", "/consultancy"]),
  },
  {
    spec: "§2 home page",
    route: "/",
    what: "'Know more!' to /hard_anodizing and /soft_anodizing",
    ok: links("Know more!", ["/hard_anodizing", "/soft_anodizing"]),
  },
  { spec: "§2 home page", route: "/", what: "'our clients'", ok: says("our clients") },
  {
    spec: "§2 home page",
    route: "/",
    what: "'We did a great job with these companies. You can be next to work-with.'",
    ok: says("We did a great job with these companies. You can be next to work-with."),
  },
  {
    spec: "§2 home page",
    route: "/",
    what: "a 'Contact us' button opening a web-mail compose window",
    ok: (doc) => doc.querySelectorAll("main a[target=_blank]").some((a) => text(a).startsWith("Contact us")),
  },
  // §2 Navigation bar
  ...[
    ["Home", "/"],
    ["About us", "/#aboutUs"],
    ...SERVICE_MENU,
    ["Our Clients", "/#clients"],
    ["Contact us", "/#footer"],
  ].map(([name, href]) => ({
    spec: "§2 navigation bar",
    route: "/",
    what: `'${name}' to ${href}`,
    ok: nav(name, href),
  })),
  {
    spec: "§2 navigation bar",
    route: "/",
    what: "a 'Services' drop-down",
    ok: (doc) => !!doc.querySelectorAll("header nav button").find((b) => text(b) === "Services"),
  },
  // §2 Footer
  {
    spec: "§2 footer",
    route: "/",
    what: "three named contact persons with phone numbers",
    ok: (doc) => site.contacts.length === 3 && doc.querySelectorAll('footer a[href^="tel:"]').length === 3,
  },
  {
    spec: "§2 footer",
    route: "/",
    what: "Unit I and Unit II",
    ok: (doc) => says("Unit I")(doc) && says("Unit II")(doc),
  },
  // §1 copy and application lists
  ...["30 to 150 microns", "colour shade", "600HV"].map((value) => ({
    spec: "§1 hard anodising copy",
    route: "/hard_anodizing",
    what: `'${value}'`,
    ok: says(value),
  })),
  ...[
    "Hexavalent-chromium free",
    "liquid concentrate",
    "GSB",
    "QUALICOAT",
    "Low electrical resistance",
    "not exposed to the weather",
    "RoHS",
    "Trivalent",
  ].map((value) => ({
    spec: "§1 conversion coating copy",
    route: "/conversion_coating",
    what: `'${value}'`,
    ok: says(value),
  })),
  ...["/hard_anodizing", "/soft_anodizing", "/conversion_coating"].map((route) => ({
    spec: "§1 application lists",
    route,
    what: "the ten general areas of application",
    ok: lists(GENERAL_APPLICATIONS),
  })),
  {
    spec: "§1 application lists",
    route: "/hard_anodizing",
    what: "the ten further areas for hard anodising",
    ok: lists(HARD_APPLICATIONS),
  },
  ...["10 years", "export", "Unit I", "Unit II", "GST"].map((value) => ({
    spec: "§1 company claims",
    route: "/",
    what: `'${value}'`,
    ok: says(value),
  })),
  // §8 Error catalogue
  {
    spec: "§8 error catalogue",
    route: "/",
    what: "'Unexpected Application Error!' in the site's script",
    ok: () =>
      fs
        .readdirSync(publicDir)
        .filter((name) => name.endsWith(".js"))
        .some((name) => fs.readFileSync(path.join(publicDir, name), "utf8").includes("Unexpected Application Error!")),
  },
  // §9 Business constants and limits (content may override the per-slider ones)
  {
    spec: "§9 constants",
    route: "/",
    what: "scroll-to-top threshold 500 px",
    ok: () => SCROLL_TOP_THRESHOLD_PX === 500,
  },
  { spec: "§9 constants", route: "/", what: "4 hero slides", ok: () => HERO_SLIDE_COUNT === 4 },
  {
    spec: "§9 constants",
    route: "/",
    what: "hero slide interval 2000 ms",
    ok: () => (home.hero.interval ?? HERO_INTERVAL_MS) === 2000,
  },
  {
    spec: "§9 constants",
    route: "/",
    what: "10 client logos, 5 + 5",
    ok: () => CLIENT_LOGO_COUNT === 10 && CLIENT_LOGOS_PER_ROW === 5,
  },
  ...["hard_anodizing", "soft_anodizing"].map((slug) => ({
    spec: "§9 constants",
    route: `/${slug}`,
    what: "slider autoplay 1500 ms",
    ok: () => (slider(slug)?.interval ?? SLIDER_INTERVAL_MS) === 1500,
  })),
  {
    spec: "§9 constants",
    route: "/conversion_coating",
    what: "slider 2000 ms transition, 3000 ms autoplay",
    ok: () =>
      (slider("conversion_coating")?.transitionTime ?? SLIDER_TRANSITION_MS) === 2000 &&
      (slider("conversion_coating")?.interval ?? SLIDER_INTERVAL_MS) === 3000,
  },
  { spec: "§9 constants", route: "/", what: "collapse and fade 300 ms", ok: () => TRANSITION_MS === 300 },
];

const deviations: string[] = [];
for (const row of rows) {
  const doc = page(row.route);
  let ok = false;
  try {
    ok = !!doc && row.ok(doc);
  } catch {
    ok = false;
  }
  if (!ok) deviations.push(`  ${row.spec}, ${row.route}: ${row.what}${doc ? "" : " (no such page)"}`);
}

const met = rows.length - deviations.length;
if (deviations.length) {
  console.log(`The shipped site differs from the spec in ${deviations.length} place(s):`);
  deviations.forEach((line) => console.log(line));
}
console.log(
  `spec check: ${met} of ${rows.length} requirements met${strict ? "" : " (report only; --strict fails on any deviation)"}`,
);
process.exit(strict && deviations.length ? 1 : 0);
