import type { SeoProps } from "../components/Seo";

/** The site-wide facts every page's head needs, from the PageHead fragment. */
export const siteForSeo = (site: Queries.PageHeadFragment): SeoProps["site"] => ({
  ...site,
  themeColor: site.company.themeColor,
  logoUrl: site.company.logo.publicURL ? new URL(site.company.logo.publicURL, site.url).href : null,
});
