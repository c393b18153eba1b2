// Whether a document is offered, and what its link and dates read: plain functions, for
// the component, the content check and the built-HTML check alike. Nothing from the
// schema here: this file goes to visitors' browsers.

const KB = 1024;
const MB = KB * KB;

/**
 * "PDF, 420 KB", "PDF, 2.4 MB": what a link fetches, before a visitor on a phone taps it.
 * Just "PDF" for 0, the editor's preview, which does not know the size.
 */
export function fileLabel(bytes: number): string {
  if (bytes <= 0) return "PDF";
  const size = bytes < MB ? `${Math.max(1, Math.round(bytes / KB))} KB` : `${(bytes / MB).toFixed(1)} MB`;
  return `PDF, ${size}`;
}

/** "31 March 2027": the day a content date names, in the words an export buyer reads the same. */
export function dayLabel(day: string): string {
  const [year, month, date] = day.split("-").map(Number);
  return new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }).format(
    new Date(Date.UTC(year, month - 1, date)),
  );
}

/**
 * Whether a document is still valid on `today` (both "YYYY-MM-DD"): valid through the
 * day it names. The page offers only valid ones; content:check warns about the others.
 */
export const isCurrent = (validUntil: string | null | undefined, today: string) => !validUntil || validUntil >= today;
