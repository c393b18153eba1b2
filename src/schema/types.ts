// The shapes the content checks hand each other (load.ts, links.ts, expiry.ts, report.ts),
// in a file of their own so that none of them imports another for a type.
import type { contentFiles } from "./content";
import type { Language } from "./languages";
import type { Problem } from "./validate";

export interface FileProblem extends Problem {
  /** The file, relative to the project, e.g. "content/site.yaml". */
  file: string;
}

export interface LoadedFile {
  file: string;
  /** Which kind of content file it is (contentFiles' `name`): its schema. */
  kind: (typeof contentFiles)[number]["name"];
  /** The English, which every page has. */
  data: Record<string, unknown>;
  /** The file's page in each language it is complete in: its words, the English's figures. */
  translations: Partial<Record<Language, Record<string, unknown>>>;
  /** What each other language lacks, so the page is not published in it (content:check lists it). */
  untranslated: Partial<Record<Language, Problem[]>>;
}

/** What does not stop the build but should be fixed, in one file. */
export interface ContentWarning {
  file: string;
  message: string;
}
