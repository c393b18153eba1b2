// schema.org descriptions of the company and its pages, as JSON-LD for search engines:
// what Google still reads in 2026 (Organization, one LocalBusiness per location with its
// own @id, WebPage, Service, BreadcrumbList). Written at build, into each page's context
// (gatsby-node), so no visitor's browser loads the code that writes it; Seo puts it in
// the page's head. scripts/check-structured-data.ts checks every built page's against
// the schema.org vocabulary.
import { telHref } from "../components/Footer/telHref";
import { WEEKDAYS, type Weekday } from "../constants";
import { LANGUAGES, type Language } from "../schema/languages";
import type { LoadedFile } from "../schema/types";
import type { PlannedPage } from "./languagePages";

/** A plant as content describes it; the parts after `address` are optional. */
export interface PlantFacts {
  name: string;
  address: string;
  locality?: string | null;
  postalCode?: string | null;
  region?: string | null;
  country?: string | null;
  latitude?: number | null;
  longitude?: number | null;
  hours?: readonly { days: readonly string[]; opens: string; closes: string }[] | null;
}

export interface SiteFacts {
  url: string;
  company: {
    name: string;
    legalName?: string | null;
    description: string;
    areaServed?: readonly string[] | null;
  };
  logoUrl: string | null;
  email: string;
  gstin: string;
  units: readonly PlantFacts[];
  contacts: readonly { name: string; role?: string | null; phone: string }[];
}

type Json = Record<string, unknown>;

const absolute = (url: string, path: string) => new URL(path, url).href;
export const organizationId = (site: SiteFacts) => absolute(site.url, "/#organization");
/** A plant's own @id: the home page's address and the plant's name ("/#plant-unit-i"). */
export const plantId = (site: SiteFacts, plant: { name: string }) =>
  absolute(
    site.url,
    `/#plant-${plant.name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "")}`,
  );
const phone = (value: string) => telHref(value).slice("tel:".length);
/** India's PAN, the tax number inside every GSTIN (its 3rd to 12th characters). */
const panOf = (gstin: string) => gstin.slice(2, 12);

/** The street lines of a printed address: every line but those holding the town or the country. */
function postalAddress(plant: PlantFacts): Json {
  const flat = plant.address.replace(/,?\s*\n\s*/g, ", ");
  if (!plant.locality || !plant.postalCode)
    return { "@type": "PostalAddress", streetAddress: flat, addressCountry: plant.country ?? "IN" };
  const lines = plant.address.split(/\n/).map((line) => line.trim().replace(/,$/, ""));
  const street = lines.filter((line) => !line.includes(plant.postalCode!) && !line.includes(plant.locality!));
  return {
    "@type": "PostalAddress",
    streetAddress: (street.length > 0 ? street : lines).join(", "),
    addressLocality: plant.locality,
    postalCode: plant.postalCode,
    ...(plant.region ? { addressRegion: plant.region } : {}),
    addressCountry: plant.country ?? "IN",
  };
}

const isWeekday = (day: string): day is Weekday => (WEEKDAYS as readonly string[]).includes(day);

/** The plant's opening hours, one specification per line of content. */
const openingHours = (plant: PlantFacts) =>
  (plant.hours ?? []).map((time) => ({
    "@type": "OpeningHoursSpecification",
    dayOfWeek: time.days.filter(isWeekday).map((day) => `https://schema.org/${day}`),
    opens: time.opens,
    closes: time.closes,
  }));

/** Where the company delivers: content's list, or the countries of its plants. */
const areaServed = (site: SiteFacts) =>
  site.company.areaServed?.length
    ? [...site.company.areaServed]
    : [...new Set(site.units.map((unit) => unit.country ?? "IN"))];

/**
 * The company, with each plant as a LocalBusiness of its own; its contacts answer in the
 * languages the site is published in.
 */
