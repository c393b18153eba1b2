// Rewrites the content/ of the project folder given (a throw-away clone: never this
// checkout) with awkward but valid values: an ampersand, an apostrophe and Devanagari in
// names, long names, two contacts, other intervals and labels, OpenStreetMap's embed for
// the map, a retitled slide and one more service page; and a German edition of every file
// but the new page's (umlauts in every word). scripts/alternate-content-check.sh
// then runs the whole test suite on it, to show the tests hold for any valid content.
// Generic on purpose: it works on whatever content the clone holds.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseYaml, stringifyYaml } from "../src/schema/yaml";
import { formatProblems } from "../src/schema/report";
import { loadContent } from "../src/schema/load";
import { DEFAULT_LANGUAGE } from "../src/schema/languages";
import { contentFiles } from "../src/schema/content";
import { wordsOf } from "../src/schema/translation";
import { gstinChecksumProblem } from "../src/schema/patterns";

type Data = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const dir = path.resolve(process.argv[2] ?? "");
// Only ever a throw-away copy: a folder under the system's temporary folder.
if (!process.argv[2] || !dir.startsWith(fs.realpathSync(os.tmpdir()) + path.sep)) {
  console.error("Usage: tsx scripts/alternate-content.ts <a copy of the project under the temporary folder>");
  process.exit(2);
}
const file = (name: string) => path.join(dir, "content", name);
/** Changes a file's English (`en:`); its other languages stay as they are. */
const edit = (name: string, change: (data: Data) => void) => {
  const data = parseYaml(fs.readFileSync(file(name), "utf8")) as Data;
  change(data[DEFAULT_LANGUAGE]);
  fs.writeFileSync(file(name), stringifyYaml(data));
};

/** A valid GSTIN other than any placeholder: the check character is computed. */
function gstin(prefix: string) {
  const chars = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
  return [...chars].map((c) => prefix + c).find((candidate) => !gstinChecksumProblem(candidate))!;
}

const COMPANY = "Śrī Gaṇeśa & O'Brien Surface Finishers (श्री गणेश सरफेस फिनिशर्स) Private Limited";
const services = fs
  .readdirSync(file("services"))
  .filter((name) => name.endsWith(".yaml"))
  .sort();
const NEW_SLUG = "powder_coating_and_other_finishes";

edit("site.yaml", (site) => {
  site.company.name = COMPANY;
  site.company.shortName = "O'Brien & Gaṇeśa";
  site.gstin = gstin("29ABCDE1234F1Z");
  site.email = "sales.enquiries@o-brien-finishers.co.in";
  site.contacts = [
    { name: "Ānanya D'Souza & Team", role: "Sales & export", phone: "+91 (20) 2712-3456" },
    { name: "रमेश पाटील", phone: "+91 98220 12345" },
  ];
  site.units = site.units.map((_unit: Data, i: number) => ({
    name: `Plant ${String.fromCharCode(65 + i)} — "Ōm" works`,
    address: `Survey No. ${100 + i}, O'Brien Lane & Main Road,\nपुणे 41150${i}, Maharashtra`,
  }));
  site.map = {
    title: "OpenStreetMap: Plant A & its neighbourhood",
    embedUrl: "https://www.openstreetmap.org/export/embed.html?bbox=73.80%2C18.70%2C73.90%2C18.80&layer=mapnik",
  };
  site.webmail.label = "Write to O'Brien & Co.";
  site.webmail.url = "https://mail.example.org/compose?to=sales.enquiries%40o-brien-finishers.co.in";
  for (const item of site.navigation) {
    if (item.link === "/#aboutUs") item.label = "Who we are & what we do";
    if (item.children) {
      item.label = "What we finish";
      item.children.push({ label: "Powder coating & other finishes", link: `/${NEW_SLUG}` });
    }
  }
  site.labels.goToSlide = "Show slide";
  site.labels.slideOf = "{current} / {total}";
  site.labels.openMenu = "Menu — open";
  site.labels.closeMenu = "Menu — close";
  site.labels.scrollToTop = "Up to the top ↑";
  site.labels.pause = "Stop the pictures";
  site.labels.play = "Start the pictures";
  site.labels.mainNavigation = "Site menu";
  site.footer.gstinLabel = "GST No.";
  site.notFound.title = "That page isn't here";
});

