// Where a page lives in each language, and where a link on a page leads. English is at
// the site's own addresses; a translation's twin of a page is under its prefix (/de/...).
import { DEFAULT_LANGUAGE, type Language } from "../schema/languages";

/** What a page knows of its languages (gatsby-node puts it in every page's context). */
export interface PageLanguage {
  language: Language;
  /** The page's address in each language it is published in (itself included). */
  alternates: Partial<Record<Language, string>>;
  /** Every page published in this page's language, so links can lead to them. */
  published: string[];
  /** The languages the site is published in (its home page's): the company answers in them. */
  siteLanguages?: Language[];
}

/** A page's address in a language: "/hard_anodizing" is "/de/hard_anodizing" in German. */
export function pathIn(language: Language, path: string): string {
  if (language === DEFAULT_LANGUAGE) return path;
  return path === "/" ? `/${language}` : `/${language}${path}`;
}

/** The quote form for one standard, its specification filled in: "/request-a-quote/mil-prf-8625". */
export const standardQuotePath = (formSlug: string, standardSlug: string) => `/${formSlug}/${standardSlug}`;

/** An English page outside any language plan (the editor's preview, unit tests). */
export const ENGLISH_PAGE: PageLanguage = { language: DEFAULT_LANGUAGE, alternates: {}, published: [] };

/**
 * Where a link from content leads on this page: links are written once, in English
 * ("/soft_anodizing#prices"); on a German page one leads to the German twin when it is
 * published, and to the English page otherwise. Other links are left as they are.
 */
export function localLink(link: string, page: PageLanguage): string {
  if (page.language === DEFAULT_LANGUAGE || !link.startsWith("/") || link.startsWith("//")) return link;
  const [address, hash] = link.split("#", 2);
  const [path, search] = address.split("?", 2);
  const twin = pathIn(page.language, path || "/");
  if (!page.published.includes(twin)) return link;
  return `${twin}${search === undefined ? "" : `?${search}`}${hash === undefined ? "" : `#${hash}`}`;
}

/** One node per slug: the one in `language` where there is one, else the English. */
export function oneBySlug<T extends { slug: string; language: string }>(nodes: readonly T[], language: Language): T[] {
  const bySlug = new Map<string, T>();
  for (const node of nodes) {
    if (node.language === language || (node.language === DEFAULT_LANGUAGE && !bySlug.has(node.slug)))
      bySlug.set(node.slug, node);
  }
  return [...bySlug.values()];
}
