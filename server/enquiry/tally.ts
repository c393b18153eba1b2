// The enquiries' tally: one line per enquiry stored, with the day, the page the buyer was
// on and the service asked about; no name, address, reference or time of day. It outlives
// the spool's retention (the owner's report counts enquiries per week over a year) and is
// readable by the report's user, where the spool is the enquiry service's alone.
import fs from "node:fs";
import path from "node:path";
import { VISITS_KEPT_DAYS } from "../../src/contract/visits";
import { dayKey } from "../lib/days";
import { PAGE_PATTERN } from "../../src/contract/enquiry";
import { writeFileAtomic } from "../lib/files";

export const TALLY_FILE = "tally.jsonl";

export interface TallyEntry {
  /** "2026-11-25", by the server's calendar. */
  day: string;
  /** The page before the form ("" when the browser did not say). */
  page: string;
  /** The service's slug as the form sent it ("" when none). */
  service: string;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const SLUG = /^[a-z0-9_-]{0,80}$/;

const valid = (entry: unknown): entry is TallyEntry => {
  const { day, page, service } = (entry ?? {}) as Record<string, unknown>;
  return (
    typeof day === "string" &&
    DAY.test(day) &&
    typeof page === "string" &&
    (page === "" || PAGE_PATTERN.test(page)) &&
    typeof service === "string" &&
    SLUG.test(service)
  );
};

/** A page's path without its query string or fragment, which may carry what a visitor typed. */
export const pathOf = (page: string) => page.replace(/[?#].*$/s, "");

/** Adds one enquiry to the tally in `dir` (readable by all: it holds no personal data). */
export function tallyEnquiry(dir: string, page: string, service: string, at = Date.now()): void {
  const entry: TallyEntry = { day: dayKey(at), page: pathOf(page), service: SLUG.test(service) ? service : "" };
  const fd = fs.openSync(path.join(dir, TALLY_FILE), "a", 0o644);
  try {
    fs.fchmodSync(fd, 0o644);
    fs.writeSync(fd, `${JSON.stringify(entry)}\n`);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

/** The tally's entries; a line that is not one (cut by a power cut, edited by hand) is left out. */
export function readTally(file: string): TallyEntry[] {
  let text: string;
  try {
    text = fs.readFileSync(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
  const entries: TallyEntry[] = [];
  for (const line of text.split("\n")) {
    if (!line) continue;
    try {
      const entry = JSON.parse(line) as unknown;
      // A line written before query strings were dropped is read without its own.
      if (valid(entry)) entries.push({ ...entry, page: pathOf(entry.page) });
    } catch {
      // not a line of ours
    }
  }
  return entries;
}

/** Drops entries older than the visits log is kept; returns how many. */
export function pruneTally(dir: string, now = Date.now()): number {
  const file = path.join(dir, TALLY_FILE);
  const entries = readTally(file);
  const oldest = dayKey(now - VISITS_KEPT_DAYS * 24 * 60 * 60_000);
  const kept = entries.filter((entry) => entry.day >= oldest);
  if (kept.length === entries.length) return 0;
  writeFileAtomic(file, kept.map((entry) => `${JSON.stringify(entry)}\n`).join(""), 0o644, true);
  return entries.length - kept.length;
}
