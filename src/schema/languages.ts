// The languages the site is written in. English is the content's own language: every
// page exists in it, and it states what is said once (figures, images, addresses). A
// translation holds only words (src/schema/translation.ts), and a page is published in
// it only where all of its words are there.

export const LANGUAGES = {
  // name: as the language switch offers it; inEnglish: as staff's messages name it.
  en: { name: "English", inEnglish: "English", locale: "en-IN" },
  de: { name: "Deutsch", inEnglish: "German", locale: "de-DE" },
} as const;

export type Language = keyof typeof LANGUAGES;

/** Whether a value names one of the site's languages. */
export const isLanguage = (value: unknown): value is Language =>
  typeof value === "string" && Object.prototype.hasOwnProperty.call(LANGUAGES, value);

/** The content's own language, at the site's addresses without a prefix. */
export const DEFAULT_LANGUAGE: Language = "en";

/** Every other language, each under its own prefix (/de/). */
export const TRANSLATIONS = (Object.keys(LANGUAGES) as Language[]).filter((language) => language !== DEFAULT_LANGUAGE);
