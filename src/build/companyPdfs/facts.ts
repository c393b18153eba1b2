// What the capability statement and the supplier data sheet say, read from loaded content
// in one language (its translation where complete, else the English, as the site does):
// plain data, so a test checks it without drawing a PDF.
import { openingHoursText } from "../../components/Footer/openingHours";
import { localLink, type PageLanguage } from "../../language/paths";
import { isCurrent } from "../../sections/Documents/display";
import type { capabilitySchema, homeSchema, serviceSchema, siteSchema, standardSchema } from "../../schema/content";
import type { Data } from "../../schema/fields";
import type { Language } from "../../schema/languages";
import type { LoadedFile } from "../../schema/types";
import { dayOf } from "../../schema/validate";

export type CapabilityWords = Data<typeof capabilitySchema.fields>;

export interface CompanyFacts {
  language: Language;
  name: string;
  legalName: string | null;
  tagline: string;
  description: string;
  website: string;
  email: string;
  gstin: string;
  /** India's PAN, inside the GSTIN (its 3rd to 12th characters). */
  pan: string;
  areaServed: string[];
  /** The languages the company answers in, named in this language. */
  languages: string[];
  services: { title: string; text: string | null; facts: string[]; url: string }[];
  standards: { designation: string; offered: string[]; url: string }[];
  plants: { name: string; address: string; hours: string | null }[];
  certificates: { title: string; validUntil: string | null }[];
  contacts: { name: string; role: string | null; phone: string }[];
}

type Site = Data<typeof siteSchema.fields>;
type Service = Data<typeof serviceSchema.fields>;
type Standard = Data<typeof standardSchema.fields>;
type Page = Data<typeof homeSchema.fields> | Service;
type Section = Page["sections"][number];

/** The file's page in `language`: its translation where complete, else its English. */
const inLanguage = <T>(file: LoadedFile, language: Language) => (file.translations[language] ?? file.data) as T;

/**
 * The facts in `language`, for a site at `siteUrl` whose pages in that language are
 * `page.published`. `today` ("YYYY-MM-DD") leaves out lapsed certificates, as the site does.
 */
export function companyFacts(
  files: readonly LoadedFile[],
  page: PageLanguage,
  siteUrl: string,
  today: string,
): CompanyFacts {
  const { language } = page;
  const one = (kind: LoadedFile["kind"]) => files.find((file) => file.kind === kind)!;
  const all = (kind: LoadedFile["kind"]) => files.filter((file) => file.kind === kind);
  const url = (path: string) => new URL(localLink(path, page), siteUrl).href;
  const site = inLanguage<Site>(one("site"), language);
  const names = new Intl.DisplayNames([language], { type: "language" });
  const pages = [one("home"), ...all("services")];
  return {
    language,
    name: site.company.name,
    legalName: site.company.legalName ?? null,
    tagline: site.company.tagline,
    description: site.company.description,
    website: url("/"),
    email: site.email,
    gstin: site.gstin,
    pan: String(site.gstin).slice(2, 12),
    areaServed: site.company.areaServed ?? [],
    languages: (page.siteLanguages ?? [language]).map((code) => names.of(code) ?? code),
    services: all("services")
      .map((file) => inLanguage<Service>(file, language))
      .map((service) => ({
        title: service.hero.title,
        text: service.hero.text ?? null,
        facts: service.hero.facts ?? [],
        url: url(`/${service.slug}`),
      })),
    standards: all("standards")
      .map((file) => inLanguage<Standard>(file, language))
      .map((standard) => ({
        designation: standard.designation,
        offered: standard.offered.items.map((item) => item.designation),
        url: url(`/${standard.slug}`),
      })),
    plants: site.units.map((unit) => ({
      name: unit.name,
      address: String(unit.address).replace(/,?\s*\n\s*/g, ", "),
      hours: unit.hours?.length ? openingHoursText(unit.hours, language) : null,
    })),
    certificates: pages
      .flatMap((file) => inLanguage<Page>(file, language).sections)
      .flatMap((section: Section) => (section.type === "documents" ? section.documents : []))
      .map((document) => ({ title: document.title, validUntil: dayOf(document.validUntil ?? null) }))
      .filter((document) => isCurrent(document.validUntil, today)),
    contacts: site.contacts.map((contact) => ({
      name: contact.name,
      role: contact.role ?? null,
      phone: contact.phone,
    })),
  };
}
