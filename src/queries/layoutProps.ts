import type { LayoutProps } from "../components/Layout";

/**
 * The navigation, footer and labels every page is framed with, from content/site.yaml (and
 * the form's link); the printed address is the published one (the operator's SITE_URL).
 */
export function layoutProps(
  site: Queries.PageShellQuery["siteYaml"] & object,
  enquiry: Queries.PageShellQuery["enquiryYaml"] & object,
  siteUrl: string,
  pathname: string,
) {
  const { company, labels } = site;
  const quote = { label: enquiry.linkLabel, path: `/${enquiry.slug}` };
  return {
    navbar: {
      logo: company.logo,
      companyName: company.shortName,
      items: site.navigation,
      currentPath: pathname,
      quote,
      printed: { companyName: company.name, siteUrl: siteUrl.replace(/\/+$/, "") },
      labels,
    },
    footer: {
      logo: company.logo,
      companyName: company.name,
      email: site.email,
      gstin: site.gstin,
      units: site.units,
      contacts: site.contacts,
      map: site.map,
      quote,
      wording: site.footer,
    },
    labels,
  } satisfies Omit<LayoutProps, "children">;
}
