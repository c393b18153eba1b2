// The pages the enquiry service fills and the settings it reads, at fixed addresses in
// every release (gatsby-node writes them; nginx serves /_enquiry/ only internally, to
// its own error pages). Shared by the build and server/enquiry/.
import { DEFAULT_LANGUAGE, type Language } from "../schema/languages";
import type { FormWords } from "./rules";

export const ENQUIRY_FOLDER = "_enquiry";
/** The build's settings for the service: how long enquiries are kept, the words of the e-mail (where they go is the operator's ENQUIRY_TO). */
export const SETTINGS_FILE = `${ENQUIRY_FOLDER}/settings.json`;

/** Pages shown instead of the form, each at /_enquiry/<name> (its index.html). */
export const NOTICES = {
  received: `/${ENQUIRY_FOLDER}/received`,
  unavailable: `/${ENQUIRY_FOLDER}/unavailable`,
  tooLarge: `/${ENQUIRY_FOLDER}/too-large`,
  tooMany: `/${ENQUIRY_FOLDER}/too-many`,
} as const;
export type Notice = keyof typeof NOTICES;

/** A notice in a language: a translation's at /_enquiry/<language>/<name>. */
export function noticePath(notice: Notice, language: Language = DEFAULT_LANGUAGE): string {
  if (language === DEFAULT_LANGUAGE) return NOTICES[notice];
  return NOTICES[notice].replace(`/${ENQUIRY_FOLDER}/`, `/${ENQUIRY_FOLDER}/${language}/`);
}

/** A language's form: where it is and its words (its names and answers are the English's). */
export interface TranslatedSettings {
  formPath: string;
  form: FormWords;
  problems: Record<string, string>;
  summary: string;
}

/** Where the received page shows the enquiry's reference. */
export const REFERENCE_ID = "enquiry-reference";
/** Where the form page lists the problems with what was sent. */
export const SUMMARY_ID = "enquiry-problems";
/** The quote form's note that the estimate desk's figures go with the request (shown by the service without JavaScript). */
export const ESTIMATE_NOTE_ID = "enquiry-estimate-note";
/** The quote form's hidden field that carries the estimate desk's figures (src/estimate/carry.ts), and its most characters. */
export const ESTIMATE_FIELD = "estimate";
export const MAX_ESTIMATE_CHARS = 2000;

/** What the build tells the service (the live release's SETTINGS_FILE). */
export interface EnquirySettings {
  /** The form's page, e.g. "/request-a-quote". */
  formPath: string;
  /** The company's own address, the e-mails' sender unless ENQUIRY_FROM says otherwise. */
  from: string;
  /** The published site's address: the e-mail links to the enquiry in the staff's inbox there. */
  siteUrl: string;
  companyName: string;
  subject: string;
  retentionDays: number;
  /** The choices of the service field: slug and title, "other" last. */
  services: { slug: string; title: string }[];
  /** The words before the reference, in the e-mail as on the thank-you page. */
  referenceLabel: string;
  /** Each fixed field's label, for the e-mail's lines. */
  labels: Record<string, string>;
  /** The form's words as content has them: the fields the service checks (rules.ts formFields). */
  form: FormWords;
  /** The problems' words, for the form page returned with them. */
  problems: Record<string, string>;
  summary: string;
  /** Each other language the form is published in (none in a release built before them). */
  translations?: Partial<Record<Language, TranslatedSettings>>;
  /** The estimate desk's page in each language it is published in (none: the site has no desk). */
  estimatePaths?: Partial<Record<Language, string>>;
}