edit("home.yaml", (home) => {
  home.hero.interval = 2600;
  home.hero.slides[0].title = `Welcome to ${COMPANY}`;
  home.hero.slides[1].title = "Anodising — अनोडायझिंग & more";
  for (const section of home.sections) {
    if (section.type === "about") section.title = "Twelve years' finishing for India & abroad";
  }
  // Staff reorder and reuse sections on the home page too: the applications first, and
  // a product slider (an interactive section) taken from a service page before the clients.
  const at = home.sections.findIndex((section: Data) => section.type === "applications");
  if (at > 0) home.sections.unshift(...home.sections.splice(at, 1));
  const slider = services
    .map((name) => (parseYaml(fs.readFileSync(file(`services/${name}`), "utf8")) as Data)[DEFAULT_LANGUAGE] as Data)
    .flatMap((service) => service.sections)
    .find((section: Data) => section.type === "productSlider");
  // Twenty questions, some in Devanagari, and a long process.
  home.sections.push({
    type: "faq",
    title: "Questions & answers — प्रश्न",
    questions: Array.from({ length: 20 }, (_, i) => ({
      question:
        i % 2
          ? `प्रश्न ${i + 1}: क्या यह काम करता है?`
          : `Question ${i + 1}: what about O'Brien's "special" parts & alloys?`,
      answer: `Answer ${i + 1}.\n\nA second paragraph — उत्तर ${i + 1}.`,
    })),
  });
  home.sections.push({
    type: "steps",
    title: "Twelve steps — चरण",
    steps: Array.from({ length: 12 }, (_, i) => ({
      title: `Step ${i + 1} (चरण ${i + 1})`,
      duration: i % 3 ? undefined : `${i + 1} days`,
    })),
  });
  // Certificates: one lapsed (left out of the page, warned about), long and Devanagari
  // titles, one without dates; and a second block whose every document lapsed (the
  // page leaves out the whole block).
  fs.mkdirSync(file("documents"), { recursive: true });
  fs.copyFileSync(
    path.join(dir, "__tests__/fixtures/content/services/documents/current.pdf"),
    file("documents/alt.pdf"),
  );
  const labels = { issued: "Issued on", validUntil: "Good until — तक" };
  home.sections.push({
    type: "documents",
    anchor: "certificates-and-datasheets",
    title: "Certificates & datasheets — प्रमाणपत्र",
    labels,
    documents: [
      { title: "ISO 9001:2015 (lapsed)", file: "documents/alt.pdf", issued: "1999-01-01", validUntil: "2001-01-01" },
      {
        title: "QUALANOD licence for O'Brien's \"Plant A\" — गुणवत्ता प्रमाणपत्र, a rather long title for a phone",
        file: "documents/alt.pdf",
        issued: "2024-02-29",
        validUntil: "2999-12-31",
      },
      { title: "RoHS declaration", file: "documents/alt.pdf" },
    ],
  });
  home.sections.push({
    type: "documents",
    title: "Old certificates",
    labels: { ...labels },
    documents: [{ title: "Expired", file: "documents/alt.pdf", validUntil: "2000-12-31" }],
  });
  if (slider) {
    // Image paths are relative to the file that names them.
    const slides = slider.slides.map((slide: Data) => ({ ...slide, image: `services/${slide.image}` }));
    home.sections.splice(home.sections.length - 1, 0, { ...slider, slides, title: "Parts we finished — नमुने" });
  }
});

edit("clients.yaml", (clients) => {
  clients.title = "Who we've worked with";
  clients.logos.forEach((logo: Data, i: number) => (logo.name = `Client “${i + 1}” & Sons (ग्राहक ${i + 1})`));
});

