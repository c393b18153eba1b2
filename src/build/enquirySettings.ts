// Writes public/_enquiry/settings.json: what the enquiry service (server/enquiry/) reads
// from the live release, so it follows the published content and never the editor's
// working tree. nginx serves /_enquiry/ to no one (deploy/nginx/enquiry.conf).
import fs from "node:fs";
import path from "node:path";
import { OTHER_SERVICE } from "../enquiry/rules";
import { SETTINGS_FILE, type EnquirySettings, type TranslatedSettings } from "../enquiry/pages";
import { pathIn } from "../language/paths";
import { DEFAULT_LANGUAGE, type Language } from "../schema/languages";
import type { LoadedFile } from "../schema/types";
import { contentLanguagesOf, formLanguages, languagePages } from "./languagePages";
import type { Data } from "../schema/fields";
import type { enquirySchema, serviceSchema, siteSchema } from "../schema/content";
import { formatProblems } from "../schema/report";
import { loadContent } from "../schema/load";
import { publishedAddress } from "../schema/siteAddress";

type Enquiry = Data<typeof enquirySchema.fields>;
type Site = Data<typeof siteSchema.fields>;
type Service = Data<typeof serviceSchema.fields>;

/** The settings from loaded content (pure, for the tests). */
export function enquirySettings(
  enquiry: Enquiry,
  site: Site,
  services: Service[],
  siteUrl = publishedAddress(),
): EnquirySettings {
  const { questions, ...fixed } = enquiry.form;
  const labels = Object.fromEntries(Object.entries(fixed).map(([name, field]) => [name, field.label]));
  const { network: _network, summary, ...problems } = enquiry.problems;
  return {
    formPath: `/${enquiry.slug}`,
    from: site.email,
    siteUrl,
    companyName: site.company.name,
    subject: enquiry.delivery.subject,
    retentionDays: enquiry.delivery.retentionDays,
    services: [
      ...services.map((service) => ({ slug: service.slug, title: service.hero.title })),
      { slug: OTHER_SERVICE, title: enquiry.otherService },
    ],
    referenceLabel: enquiry.received.referenceLabel,
    labels,
    form: { ...fixed, questions: questions ?? [] },
    problems,
    summary,
  };
}

/** A translated form's settings: where it is and its words. */
export function translatedSettings(enquiry: Enquiry, language: Language): TranslatedSettings {
  const { questions, ...fixed } = enquiry.form;
  const { network: _network, summary, ...problems } = enquiry.problems;
  return {
    formPath: pathIn(language, `/${enquiry.slug}`),
    form: { ...fixed, questions: questions ?? [] },
    problems,
    summary,
  };
}

/** The settings of loaded content, with each language the form is published in. */
export function settingsFromContent(files: readonly LoadedFile[], siteUrl?: string): EnquirySettings {
  const data = (file: string) => files.find((loaded) => loaded.file === file)!.data;
  const services = files
    .filter((loaded) => loaded.file.startsWith("content/services/"))
    .map((loaded) => loaded.data as Service)
    .sort((a, b) => (a.slug < b.slug ? -1 : 1));
  const enquiry = files.find((loaded) => loaded.file === "content/enquiry.yaml")!;
  const settings = enquirySettings(enquiry.data as Enquiry, data("content/site.yaml") as Site, services, siteUrl);
  const translations = formLanguages(contentLanguagesOf(files))
    .filter((language) => language !== DEFAULT_LANGUAGE)
    .map((language) => [language, translatedSettings(enquiry.translations[language] as Enquiry, language)]);
  const desk = languagePages(contentLanguagesOf(files)).filter((page) => page.template === "estimate");
  return {
    ...settings,
    ...(translations.length ? { translations: Object.fromEntries(translations) } : {}),
    ...(desk.length ? { estimatePaths: Object.fromEntries(desk.map((page) => [page.page.language, page.path])) } : {}),
  };
}

export function writeEnquirySettings(projectDir: string, publicDir: string): void {
  const { files, problems } = loadContent(projectDir);
  if (problems.length) throw new Error(formatProblems(problems));
  const settings = settingsFromContent(files);
  const file = path.join(publicDir, SETTINGS_FILE);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, `${JSON.stringify(settings, null, 2)}\n`);
}
