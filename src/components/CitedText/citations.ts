// Where a text names a standard the company has a page for ("ISO 7599, MIL-A-8625 Type
// III"): the pieces of the text, each name found in it paired with its page's address.

/** A standard's page and every name it goes by (its designation and older aliases). */
export interface CitedStandard {
  slug: string;
  names: readonly string[];
  /** The service pages that work to it. */
  services?: readonly string[];
}

export type Piece = { text: string; slug?: string };

const escape = (name: string) => name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * Splits `text` at each name of a standard: the longest name first ("MIL-PRF-8625F" before
 * "MIL-PRF-8625"), and only where it stands as a word of its own ("ISO 7599" is not found
 * in "ISO 75990").
 */
export function citations(text: string, standards: readonly CitedStandard[]): Piece[] {
  const names = standards
    .flatMap((standard) => standard.names.filter(Boolean).map((name) => ({ name, slug: standard.slug })))
    .sort((a, b) => b.name.length - a.name.length);
  if (names.length === 0) return [{ text }];
  const pattern = new RegExp(`(?<![\\w-])(${names.map((entry) => escape(entry.name)).join("|")})(?![\\w-])`, "gi");
  const pieces: Piece[] = [];
  let at = 0;
  for (const match of text.matchAll(pattern)) {
    const found = names.find((entry) => entry.name.toLowerCase() === match[0].toLowerCase())!;
    if (match.index! > at) pieces.push({ text: text.slice(at, match.index) });
    pieces.push({ text: match[0], slug: found.slug });
    at = match.index! + match[0].length;
  }
  if (at < text.length) pieces.push({ text: text.slice(at) });
  return pieces;
}
