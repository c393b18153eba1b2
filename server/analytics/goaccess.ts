// GoAccess (Debian's package) counts the lines of one period: visitors per day, pages,
// 404s, systems, browsers, referring sites, and countries when a GeoIP database is given.
// It reads the lines on its standard input and writes its JSON to a file; its own HTML
// report is not used (it needs a script, which the staff pages' policy forbids).
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { once } from "node:events";

export const GOACCESS = process.env.GOACCESS ?? "/usr/bin/goaccess";

/** One of GoAccess's rows: a day, a page, a system… with its hits and visitors. */
export interface Row {
  data: string;
  hits: { count: number };
  visitors: { count: number };
  items?: Row[];
}

/** What the report reads of GoAccess's JSON (present panels only). */
export interface Counted {
  general: { total_requests: number; valid_requests: number; unique_visitors: number };
  visitors?: { data: Row[] };
  requests?: { data: Row[] };
  not_found?: { data: Row[] };
  os?: { data: Row[] };
  browsers?: { data: Row[] };
  referring_sites?: { data: Row[] };
  geolocation?: { data: Row[] };
}

/** Panels never asked for: the addresses (even shortened), and what the report does not show. */
const IGNORED = [
  "HOSTS",
  "KEYPHRASES",
  "REMOTE_USER",
  "VISIT_TIMES",
  "STATUS_CODES",
  "CACHE_STATUS",
  "MIME_TYPE",
  "TLS_TYPE",
  "VIRTUAL_HOSTS",
  "REFERRERS",
];

export interface CountOptions {
  crawlers: "without" | "only";
  /** A MaxMind database (GeoLite2-Country.mmdb): the countries panel. */
  geoip?: string;
}

/** GoAccess over `lines`; throws with what GoAccess said when it fails. */
export async function count(lines: AsyncIterable<string>, options: CountOptions): Promise<Counted> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "goaccess-"));
  const output = path.join(dir, "counted.json");
  const args = [
    "-",
    "--log-format=COMBINED",
    "--no-global-config",
    "--no-progress",
    "--no-query-string",
    "--anonymize-ip",
    "--444-as-404",
    options.crawlers === "only" ? "--crawlers-only" : "--ignore-crawlers",
    ...IGNORED.map((panel) => `--ignore-panel=${panel}`),
    ...(options.geoip ? [`--geoip-database=${options.geoip}`] : []),
    "-o",
    output,
  ];
  try {
    const child = spawn(GOACCESS, args, { stdio: ["pipe", "ignore", "pipe"] });
    let said = "";
    child.stderr.on("data", (chunk: Buffer) => {
      if (said.length < 4000) said += chunk.toString();
    });
    const exited = once(child, "close") as Promise<[number | null, NodeJS.Signals | null]>;
    const failed = once(child, "error").then(([error]) => {
      throw error as Error;
    });
    failed.catch(() => undefined);
    child.stdin.on("error", () => undefined);
    let any = false;
    for await (const line of lines) {
      any = true;
      if (!child.stdin.write(`${line}\n`)) await Promise.race([once(child.stdin, "drain"), exited, failed]);
    }
    child.stdin.end();
    const [code, signal] = await Promise.race([exited, failed]);
    if (code !== 0) {
      // Nothing in the period: GoAccess has nothing to test the format on.
      if (!any) return { general: { total_requests: 0, valid_requests: 0, unique_visitors: 0 } };
      throw new Error(`goaccess ${signal ?? `exit ${code}`}: ${said.trim().split("\n").slice(-4).join(" / ")}`);
    }
    return JSON.parse(fs.readFileSync(output, "utf8")) as Counted;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
