// What a section's built-HTML check is given (scripts/check-build.ts runs every one on every
// page that has that section): the page, as parsed once, and tools bound to the page's
// route. Types only and plain reading: a section's schema.ts holds its check beside its
// fields, and stays safe for any bundle that reads the schema.
import type { HTMLElement } from "node-html-parser";

/** A built page as each of its sections' checks reads it. */
export interface BuiltPage {
  route: string;
  doc: HTMLElement;
  /** The text of every list item in the page's main part, squashed. */
  items: string[];
  /** The text of the page's main part, squashed. */
  body: string;
}

/** A section's teaser, or a card: a link with its words. */
interface LinkWords {
  link: string;
  linkLabel: string;
}

export interface CheckTools {
  /** One check of the page: `got` says what was found instead. */
  check(what: string, ok: boolean, got?: string): void;
  /** One check that names what it did not find. */
  noneMissing(what: string, missing: string[]): void;
  /** Text with its white space squashed, as the page's text is compared. */
  squash(value: string): string;
  /** An element's text, squashed ("" for none). */
  text(element: HTMLElement | null | undefined): string;
  /** Where the links whose text is `name` go. */
  hrefs(name: string): (string | undefined)[];
  /** The teaser's link, when there is one. */
  teaser(teaser: LinkWords | null | undefined): void;
  /** The clients' logos (content/clients.yaml): the section with `anchor`, or the one headed as they are. */
  clients(anchor: string | undefined): void;
  /** Each current document linked by its built file's address, with type and size; no lapsed one. */
  documents(section: DocumentsOf): void;
}

/** What the documents tool reads of a documents section. */
export interface DocumentsOf {
  title: string;
  documents: readonly { title: string; file: string; validUntil?: string }[];
}

/** What a built page must show of one section of this kind, beyond its heading. */
export type SectionCheck<S> = (page: BuiltPage, section: S, tools: CheckTools) => void;
