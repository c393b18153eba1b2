// Which pages the build makes, in which languages, at which addresses. English makes
// every page; a translation makes a page only where that page's own file and the files
// every page is framed with (site, enquiry, clients) are complete in it
// (src/build/contentNodes.ts makes a node only for a complete language). gatsby-node
// builds from this plan, and the browser tests read it to know which pages exist.
import { DEFAULT_LANGUAGE, type Language } from "../schema/languages";
import type { LoadedFile } from "../schema/types";
import { pathIn, standardQuotePath, type PageLanguage } from "../language/paths";

/** The languages each content file is complete in, with the addresses it chooses. */
export interface ContentLanguages {
  site: Language[];
  home: Language[];
  clients: Language[];
  enquiry: { slug: string; privacySlug: string; languages: Language[] };
  services: { slug: string; languages: Language[] }[];
  standards: { slug: string; languages: Language[] }[];
  /** The estimate desk (content/estimate.yaml), when content has one. */
  estimate?: { slug: string; languages: Language[] };
}

export type Template = "home" | "service" | "standard" | "enquiry" | "privacy" | "estimate" | "notFound";

export interface PlannedPage {
  template: Template;
  path: string;
  /**
   * The content's slug: a service's or a standard's page finds its content by it; the
   * quote form with a standard's slug is that standard's form (its specification filled).
   */
  slug?: string;
  page: PageLanguage;
}

/** The not-found page's address; nginx answers unknown addresses with it (deploy/nginx). */
export const NOT_FOUND_PATH = "/404";

export function languagePages(content: ContentLanguages): PlannedPage[] {
  const framed = (languages: Language[]) =>
    languages.filter(
      (language) =>
        language === DEFAULT_LANGUAGE ||
        (content.site.includes(language) &&
          content.enquiry.languages.includes(language) &&
          content.clients.includes(language)),
    );
  const pages: { template: Template; path: string; slug?: string; languages: Language[] }[] = [
    { template: "home", path: "/", languages: framed(content.home) },
    ...content.services.map((service) => ({
      template: "service" as const,
      path: `/${service.slug}`,
      slug: service.slug,
      languages: framed(service.languages),
    })),
    ...content.standards.map((standard) => ({
      template: "standard" as const,
      path: `/${standard.slug}`,
      slug: standard.slug,
      languages: framed(standard.languages),
    })),
    { template: "enquiry", path: `/${content.enquiry.slug}`, languages: framed(content.enquiry.languages) },
    // "Request a quote to this standard": the form, its specification filled, in the
    // languages both the form and the standard's page are in.
    ...content.standards.map((standard) => ({
      template: "enquiry" as const,
      path: standardQuotePath(content.enquiry.slug, standard.slug),
      slug: standard.slug,
      languages: framed(content.enquiry.languages).filter((language) => standard.languages.includes(language)),
    })),
    { template: "privacy", path: `/${content.enquiry.privacySlug}`, languages: framed(content.enquiry.languages) },
    ...(content.estimate
      ? [
          {
            template: "estimate" as const,
            path: `/${content.estimate.slug}`,
            languages: framed(content.estimate.languages),
          },
        ]
      : []),
    { template: "notFound", path: NOT_FOUND_PATH, languages: framed(content.site) },
  ];
  const withEnglish = pages.map((page) => ({
    ...page,
    languages: page.languages.includes(DEFAULT_LANGUAGE) ? page.languages : [DEFAULT_LANGUAGE, ...page.languages],
  }));
  // The site is in a language when its home page is.
  const siteLanguages = withEnglish.find((page) => page.template === "home")!.languages;
  const published = (language: Language) =>
    withEnglish.filter((page) => page.languages.includes(language)).map((page) => pathIn(language, page.path));
  return withEnglish.flatMap(({ languages, ...page }) => {
    // Every page names its twins; the 404 pages' heads leave them out (noindex: PageHead).
    const alternates = Object.fromEntries(languages.map((language) => [language, pathIn(language, page.path)]));
    return languages.map((language) => ({
      ...page,
      path: pathIn(language, page.path),
      page: { language, alternates, published: published(language), siteLanguages },
    }));
  });
}

/** The languages of loaded content (src/schema/load.ts): the same plan, outside Gatsby. */
export function contentLanguagesOf(files: readonly LoadedFile[]): ContentLanguages {
  const languages = (file: LoadedFile | undefined): Language[] =>
    file ? [DEFAULT_LANGUAGE, ...(Object.keys(file.translations) as Language[])] : [];
  const one = (kind: LoadedFile["kind"]) => files.find((file) => file.kind === kind);
  const enquiry = one("enquiry")?.data as { slug: string; privacy: { slug: string } } | undefined;
  if (!enquiry) throw new Error("content/enquiry.yaml was not loaded.");
  const desk = one("estimate");
  return {
    site: languages(one("site")),
    home: languages(one("home")),
    clients: languages(one("clients")),
    enquiry: { slug: enquiry.slug, privacySlug: enquiry.privacy.slug, languages: languages(one("enquiry")) },
    services: pagesOf(files, "services", languages),
    standards: pagesOf(files, "standards", languages),
    ...(desk ? { estimate: { slug: String(desk.data.slug), languages: languages(desk) } } : {}),
  };
}

/** A folder's pages by slug, with their languages. */
const pagesOf = (
  files: readonly LoadedFile[],
  kind: "services" | "standards",
  languages: (file: LoadedFile) => Language[],
) =>
  files
    .filter((file) => file.kind === kind)
    .map((file) => ({ slug: String(file.data.slug), languages: languages(file) }))
    .sort((a, b) => (a.slug < b.slug ? -1 : 1));

/** The languages the request-for-quote form is published in, English first. */
export const formLanguages = (content: ContentLanguages): Language[] =>
  languagePages(content)
    .filter((page) => page.template === "enquiry" && !page.slug)
    .map((page) => page.page.language);
