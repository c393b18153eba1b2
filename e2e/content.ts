// What the browser tests expect, read from content/ through the build's own loader:
// the tests hold for whatever valid content staff write. Only what the schema fixes
// (4 hero slides, 10 logos) or the spec fixes in code (src/constants.ts) is not read here.
import path from "node:path";
import { slidePosition } from "../src/components/Carousel/slidePosition";
import { HERO_INTERVAL_MS, SLIDER_INTERVAL_MS, SLIDER_TRANSITION_MS } from "../src/constants";
import {
  clientsSchema,
  enquirySchema,
  homeSchema,
  serviceSchema,
  siteSchema,
  standardSchema,
} from "../src/schema/content";
import type { Data } from "../src/schema/fields";
import { formatProblems } from "../src/schema/report";
import { loadContent } from "../src/schema/load";
import { contentLanguagesOf, languagePages, type PlannedPage } from "../src/build/languagePages";
import { DEFAULT_LANGUAGE, type Language } from "../src/schema/languages";

const projectDir = path.resolve(__dirname, "..");

export type SiteContent = Data<typeof siteSchema.fields>;
export type HomeContent = Data<typeof homeSchema.fields>;
export type ClientsContent = Data<typeof clientsSchema.fields>;
export type ServiceContent = Data<typeof serviceSchema.fields>;
export type EnquiryContent = Data<typeof enquirySchema.fields>;
export type StandardContent = Data<typeof standardSchema.fields>;
export type Section = ServiceContent["sections"][number];

const { files, problems } = loadContent(projectDir);
if (problems.length) throw new Error(formatProblems(problems));
const data = (file: string) => files.find((f) => f.file === file)!.data;

export const site = data("content/site.yaml") as SiteContent;
export const home = data("content/home.yaml") as HomeContent;
export const clients = data("content/clients.yaml") as ClientsContent;
export const enquiry = data("content/enquiry.yaml") as EnquiryContent;
export const services = files
  .filter((f) => f.file.startsWith("content/services/"))
  .map((f) => f.data as ServiceContent);
export const standards = files
  .filter((f) => f.file.startsWith("content/standards/"))
  .map((f) => f.data as StandardContent);

/** The request-for-quote form's page and its privacy notice. */
export const quoteRoute = `/${enquiry.slug}`;
export const privacyRoute = `/${enquiry.privacy.slug}`;
/** Every page of the site: home, one per service and standard file, the quote form and its privacy notice. */
export const routes = [
  "/",
  ...services.map((s) => `/${s.slug}`),
  ...standards.map((s) => `/${s.slug}`),
  quoteRoute,
  privacyRoute,
];
export const serviceFor = (route: string) => services.find((s) => `/${s.slug}` === route);

/** The control labels staff may reword (content/site.yaml › labels). */
export const labels = site.labels;
/** "2 of 4", and "Go to slide 2 of 4" as the carousel's dots say it. */
export const slideOf = (current: number, total: number) => slidePosition(labels.slideOf, current, total);
export const goToSlide = (current: number, total: number) => `${labels.goToSlide} ${slideOf(current, total)}`;

export const heroInterval = home.hero.interval ?? HERO_INTERVAL_MS;

/** Every page's sections: the home page's (below its hero carousel), then each service page's. */
const pagesWithSections = [
  { route: "/", sections: home.sections, carouselsBefore: 1 },
  ...services.map((service) => ({ route: `/${service.slug}`, sections: service.sections, carouselsBefore: 0 })),
  ...standards.map((standard) => ({ route: `/${standard.slug}`, sections: standard.sections, carouselsBefore: 0 })),
];

/** Every product slider on every page, in page order, with its timing. */
export const sliders = pagesWithSections.flatMap(({ route, sections, carouselsBefore }) =>
  sections
    .flatMap((section) => (section.type === "productSlider" ? [section] : []))
    .map((slider, index) => ({
      route,
      /** Its place among the page's carousels. */
      index: carouselsBefore + index,
      count: slider.slides.length,
      interval: slider.interval ?? SLIDER_INTERVAL_MS,
      transitionTime: slider.transitionTime ?? SLIDER_TRANSITION_MS,
    })),
);

