// Documents past their last valid day (a lapsed certificate): the page no longer offers
// them (src/sections/Documents), and content:check, content:validate and the publish
// status warn staff to upload the renewed one, from LAPSE_WARNING_DAYS before. The day the
// content's warnings or pages next change (nextContentChange) tells the server's daily
// republish whether a build would change anything.
import { isCurrent } from "../sections/Documents/display";
import type { ContentWarning, LoadedFile } from "./types";
import { dayOf } from "./validate";

import { today } from "./today";

export { today };

interface DocumentsSection {
  type: string;
  documents?: { title: string; validUntil?: unknown }[];
}

/** Staff are warned this many days before a document's last valid day. */
export const LAPSE_WARNING_DAYS = 14;

const DAY_MS = 86_400_000;
/** "YYYY-MM-DD" plus `days` (negative: before). */
const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** Every document's last valid day, with its file and title. */
function lastValidDays(files: readonly LoadedFile[]): { file: string; title: string; validUntil: string }[] {
  return files.flatMap(({ file, data }) =>
    ((data.sections ?? []) as DocumentsSection[])
      .filter((section) => section.type === "documents")
      .flatMap((section) => section.documents ?? [])
      .flatMap((document) => {
        const validUntil = dayOf(document.validUntil);
        return validUntil ? [{ file, title: document.title, validUntil }] : [];
      }),
  );
}

/** One warning per document still offered on `day` whose last valid day is less than LAPSE_WARNING_DAYS away. */
export function lapsingDocuments(files: readonly LoadedFile[], day: string): ContentWarning[] {
  return lastValidDays(files)
    .filter(({ validUntil }) => isCurrent(validUntil, day) && addDays(validUntil, -LAPSE_WARNING_DAYS) < day)
    .map(({ file, title, validUntil }) => ({
      file,
      message: `"${title}" is valid until ${validUntil}: the page stops offering it after that day. Upload the renewed file and change its dates before then`,
    }));
}

/**
 * The first day after `day` on which a build would differ: a document lapses (the day after
 * its last valid day) or its warning starts. null when no date lies ahead.
 */
export function nextContentChange(files: readonly LoadedFile[], day: string): string | null {
  const days = lastValidDays(files)
    .flatMap(({ validUntil }) => [addDays(validUntil, 1), addDays(validUntil, 1 - LAPSE_WARNING_DAYS)])
    .filter((candidate) => candidate > day)
    .sort();
  return days[0] ?? null;
}

/** One warning per document, on any page, whose last valid day is before `day`. */
export function expiredDocuments(files: readonly LoadedFile[], day: string): ContentWarning[] {
  return lastValidDays(files)
    .filter(({ validUntil }) => !isCurrent(validUntil, day))
    .map(({ file, title, validUntil }) => ({
      file,
      message: `"${title}" was valid until ${validUntil}: the page no longer offers it. Upload the renewed file and change its dates, or remove it`,
    }));
}
