import type { LayoutProps } from "../components/Layout";
import { localLink, type PageLanguage } from "../language/paths";
import type { Language } from "../schema/languages";

type Site = Queries.PageShellDataFragment["siteYaml"] & object;
type Enquiry = Queries.PageShellDataFragment["enquiryYaml"] & object;

/**
 * The navigation, footer and labels every page is framed with, from content/site.yaml (and
 * the form's link), in the page's language: its links lead to pages in that language where
 * they exist (localLink), and the menu offers the page's twins. The printed address is the
 * published one (the operator's SITE_URL).
 */
export function layoutProps(site: Site, enquiry: Enquiry, siteUrl: string, pathname: string, page: PageLanguage) {
  const { company, labels } = site;
  const local = (link: string) => localLink(link, page);
  const quote = { label: enquiry.linkLabel, path: local(`/${enquiry.slug}`) };
  const homePath = local("/");
  const items = site.navigation.map((item) => ({
    label: item.label,
    link: item.link ? local(item.link) : item.link,
    children: item.children?.map((child) => ({ label: child.label, link: local(child.link) })),
  }));
  const languages = (Object.entries(page.alternates) as [Language, string][])
    .filter(([language]) => language !== page.language)
    .map(([language, path]) => ({ language, path }));
  return {
    navbar: {
      logo: company.logo,
      companyName: company.shortName,
      items,
      currentPath: pathname,
      quote,
      printed: { companyName: company.name, siteUrl: siteUrl.replace(/\/+$/, "") },
      labels,
      homePath,
      languages,
    },
    footer: {
      logo: company.logo,
      companyName: company.name,
      email: site.email,
      gstin: site.gstin,
      // Each plant's hours as words, worked out at build (gatsby-node's createResolvers).
      units: site.units.map((unit, index) => ({ ...unit, hours: site.openingHours?.[index] ?? null })),
      contacts: site.contacts,
      map: site.map,
      quote,
      wording: site.footer,
      homePath,
    },
    labels,
  } satisfies Omit<LayoutProps, "children">;
}
