// schema.org descriptions of the company and its pages, as JSON-LD for search engines.
import { LANGUAGES, type Language } from "../../schema/languages";
import { telHref } from "../Footer";

export interface SiteFacts {
  url: string;
  company: { name: string; description: string };
  logoUrl: string | null;
  email: string;
  gstin: string;
  units: readonly { name: string; address: string }[];
  contacts: readonly { name: string; role?: string | null; phone: string }[];
}

type Json = Record<string, unknown>;

const absolute = (url: string, path: string) => new URL(path, url).href;
export const organizationId = (site: SiteFacts) => absolute(site.url, "/#organization");
const phone = (value: string) => telHref(value).slice("tel:".length);

/**
 * The company, with each plant as a LocalBusiness of its own; its contacts answer in the
 * languages the site is published in.
 */
export function organization(site: SiteFacts, languages: readonly Language[] = ["en"]): Json[] {
  const availableLanguage = languages.map((language) => LANGUAGES[language].inEnglish);
  const id = organizationId(site);
  const address = (text: string) => ({
    "@type": "PostalAddress",
    streetAddress: text.replace(/,?\s*\n\s*/g, ", "),
    addressCountry: "IN",
  });
  return [
    {
      "@type": "Organization",
      "@id": id,
      name: site.company.name,
      description: site.company.description,
      url: absolute(site.url, "/"),
      ...(site.logoUrl ? { logo: site.logoUrl } : {}),
      email: site.email,
      taxID: site.gstin,
      address: site.units.map((unit) => address(unit.address)),
      contactPoint: site.contacts.map((contact) => ({
        "@type": "ContactPoint",
        name: contact.name,
        telephone: phone(contact.phone),
        email: site.email,
        contactType: contact.role ?? "customer service",
        availableLanguage,
      })),
    },
    ...site.units.map((unit) => ({
      "@type": "LocalBusiness",
      "@id": absolute(site.url, `/#${unit.name.toLowerCase().replace(/\W+/g, "-")}`),
      name: `${site.company.name}, ${unit.name}`,
      parentOrganization: { "@id": id },
      address: address(unit.address),
      email: site.email,
      telephone: phone(site.contacts[0]?.phone ?? ""),
      url: absolute(site.url, "/"),
    })),
  ];
}

/** The page itself, in its language. */
export function webPage(
  site: SiteFacts,
  page: { title: string; description: string; pathname: string; language: Language },
): Json {
  const url = absolute(site.url, page.pathname);
  return {
    "@type": "WebPage",
    "@id": url,
    url,
    name: page.title,
    description: page.description,
    inLanguage: page.language,
    isPartOf: { "@type": "WebSite", url: absolute(site.url, "/"), name: site.company.name },
    about: { "@id": organizationId(site) },
  };
}

/** A service page: the Service itself and where it sits in the site. */
export function servicePage(site: SiteFacts, page: { title: string; description: string; pathname: string }): Json[] {
  const url = absolute(site.url, page.pathname);
  return [
    {
      "@type": "Service",
      name: page.title,
      description: page.description,
      url,
      provider: { "@id": organizationId(site) },
      areaServed: "IN",
    },
    {
      "@type": "BreadcrumbList",
      itemListElement: [
        { "@type": "ListItem", position: 1, name: site.company.name, item: absolute(site.url, "/") },
        { "@type": "ListItem", position: 2, name: page.title, item: url },
      ],
    },
  ];
}

/** One JSON-LD document, safe inside a <script> element. */
export const jsonLd = (graph: Json[]) =>
  JSON.stringify({ "@context": "https://schema.org", "@graph": graph }).replace(/</g, "\\u003c");