services.forEach((name, i) =>
  edit(`services/${name}`, (service) => {
    // A long specification table, with Devanagari and long values, on every service page.
    service.sections.push({
      type: "capabilities",
      title: "Capabilities — क्षमता",
      columns: { property: "What", value: "How much", unit: "Unit", standard: "Standard" },
      groups: Array.from({ length: 4 }, (_, g) => ({
        heading: g ? `Group ${g + 1} (समूह)` : undefined,
        rows: Array.from({ length: 10 }, (_, r) => ({
          property: `Property ${g * 10 + r + 1}: a rather long property name for a narrow phone`,
          value: r % 2 ? "MIL-A-8625 Type III, Class 1 and Class 2, undyed and dyed" : `${(r + 1) * 100}`,
          unit: r % 3 ? "µm" : undefined,
          standard: r % 4 ? undefined : "ISO 7599 / QUALANOD",
        })),
      })),
    });
    // A colour card with the palest and darkest shades (their names still read) and
    // photos where the page has some.
    const photos = service.sections
      .flatMap((section: Data) => (section.type === "productSlider" ? section.slides : []))
      .map((slide: Data) => slide.image);
    const swatches = ["#ffffff", "#000000", "#fafafa", "#0b3a5b", "#ff0000", "#c8a24a", "#777777"];
    service.sections.push({
      type: "colours",
      title: "Colours — रंग",
      colours: Array.from({ length: 15 }, (_, c) => ({
        name: c % 2 ? `रंग ${c + 1}` : `Shade ${c + 1}: a long colour name such as "Champagne & bronze"`,
        swatch: swatches[c % swatches.length],
        photo: c % 4 === 1 ? photos[c % Math.max(photos.length, 1)] : undefined,
        note: c % 3 ? undefined : "Outdoor & indoor — बाहर",
      })),
    });
    for (const section of service.sections) {
      if (section.type !== "productSlider") continue;
      section.interval = 1700 + 100 * i;
      section.transitionTime = 450;
    }
  }),
);

// The quote form elsewhere, in other words, and the navigation following it.
const QUOTE_SLUG = "ask-o-brien-for-a-price";
edit("enquiry.yaml", (enquiry) => {
  const old = `/${enquiry.slug}`;
  enquiry.slug = QUOTE_SLUG;
  enquiry.privacy.slug = "your-data_and-us";
  enquiry.linkLabel = "Ask O'Brien & Co. for a price";
  enquiry.heading = "Prices & lead times — दर";
  enquiry.form.name.label = "Name & surname";
  enquiry.problems.required = "Don't leave this empty, please.";
  enquiry.delivery.retentionDays = 7;
  edit("site.yaml", (site) => {
    for (const item of site.navigation) if (item.link === old) item.link = `/${QUOTE_SLUG}`;
  });
});

// A German edition of every file: each word with umlauts (its figures, placeholders and
// Type/Class numerals as they are).
const umlauts = (text: string) =>
  text.replace(/\{[^}]*\}|\b(?:Type|Class)\b|[aou]/g, (match) => ({ a: "ä", o: "ö", u: "ü" })[match] ?? match);
for (const kind of contentFiles) {
  // Each file of the kind: a folder's files, or the one file (an optional one may be missing).
  const folder = kind.glob.split("/")[0];
  const names = kind.glob.includes("*")
    ? fs.existsSync(file(folder))
      ? fs
          .readdirSync(file(folder))
          .filter((name) => name.endsWith(".yaml"))
          .map((name) => `${folder}/${name}`)
      : []
    : fs.existsSync(file(kind.glob))
      ? [kind.glob]
      : [];
  for (const name of names) {
    const data = parseYaml(fs.readFileSync(file(name), "utf8")) as Data;
    data.de = wordsOf(kind.schema, data[DEFAULT_LANGUAGE], umlauts);
    fs.writeFileSync(file(name), stringifyYaml(data));
  }
}

// One more page, from the first service file, in English only: its German pages link to it.
const first = parseYaml(fs.readFileSync(file(`services/${services[0]}`), "utf8")) as Data;
first[DEFAULT_LANGUAGE].slug = NEW_SLUG;
first[DEFAULT_LANGUAGE].hero.title = "Powder coating & other finishes (पावडर कोटिंग)";
delete first.de;
fs.writeFileSync(file(`services/${NEW_SLUG}.yaml`), stringifyYaml(first));

const { problems, files } = loadContent(dir);
if (problems.length) {
  console.error(formatProblems(problems));
  process.exit(1);
}
const german = files.filter((loaded) => loaded.translations.de).length;
console.log(
  `alternate content written and valid: ${files.length} files (${german} complete in German), ${services.length + 1} service pages`,
);
