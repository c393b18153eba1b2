// The enquiries' tally: one line per enquiry stored, with the day, the page the buyer was
// on and the service asked about; and one per estimate the desk gave (issue 73), with the
// day, its process, standard and language. No name, address, figure, reference or time
// of day: an estimate not sent keeps nothing of the buyer. It outlives
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

/** One estimate the desk gave: what the owner's report counts of it. */
export interface EstimateEntry {
  day: string;
  estimate: {
    /** The process's service slug. */
    process: string;
    /** The standard's slug ("" when none was chosen). */
    standard: string;
    /** The desk's language ("en", "de"). */
    language: string;
  };
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const SLUG = /^[a-z0-9_-]{0,80}$/;
const LANGUAGE = /^[a-z]{2}$/;

const validEstimate = (entry: unknown): entry is EstimateEntry => {
  const { day, estimate } = (entry ?? {}) as Record<string, unknown>;
  const { process, standard, language } = (estimate ?? {}) as Record<string, unknown>;
  return (
    typeof day === "string" &&
    DAY.test(day) &&
    typeof process === "string" &&
    process !== "" &&
    SLUG.test(process) &&
    typeof standard === "string" &&
    SLUG.test(standard) &&
    typeof language === "string" &&
    LANGUAGE.test(language)
  );
};

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
  append(dir, { day: dayKey(at), page: pathOf(page), service: SLUG.test(service) ? service : "" });
}

/** Adds one estimate to the tally in `dir`; one that is not of the shape is refused. */
export function tallyEstimate(dir: string, estimate: EstimateEntry["estimate"], at = Date.now()): void {
  const entry: EstimateEntry = { day: dayKey(at), estimate };
  if (!validEstimate(entry)) throw new Error(`not an estimate to count: ${JSON.stringify(estimate)}`);
  append(dir, entry);
}

function append(dir: string, entry: TallyEntry | EstimateEntry): void {
  const fd = fs.openSync(path.join(dir, TALLY_FILE), "a", 0o644);
  try {
    fs.fchmodSync(fd, 0o644);
    fs.writeSync(fd, `${JSON.stringify(entry)}\n`);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

/** Each line of the tally that is JSON; a line that is not (cut by a power cut, edited by hand) is left out. */
function readLines(file: string): unknown[] {
  let text: string;
  try {
    text = fs.readFileSync(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
  return text.split("\n").flatMap((line) => {
    if (!line) return [];
    try {
      return [JSON.parse(line) as unknown];
    } catch {
      return []; // not a line of ours
    }
  });
}

/** The tally's enquiries; a line that is not one is left out. */
export function readTally(file: string): TallyEntry[] {
  // A line written before query strings were dropped is read without its own.
  return readLines(file)
    .filter(valid)
    .map((entry) => ({ ...entry, page: pathOf(entry.page) }));
}

/** The tally's estimates; a line that is not one is left out. */
export const readEstimates = (file: string): EstimateEntry[] => readLines(file).filter(validEstimate);

/** Drops entries older than the visits log is kept; returns how many. */
export function pruneTally(dir: string, now = Date.now()): number {
  const file = path.join(dir, TALLY_FILE);
  // In the order written, enquiries and estimates alike.
  const entries = readLines(file).flatMap((entry): (TallyEntry | EstimateEntry)[] =>
    valid(entry) ? [{ ...entry, page: pathOf(entry.page) }] : validEstimate(entry) ? [entry] : [],
  );
  const oldest = dayKey(now - VISITS_KEPT_DAYS * 24 * 60 * 60_000);
  const kept = entries.filter((entry) => entry.day >= oldest);
  if (kept.length === entries.length) return 0;
  writeFileAtomic(file, kept.map((entry) => `${JSON.stringify(entry)}\n`).join(""), 0o644, true);
  return entries.length - kept.length;
}
