// One build of the owner's report: for each period, the log's lines of that period
// through GoAccess twice (visitors, then robots apart), joined with the enquiries' tally,
// written as pages and a summary for the weekly digest. One GoAccess runs at a time over
// a stream of lines, so memory stays bounded whatever the log's size.
import fs from "node:fs";
import path from "node:path";
import { jsonAs, writeFileAtomic } from "../lib/files";
import { readEstimates, readTally, TALLY_FILE } from "../enquiry/tally";
import { count } from "./goaccess";
import { linesIn, logFiles, type Tally } from "./logLines";
import { DEFAULT_PERIOD, PERIODS, periodRange } from "./periods";
import { periodPage } from "./render";
import { periodReport, reportSchema, type PeriodCounts, type Report } from "./report";
import type { SiteFacts } from "./site";

/** What the digest reads. */
export const SUMMARY_FILE = "summary.json";

/** The most a summary may hold: thirteen months of pages, days and sources stay far below. */
export const SUMMARY_MAX_BYTES = 8 * 1024 * 1024;

/**
 * A summary's text as a report, or null when it is none: not JSON, or not of the report's
 * shape (report.ts's reportSchema, every figure a count). Root reads the file
 * (readOwnedFile: no link, no FIFO, capped) and uses nothing before it is checked.
 */
export const summaryFrom = (text: string | undefined): Report | null => jsonAs(reportSchema, text);

export interface BuildInput {
  /** nginx's visits log folder (access.log and its rotations). */
  logDir: string;
  /** The enquiry service's folder, where its tally is. */
  enquiryDir: string;
  site: SiteFacts;
  /** Where the pages go (nginx serves them at /admin/report/). */
  outDir: string;
  now: number;
  geoip?: string;
}

export async function buildReport(input: BuildInput): Promise<Report> {
  const files = logFiles(input.logDir);
  const tally = readTally(path.join(input.enquiryDir, TALLY_FILE));
  const estimates = readEstimates(path.join(input.enquiryDir, TALLY_FILE));
  const periods = [];
  for (const { id } of PERIODS) {
    const range = periodRange(id, input.now);
    const lines: Tally = { read: 0, kept: 0, malformed: 0 };
    const people = await count(linesIn(files, range, lines), { crawlers: "without", geoip: input.geoip });
    const crawlers = await count(linesIn(files, range, { read: 0, kept: 0, malformed: 0 }), { crawlers: "only" });
    const counts: PeriodCounts = { id, people, crawlers, lines: { read: lines.read, malformed: lines.malformed } };
    periods.push(periodReport(counts, input.site, tally, input.now, estimates));
  }
  const report: Report = { builtAt: new Date(input.now).toISOString(), host: input.site.host, periods };
  fs.mkdirSync(input.outDir, { recursive: true });
  for (const period of periods) {
    const page = periodPage(report, period);
    writeFileAtomic(path.join(input.outDir, `${period.id}.html`), page, 0o644, true);
    if (period.id === DEFAULT_PERIOD) writeFileAtomic(path.join(input.outDir, "index.html"), page, 0o644, true);
  }
  writeFileAtomic(path.join(input.outDir, SUMMARY_FILE), `${JSON.stringify(report)}\n`, 0o644, true);
  return report;
}
