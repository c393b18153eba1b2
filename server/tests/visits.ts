// The server tests' own release and visits log for the owner's report: a release of three
// pages and two services (no content/ wording), and a log holding what a real one may:
// visitors from loopback addresses, a robot, staff, a page's files, a missing page with
// markup in its address, an agent with markup and control characters, a 10 KB referrer,
// lines no nginx wrote, and visits before and outside the year.
import fs from "node:fs";
import path from "node:path";
import { SETTINGS_FILE } from "../../src/enquiry/pages";
import { logLine } from "../analytics/synthetic";

export const HOST = "www.report.test";
export const PAGES = { home: "/", service: "/service-a", quote: "/quote" } as const;
export const PHONE =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Mobile Safari/537.36";
export const DESKTOP =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36";
/** With a quote as nginx writes one (\x22) and control characters as an older log may hold them. */
export const HOSTILE = "<img src=x onerror=alert(1)>\u0007\u001b[2J\\x22";
export const ROBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
export const MISSING = "/<script>alert(1)</script>";
/** Every full address the log holds: none may reach the report. */
export const ADDRESSES = ["127.0.0.1", "127.0.0.2", "127.1.2.3", "127.0.0.9", "127.0.0.10", "66.249.66.1"];
export const LONG_REFERRER = `https://spam.example/${"a".repeat(10_000)}`;

/** What GoAccess must count in writeVisits' log, with any GoAccess (Debian 12's 1.7, Debian 13's 1.9). */
export const EXPECTED = {
  /** Last 7 and 30 days: two browsers behind one shortened address; the missing page's asker is none. */
  visitors: 2,
  /** /, /service-a/, /service-a and the missing page. */
  pageViews: 4,
  serviceViews: 2,
  robotHits: 3,
  malformedLines: 2,
  /** The year adds the visit 40 days back, not the one 400 days back. */
  yearVisitors: 3,
  yearPageViews: 5,
} as const;

/** A `live` link beside a release: what the report's HOST_DIR needs. */
export function linkLive(hostDir: string, release: string): void {
  fs.mkdirSync(hostDir, { recursive: true });
  fs.symlinkSync(release, path.join(hostDir, "live"));
}

/** A release as the publisher leaves one: pages with titles and the form's settings. */
export function writeRelease(dir: string): void {
  const page = (route: string, title: string) => {
    const folder = path.join(dir, route);
    fs.mkdirSync(folder, { recursive: true });
    fs.writeFileSync(
      path.join(folder, "index.html"),
      `<!doctype html><html><head><title>${title} | Report Test Co</title></head><body></body></html>`,
    );
  };
  page(PAGES.home, "Home page");
  page(PAGES.service, "Service A page");
  page(PAGES.quote, "Quote page");
  fs.mkdirSync(path.join(dir, path.dirname(SETTINGS_FILE)), { recursive: true });
  fs.writeFileSync(
    path.join(dir, SETTINGS_FILE),
    JSON.stringify({
      formPath: PAGES.quote,
      siteUrl: `https://${HOST}`,
      services: [
        { slug: "service-a", title: "Service A" },
        { slug: "other", title: "Something else" },
      ],
    }),
  );
}

const DAY_MS = 86_400_000;

/**
 * The log, in logrotate's files, with `now` yesterday's noon as its newest visits. What the
 * report must make of it is in the comments.
 */
export function writeVisits(dir: string, now: number): void {
  fs.mkdirSync(dir, { recursive: true });
  const noon = new Date(now);
  noon.setDate(noon.getDate() - 1);
  noon.setHours(12, 0, 0, 0);
  const yesterday = noon.getTime();
  const recent = [
    // Two visitors in one office (one shortened address, two browsers): 2 visitors.
    logLine("127.0.0.1", yesterday, "GET / HTTP/2.0", 200, "https://www.google.com/", PHONE),
    logLine("127.0.0.1", yesterday + 1000, "GET /app-1.js HTTP/2.0", 200, `https://${HOST}/`, PHONE),
    logLine("127.0.0.1", yesterday + 2000, "GET /service-a/ HTTP/2.0", 200, `https://${HOST}/`, PHONE),
    logLine("127.0.0.2", yesterday + 3000, "GET /service-a HTTP/2.0", 200, "https://partner.example/list", DESKTOP),
    // Staff and a form posted: not visits.
    logLine("127.0.0.1", yesterday + 4000, "GET /admin/report/ HTTP/2.0", 200, "-", DESKTOP),
    logLine("127.0.0.2", yesterday + 5000, "POST /api/enquiry HTTP/2.0", 303, `https://${HOST}/quote`, DESKTOP),
    // A missing page asked for with markup in its address, by an agent with markup and control characters.
    logLine("127.1.2.3", yesterday + 6000, `GET ${MISSING} HTTP/1.1`, 404, LONG_REFERRER, HOSTILE),
    // A robot: counted apart.
    ...[0, 1, 2].map((n) => logLine("66.249.66.1", yesterday + 7000 + n, "GET / HTTP/1.1", 200, "-", ROBOT)),
    // Lines no nginx wrote.
    "garbage",
    `127.0.0.10 - - [not a time] "GET / HTTP/1.1" 200 1 "-" "-"`,
  ];
  // 40 days back: in the year, not in the last 30 days. 400 days back: in no period.
  const older = [logLine("127.0.0.9", yesterday - 40 * DAY_MS, "GET / HTTP/1.1", 200, "-", DESKTOP)];
  const oldest = [logLine("127.0.0.9", yesterday - 400 * DAY_MS, "GET /service-a HTTP/1.1", 200, "-", DESKTOP)];
  fs.writeFileSync(path.join(dir, "access.log"), `${recent.join("\n")}\n`);
  fs.writeFileSync(path.join(dir, "access.log.40"), `${older.join("\n")}\n`);
  fs.writeFileSync(path.join(dir, "access.log.400"), `${oldest.join("\n")}\n`);
  const stamp = (name: string, ms: number) => fs.utimesSync(path.join(dir, name), new Date(ms), new Date(ms));
  stamp("access.log.40", yesterday - 40 * DAY_MS + 1000);
  stamp("access.log.400", yesterday - 400 * DAY_MS + 1000);
}