export function organization(site: SiteFacts, languages: readonly Language[] = ["en"]): Json[] {
  const availableLanguage = languages.map((language) => LANGUAGES[language].inEnglish);
  const id = organizationId(site);
  return [
    {
      "@type": "Organization",
      "@id": id,
      name: site.company.name,
      ...(site.company.legalName ? { legalName: site.company.legalName } : {}),
      description: site.company.description,
      url: absolute(site.url, "/"),
      ...(site.logoUrl ? { logo: site.logoUrl } : {}),
      email: site.email,
      // The GSTIN is India's VAT number; the PAN inside it is the company's tax number.
      vatID: site.gstin,
      taxID: panOf(site.gstin),
      areaServed: areaServed(site),
      address: site.units.map(postalAddress),
      location: site.units.map((unit) => ({ "@id": plantId(site, unit) })),
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
      "@id": plantId(site, unit),
      name: `${site.company.name}, ${unit.name}`,
      parentOrganization: { "@id": id },
      address: postalAddress(unit),
      ...(unit.latitude != null && unit.longitude != null
        ? { geo: { "@type": "GeoCoordinates", latitude: unit.latitude, longitude: unit.longitude } }
        : {}),
      ...(unit.hours?.length ? { openingHoursSpecification: openingHours(unit) } : {}),
      email: site.email,
      telephone: phone(site.contacts[0]?.phone ?? ""),
      url: absolute(site.url, "/"),
      ...(site.logoUrl ? { image: site.logoUrl } : {}),
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

/**
 * A service page: the Service itself, named by the page's title and of the kind its
 * heading names ("Hard Anodising"), and where the page sits in the site.
 */
export function servicePage(
  site: SiteFacts,
  page: { title: string; serviceType: string; description: string; pathname: string },
): Json[] {
  const url = absolute(site.url, page.pathname);
  return [
    {
      "@type": "Service",
      "@id": `${url}#service`,
      name: page.title,
      serviceType: page.serviceType,
      description: page.description,
      url,
      provider: { "@id": organizationId(site) },
      availableChannel: site.units.map((unit) => ({
        "@type": "ServiceChannel",
        serviceLocation: { "@id": plantId(site, unit) },
      })),
      areaServed: areaServed(site),
    },
    {
      "@type": "BreadcrumbList",
      itemListElement: [
        { "@type": "ListItem", position: 1, name: site.company.name, item: absolute(site.url, "/") },
        { "@type": "ListItem", position: 2, name: page.serviceType, item: url },
      ],
    },
  ];
}

/** One JSON-LD document, safe inside a <script> element. */
export const jsonLd = (graph: Json[]) =>
  JSON.stringify({ "@context": "https://schema.org", "@graph": graph }).replace(/</g, "\\u003c");

type Page = { title: string; description: string; hero?: { title: string } };

/**
 * The JSON-LD of a planned page: the company and its plants, the page in its language,
 * and on a service page its Service; none for other pages. Read from the loaded content
 * in the page's language (its translation where complete, else the English).
 */
export function pageStructuredData(
  files: readonly LoadedFile[],
  planned: PlannedPage,
  siteUrl: string,
  logoUrl: string | null,
): string | null {
  if (planned.template !== "home" && planned.template !== "service") return null;
  const { language } = planned.page;
  const inLanguage = <T>(file: LoadedFile) => (file.translations[language] ?? file.data) as T;
  const site = inLanguage<Omit<SiteFacts, "url" | "logoUrl">>(files.find((file) => file.kind === "site")!);
  const facts: SiteFacts = {
    url: siteUrl,
    company: site.company,
    logoUrl,
    email: site.email,
    gstin: site.gstin,
    units: site.units,
    contacts: site.contacts,
  };
  const pageFile =
    planned.template === "home"
      ? files.find((file) => file.kind === "home")
      : files.find((file) => file.kind === "services" && file.data.slug === planned.slug);
  if (!pageFile) return null;
  const content = inLanguage<Page>(pageFile);
  const name = facts.company.name;
  const title = content.title === name ? content.title : `${content.title} | ${name}`;
  const page = { title, description: content.description, pathname: planned.path, language };
  return jsonLd([
    ...organization(facts, planned.page.siteLanguages ?? [language]),
    webPage(facts, page),
    ...(planned.template === "service"
      ? servicePage(facts, { ...page, title: content.title, serviceType: content.hero?.title ?? content.title })
      : []),
  ]);
}
