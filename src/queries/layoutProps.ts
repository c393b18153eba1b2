import type { LayoutProps } from "../components/Layout";

/** The navigation, footer and labels every page is framed with, from content/site.yaml (and the form's link). */
export function layoutProps(
  site: Queries.PageShellQuery["siteYaml"] & object,
  enquiry: Queries.PageShellQuery["enquiryYaml"] & object,
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
      printed: { companyName: company.name, siteUrl: site.url.replace(/\/+$/, "") },
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
