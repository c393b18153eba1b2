// Documents past their last valid day (a lapsed certificate): the page no longer offers
// them (src/sections/Documents), and content:check, content:validate and the publish
// status warn staff to upload the renewed one.
import { isCurrent } from "../sections/Documents/display";
import type { ContentWarning } from "./links";
import type { LoadedFile } from "./load";
import { dayOf } from "./validate";

/**
 * Today as the build sees it, "YYYY-MM-DD" in UTC: the same day Gatsby's buildTime names,
 * which the pages read.
 */
export const today = (now = new Date()) => now.toISOString().slice(0, 10);

interface DocumentsSection {
  type: string;
  documents?: { title: string; validUntil?: unknown }[];
}

/** One warning per document, on any page, whose last valid day is before `day`. */
export function expiredDocuments(files: readonly LoadedFile[], day: string): ContentWarning[] {
  return files.flatMap(({ file, data }) =>
    ((data.sections ?? []) as DocumentsSection[])
      .filter((section) => section.type === "documents")
      .flatMap((section) => section.documents ?? [])
      .flatMap((document) => {
        const validUntil = dayOf(document.validUntil);
        if (!validUntil || isCurrent(validUntil, day)) return [];
        const message = `"${document.title}" was valid until ${validUntil}: the page no longer offers it. Upload the renewed file and change its dates, or remove it`;
        return [{ file, message }];
      }),
  );
}
