// The content check's result, as data for programs and as lines for people.
import { expiredDocuments, lapsingDocuments, nextContentChange, today } from "./expiry";
import { missingAnchors, unlinkedPages } from "./links";
import { unplacedPlants } from "./plants";
import type { ContentWarning, FileProblem, LoadedFile } from "./types";

/** The validator's result as data (`content:validate --report FILE`), for programs to read. */
export interface ContentReport {
  valid: boolean;
  /** The content files checked, relative to the project. */
  files: string[];
  problems: FileProblem[];
  /** What does not stop the build but should be fixed (a page nothing links to, a link to no section, a lapsed or lapsing certificate). */
  warnings: ContentWarning[];
  /** The first later day a build would differ (a document lapses or its warning starts); null when none. */
  nextChange: string | null;
}

/** The report on loaded content; `day` ("YYYY-MM-DD") is the day documents must still be valid on. */
export const contentReport = (
  loaded: { files: LoadedFile[]; problems: FileProblem[] },
  day = today(),
): ContentReport => ({
  valid: loaded.problems.length === 0,
  files: loaded.files.map((file) => file.file),
  problems: loaded.problems,
  warnings:
    loaded.problems.length === 0
      ? [
          ...unlinkedPages(loaded.files),
          ...missingAnchors(loaded.files),
          ...unplacedPlants(loaded.files),
          ...expiredDocuments(loaded.files, day),
          ...lapsingDocuments(loaded.files, day),
        ]
      : [],
  nextChange: loaded.problems.length === 0 ? nextContentChange(loaded.files, day) : null,
});

/** A warning as one line: "content/services/x.yaml: no link leads to …". */
export const formatWarning = (warning: ContentWarning) => `${warning.file}: ${warning.message}`;

/** One message for people: every problem on its own line, file first. */
export function formatProblems(problems: FileProblem[]): string {
  const lines = problems.map((p) => `  ${p.file} › ${p.field}: ${p.message}`);
  const count = problems.length === 1 ? "1 problem" : `${problems.length} problems`;
  return `The content has ${count}, so the site was not built. Fix ${problems.length === 1 ? "it" : "them"} and build again:\n${lines.join("\n")}`;
}
