// How a content file holds its languages: the English under `en:`, each translation's words
// under its own language (`de:`), in the one file, as the editor writes it (Decap's i18n,
// `single_file`). Everything that reads a content file's data goes through here.
import { DEFAULT_LANGUAGE, LANGUAGES, TRANSLATIONS, type Language } from "./languages";

export interface ByLanguage {
  english: unknown;
  /** The words of each translation the file holds (only words: translation.ts). */
  translations: Partial<Record<Language, unknown>>;
}

const isMapping = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const KEYS = Object.keys(LANGUAGES)
  .map((language) => `${language}:`)
  .join(", ");

/** A file's data split by language, or why it is not held that way (one sentence). */
export function byLanguage(data: unknown): ByLanguage | { problem: string } {
  if (!isMapping(data) || !(DEFAULT_LANGUAGE in data)) {
    return {
      problem: `must hold its English under "${DEFAULT_LANGUAGE}:" (written for an older version of the site? npm run content:migrate moves it there)`,
    };
  }
  const stray = Object.keys(data).filter((key) => !(key in LANGUAGES));
  if (stray.length) {
    return { problem: `holds ${stray.join(", ")} beside the languages: only ${KEYS} belong at the top` };
  }
  const translations = Object.fromEntries(
    TRANSLATIONS.filter((language) => data[language] !== undefined && data[language] !== null).map((language) => [
      language,
      data[language],
    ]),
  );
  return { english: data[DEFAULT_LANGUAGE], translations };
}

/** The English of a file's data, leniently (undefined when it is not held by language). */
export function englishOf(data: unknown): unknown {
  const split = byLanguage(data);
  return "problem" in split ? undefined : split.english;
}