const topLevel = site.navigation.filter((item) => item.link);
/** Navigation items that link to sections of the home page. */
export const sectionLinks = topLevel
  .filter((item) => item.link!.startsWith("/#"))
  .map((item) => ({ label: item.label, id: item.link!.slice(2) }));
/** The first drop-down of the navigation bar, if any. */
export const dropdown = site.navigation.find((item) => item.children?.length);
/** Every label a visitor can see in the navigation (drop-down items included). */
export const navigationLabels = site.navigation.flatMap((item) => [
  item.label,
  ...(item.children ?? []).map((child) => child.label),
]);

/** The header's quote button's words: the navigation's item to the form, or else the form's own link label. */
export const quoteButtonLabel = site.navigation.find((item) => item.link === quoteRoute)?.label ?? enquiry.linkLabel;

// ---- Languages (issue 54): the build's own plan of which pages exist in which language.

/** Every page of the build in every language, as gatsby-node makes them (src/build/languagePages.ts). */
export const languagePagesBuilt = languagePages(contentLanguagesOf(files));
/** A standard's copy of the quote form: the form stands for it (its canonical address). */
export const isStandardForm = (page: PlannedPage) => page.template === "enquiry" && page.slug !== undefined;
/** The quote form for each standard, in each language, its specification filled in. */
export const standardForms = languagePagesBuilt.filter(isStandardForm);
/**
 * The pages a visitor can land on and search engines list (the 404 pages are reached by
 * a missing address; a standard's copy of the form is listed as the form).
 */
export const listedPages = languagePagesBuilt.filter((page) => page.template !== "notFound" && !isStandardForm(page));
/** The pages in a language other than English. */
export const translatedPages = listedPages.filter((page) => page.page.language !== DEFAULT_LANGUAGE);

/** A content file's data in a language: its translation where complete, else the English. */
export function contentIn<T>(file: string, language: Language): T {
  const loaded = files.find((f) => f.file === file)!;
  return (loaded.translations[language] ?? loaded.data) as T;
}

/** The main heading a planned page shows, from its content in its language. */
export function headingOf(planned: PlannedPage): string {
  const { language } = planned.page;
  const enquiryIn = contentIn<EnquiryContent>("content/enquiry.yaml", language);
  switch (planned.template) {
    case "home":
      return contentIn<SiteContent>("content/site.yaml", language).company.name;
    case "service":
      return contentIn<ServiceContent>(`content/services/${serviceFile(planned.slug!)}`, language).hero.title;
    case "standard":
      return standardBySlug(planned.slug!).designation;
    case "enquiry":
      return enquiryIn.heading;
    case "privacy":
      return enquiryIn.privacy.heading;
    case "estimate":
      return contentIn<{ heading: string }>("content/estimate.yaml", language).heading;
    case "notFound":
      return contentIn<SiteContent>("content/site.yaml", language).notFound.title;
  }
}

/** A standard page's English content (its designation is never translated). */
export const standardBySlug = (slug: string) => standards.find((standard) => standard.slug === slug)!;
/** The content file of the standard page at `slug`. */
export const standardFile = (slug: string) =>
  files.find((f) => f.file.startsWith("content/standards/") && f.data.slug === slug)!.file;

const serviceFile = (slug: string) =>
  path.basename(files.find((f) => f.file.startsWith("content/services/") && f.data.slug === slug)!.file);

/** A page's address in every language it is published in, its own first. */
export function inEveryLanguage(route: string): string[] {
  const planned = listedPages.find((page) => page.path === route);
  return [route, ...Object.values(planned?.page.alternates ?? {}).filter((path) => path !== route)];
}
