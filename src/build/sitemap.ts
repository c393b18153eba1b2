// The sitemap (gatsby-plugin-sitemap): every listed page with its twins in the other
// languages (xhtml:link hreflang), as search engines read a site in several languages.
import { ENQUIRY_FOLDER } from "../enquiry/pages";
import { pathIn, type PageLanguage } from "../language/paths";
import { DEFAULT_LANGUAGE, TRANSLATIONS } from "../schema/languages";
import { NOT_FOUND_PATH } from "./languagePages";

/** What the sitemap reads of each page: its address and the languages its context names. */
export const SITEMAP_QUERY = `
  {
    site {
      siteMetadata {
        siteUrl
      }
    }
    allSitePage {
      nodes {
        path
        pageContext
      }
    }
  }
`;

/**
 * No one's landing page: the pages the enquiry service fills (/_enquiry/), and the 404
 * page in every language (the plugin leaves out only the English one).
 */
export const SITEMAP_EXCLUDES = [
  `/${ENQUIRY_FOLDER}/**`,
  ...TRANSLATIONS.map((language) => pathIn(language, NOT_FOUND_PATH)),
];

interface SitemapPage {
  path: string;
  pageContext?: (Partial<PageLanguage> & { unlisted?: boolean }) | null;
}

/** Every page but those another page stands for (a standard's copy of the quote form). */
export const sitemapPages = (data: { allSitePage: { nodes: SitemapPage[] } }) =>
  data.allSitePage.nodes.filter((page) => !page.pageContext?.unlisted);

/** One page's entry: its address, and its twins (itself included) where it has any. */
export function serializeSitemapPage(page: SitemapPage) {
  const twins = Object.entries(page.pageContext?.alternates ?? {});
  const english = page.pageContext?.alternates?.[DEFAULT_LANGUAGE];
  const links =
    twins.length > 1
      ? [...twins.map(([lang, url]) => ({ lang, url })), ...(english ? [{ lang: "x-default", url: english }] : [])]
      : [];
  return { url: page.path, ...(links.length ? { links } : {}) };
}
