/**
 * @jest-environment node
 */
// The owner's report's own rules (server/analytics/), without GoAccess (the server tests run
// it, server/tests/report.spec.ts): what of a log line reaches GoAccess, the periods, the
// enquiries' tally, how the counts become the report, and the stated time the visits log
// is kept, tied to logrotate's rule and the privacy notice.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { logTime, maskAddress, MAX_AGENT, parseLine } from "../../server/analytics/logLines";
import { dayKey } from "../../server/lib/days";
import { periodRange, weekStart } from "../../server/analytics/periods";
import { summaryFrom } from "../../server/analytics/build";
import { ownerMailMessage } from "../../server/analytics/ownerMail";
import { number } from "../../server/analytics/render";
import { periodReport } from "../../server/analytics/report";
import type { Counted, Row } from "../../server/analytics/goaccess";
import { pagePath, type SiteFacts } from "../../server/analytics/site";
import { logLine } from "../../server/analytics/synthetic";
import {
  pruneTally,
  readEstimates,
  readTally,
  tallyEnquiry,
  tallyEstimate,
  TALLY_FILE,
} from "../../server/enquiry/tally";
import { loadContent } from "../../src/schema/load";
import { VISITS_KEPT_DAYS, VISITS_KEPT_MONTHS } from "../../src/visits";
import { copyContent, editYaml } from "../helpers/contentCopy";

const AGENT = "Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/130.0 Mobile Safari/537.36";
const AT = Date.UTC(2026, 10, 25, 10, 0);

describe("a log line, as GoAccess gets it", () => {
  it.each([
    ["203.0.113.77", "203.0.113.0"],
    ["127.0.0.1", "127.0.0.0"],
    ["::ffff:198.51.100.9", "198.51.100.0"],
    ["2001:db8:85a3:8d3:1319:8a2e:370:7348", "2001:db8:85a3::"],
    ["2001:db8::1", "2001:db8::"],
    ["2001:0db8:0000:0000::1", "2001:db8::"],
    ["::1", "::"],
    ["not-an-address", "::"],
  ])("%s is kept as %s", (address, masked) => {
    expect(maskAddress(address)).toBe(masked);
  });

  it("is written again from its parts: the address shortened, no login name", () => {
    const line = `198.51.100.23 - asha [25/Nov/2026:10:00:00 +0530] "GET /hard_anodizing/ HTTP/2.0" 200 5120 "https://www.google.com/" "${AGENT}"`;
    const parsed = parseLine(line);
    expect(parsed).toEqual({
      time: Date.UTC(2026, 10, 25, 4, 30),
      text: `198.51.100.0 - - [25/Nov/2026:10:00:00 +0530] "GET /hard_anodizing/ HTTP/2.0" 200 5120 "https://www.google.com/" "${AGENT}"`,
    });
  });

  it("drops a referrer too long to be one, cuts an agent, and makes control characters plain", () => {
    const huge = `https://spam.example/${"a".repeat(10_000)}`;
    const agent = `<script>alert(1)</script>\u0007\u001b[2J${"x".repeat(1000)}`;
    const parsed = parseLine(logLine("127.0.0.1", AT, "GET / HTTP/1.1", 200, huge, agent));
    if (typeof parsed === "string") throw new Error(parsed);
    expect(parsed.text).toContain(' "-" "');
    expect(parsed.text).not.toMatch(/[\u0000-\u001f]/);
    const sent = /"([^"]*)"$/.exec(parsed.text)![1];
    expect(sent.length).toBeLessThanOrEqual(MAX_AGENT);
    expect(sent.startsWith("<script>alert(1)</script>??[2J")).toBe(true);
  });

  it("keeps a quote inside a field in that field: nginx's escape stays, a backslash's is made one", () => {
    const parsed = parseLine(logLine("127.0.0.1", AT, "GET / HTTP/1.1", 200, "https://x.example/\\x22", 'a\\"b'));
    if (typeof parsed === "string") throw new Error(parsed);
    expect(parsed.text.match(/"/g)).toHaveLength(6);
    expect(parsed.text.endsWith('"https://x.example/\\x22" "a\\x5C\\x22b"')).toBe(true);
    // A bare quote splits the line: nginx never writes one, so the line is not nginx's.
    expect(parseLine(logLine("127.0.0.1", AT, "GET / HTTP/1.1", 200, 'https://x.example/"', "a"))).toBe("malformed");
  });

  it.each([
    ["not nginx's at all", "malformed"],
    ['127.0.0.1 - - [99/Foo/2026:10:00:00 +0000] "GET / HTTP/1.1" 200 1 "-" "a"', "malformed"],
    ['127.0.0.1 - - [25/Nov/2026:10:00:00 +0000] "GET / HTTP/1.1" 200 1 "-"', "malformed"],
    [logLine("127.0.0.1", AT, "\\x16\\x03\\x01", 400, "-", "-"), "other"],
    [logLine("127.0.0.1", AT, "GET /admin/report/ HTTP/1.1", 200, "-", AGENT), "other"],
    [logLine("127.0.0.1", AT, "POST /api/v1 HTTP/1.1", 200, "-", AGENT), "other"],
    [logLine("127.0.0.1", AT, "GET /static/abc/photo.avif HTTP/1.1", 200, "-", AGENT), "other"],
    [logLine("127.0.0.1", AT, "GET /app-123.js HTTP/1.1", 200, "-", AGENT), "other"],
    [logLine("127.0.0.1", AT, "GET /page-data/index/page-data.json HTTP/1.1", 200, "-", AGENT), "other"],
    [logLine("127.0.0.1", AT, "POST /api/enquiry HTTP/1.1", 303, "-", AGENT), "other"],
  ])("%s: left out (%s)", (line, why) => {
    expect(parseLine(line)).toBe(why);
  });

  it("reads nginx's time with its zone", () => {
    expect(logTime("25/Nov/2026:10:00:00 +0000")).toBe(AT);
    expect(logTime("25/Nov/2026:15:30:00 +0530")).toBe(AT);
    expect(logTime("25/Nov/2026:10:00:00")).toBeNaN();
  });
});

describe("periods", () => {
  const now = new Date(2026, 10, 25, 15, 0).getTime();

  it("last 7, 30 and 365 days end with today; the months are the calendar's", () => {
    const day = (ms: number) => dayKey(ms);
    expect([day(periodRange("last-7-days", now).from), day(periodRange("last-7-days", now).to)]).toEqual([
      "2026-11-19",
      "2026-11-26",
    ]);
    expect(day(periodRange("last-30-days", now).from)).toBe("2026-10-27");
    expect(day(periodRange("last-365-days", now).from)).toBe("2025-11-26");
    expect([day(periodRange("this-month", now).from), day(periodRange("this-month", now).to)]).toEqual([
      "2026-11-01",
      "2026-12-01",
    ]);
    expect([day(periodRange("last-month", now).from), day(periodRange("last-month", now).to)]).toEqual([
      "2026-10-01",
      "2026-11-01",
    ]);
    const january = new Date(2026, 0, 10).getTime();
    expect(day(periodRange("last-month", january).from)).toBe("2025-12-01");
  });

  it("a week begins on Monday", () => {
    expect(dayKey(weekStart(now))).toBe("2026-11-23");
    expect(dayKey(weekStart(new Date(2026, 10, 23, 0, 0).getTime()))).toBe("2026-11-23");
    expect(dayKey(weekStart(new Date(2026, 10, 22, 23, 59).getTime()))).toBe("2026-11-16");
  });
});

describe("the enquiries' tally", () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "tally-"));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("holds the day, the page and the service, readable by the report's user, and nothing else", () => {
    tallyEnquiry(dir, "/hard_anodizing", "hard_anodizing", AT);
    tallyEnquiry(dir, "", "not a slug!", AT);
    const file = path.join(dir, TALLY_FILE);
    expect(fs.statSync(file).mode & 0o777).toBe(0o644);
    expect(readTally(file)).toEqual([
      { day: dayKey(AT), page: "/hard_anodizing", service: "hard_anodizing" },
      { day: dayKey(AT), page: "", service: "" },
    ]);
  });

  it("leaves out a line that is not one of its own, and forgets what the visits log no longer has", () => {
    const file = path.join(dir, TALLY_FILE);
    const old = AT - (VISITS_KEPT_DAYS + 2) * 86_400_000;
    tallyEnquiry(dir, "/", "", old);
    fs.appendFileSync(file, '{"day":"2026-11-25","page":"//evil.example","service":""}\nhalf a li');
    fs.appendFileSync(file, "\n");
    tallyEnquiry(dir, "/", "", AT);
    expect(readTally(file)).toHaveLength(2);
    expect(pruneTally(dir, AT)).toBe(1);
    expect(readTally(file)).toEqual([{ day: dayKey(AT), page: "/", service: "" }]);
  });

  it("counts an estimate by its day, process, standard and language only, apart from the enquiries", () => {
    const file = path.join(dir, TALLY_FILE);
    tallyEnquiry(dir, "/desk", "proc-a", AT);
    tallyEstimate(dir, { process: "proc-a", standard: "std-b", language: "de" }, AT);
    expect(() => tallyEstimate(dir, { process: "", standard: "", language: "en" }, AT)).toThrow("not an estimate");
    expect(() => tallyEstimate(dir, { process: "a b", standard: "", language: "en" }, AT)).toThrow("not an estimate");
    expect(readEstimates(file)).toEqual([
      { day: dayKey(AT), estimate: { process: "proc-a", standard: "std-b", language: "de" } },
    ]);
    expect(readTally(file)).toEqual([{ day: dayKey(AT), page: "/desk", service: "proc-a" }]);
    // Forgotten with the enquiries, the rest kept in order.
    tallyEstimate(dir, { process: "proc-a", standard: "", language: "en" }, AT - (VISITS_KEPT_DAYS + 2) * 86_400_000);
    expect(pruneTally(dir, AT)).toBe(1);
    expect(readEstimates(file)).toHaveLength(1);
    expect(readTally(file)).toHaveLength(1);
  });
});

describe("the report from GoAccess's counts", () => {
  const row = (data: string, hits: number, visitors: number, items?: Row[]): Row => ({
    data,
    hits: { count: hits },
    visitors: { count: visitors },
    items,
  });
  const site: SiteFacts = {
    host: "www.example.test",
    formPath: "/quote",
    pages: [
      { path: "/", title: "Home" },
      { path: "/service-a", title: "Service A" },
      { path: "/quote", title: "Quote" },
      { path: "/std-b", title: "Standard B" },
    ],
    services: [
      { slug: "service-a", title: "Service A", path: "/service-a" },
      { slug: "other", title: "Other", path: "" },
    ],
    estimatePaths: ["/desk", "/de/desk"],
  };
  const now = new Date(2026, 10, 25, 15, 0).getTime();
  const people: Counted = {
    general: { total_requests: 9, valid_requests: 9, unique_visitors: 5 },
    visitors: { data: [row("20261124", 4, 2), row("20261125", 5, 3)] },
    requests: {
      data: [row("/service-a/", 3, 2), row("/service-a", 1, 1), row("/", 4, 3), row("/gone", 1, 1)],
    },
    not_found: { data: [row("/<script>", 2, 0)] },
    os: { data: [row("Android", 5, 3), row("Windows", 3, 2), row("Unknown", 1, 1)] },
    browsers: { data: [row("Chrome", 8, 5)] },
    referring_sites: {
      data: [row("www.google.co.in", 3, 2), row("www.example.test", 4, 2), row("partner.example", 1, 1)],
    },
  };
  const crawlers: Counted = {
    general: { total_requests: 7, valid_requests: 7, unique_visitors: 1 },
    browsers: { data: [row("Crawlers", 7, 1, [row("Googlebot", 5, 1), row("bingbot", 2, 1)])] },
  };
  const tally = [
    { day: "2026-11-25", page: "/service-a/", service: "service-a" },
    { day: "2026-11-24", page: "/service-a", service: "service-a" },
    { day: "2026-11-24", page: "", service: "other" },
    { day: "2026-10-01", page: "/", service: "other" },
  ];
  const report = periodReport(
    { id: "last-7-days", people, crawlers, lines: { read: 30, malformed: 1 } },
    site,
    tally,
    now,
  );

  it("counts the desk's estimates per process, standard and language, and the requests sent from its pages", () => {
    const estimate = (day: string, process: string, standard: string, language: string) => ({
      day,
      estimate: { process, standard, language },
    });
    const withDesk = periodReport(
      { id: "last-7-days", people, crawlers, lines: { read: 30, malformed: 1 } },
      site,
      [
        ...tally,
        { day: "2026-11-25", page: "/desk", service: "service-a" },
        { day: "2026-11-24", page: "/de/desk", service: "other" },
      ],
      now,
      [
        estimate("2026-11-25", "service-a", "std-b", "en"),
        estimate("2026-11-24", "service-a", "", "de"),
        estimate("2026-11-24", "unnamed", "", "en"),
        // Before the period: not counted.
        estimate("2026-10-01", "service-a", "", "en"),
      ],
    );
    expect(withDesk.estimates).toEqual({
      total: 3,
      becameRequests: 2,
      byProcess: [
        { name: "Service A", count: 2 },
        { name: "unnamed", count: 1 },
      ],
      byStandard: [
        { name: "No standard", count: 2 },
        { name: "Standard B", count: 1 },
      ],
      byLanguage: [
        { name: "English", count: 2 },
        { name: "German", count: 1 },
      ],
    });
  });

  it("counts each page once however it was asked for; other addresses apart", () => {
    expect(pagePath("/service-a/index.html")).toBe("/service-a");
    expect(report.pages.map((page) => [page.path, page.views, page.visitors, page.enquiries])).toEqual([
      ["/", 4, 3, 0],
      ["/service-a", 4, 3, 2],
    ]);
    expect(report.otherViews).toBe(1);
  });

  it("lists a page enquiries came from even when the log has no visit of it (a standard's page, issue 55)", () => {
    const fromStandard = periodReport(
      { id: "last-7-days", people, crawlers, lines: { read: 30, malformed: 1 } },
      site,
      [...tally, { day: "2026-11-23", page: "/std-b", service: "other" }],
      now,
    );
    expect(fromStandard.pages.find((page) => page.path === "/std-b")).toEqual({
      path: "/std-b",
      title: "Standard B",
      visitors: 0,
      views: 0,
      enquiries: 1,
    });
  });

  it("per service: visitors of its page, enquiries about it and from its page, per 100 visitors", () => {
    expect(report.services).toEqual([
      {
        slug: "service-a",
        title: "Service A",
        path: "/service-a",
        visitors: 3,
        enquiries: 2,
        fromPage: 2,
        per100: 66.7,
      },
      { slug: "other", title: "Other", path: "", visitors: 0, enquiries: 1, fromPage: 0, per100: null },
    ]);
    expect(report.enquiries).toEqual({ total: 3, pageNotSaid: 1 });
  });

  it("days, weeks and months add up; days to come are not shown", () => {
    expect(report.days.map((day) => day.day)).toEqual([
      "2026-11-19",
      "2026-11-20",
      "2026-11-21",
      "2026-11-22",
      "2026-11-23",
      "2026-11-24",
      "2026-11-25",
    ]);
    expect(report.days.at(-2)).toEqual({ day: "2026-11-24", visitors: 2, pageViews: 4, enquiries: 2 });
    expect(report.weeks).toEqual([
      { week: "2026-11-16", visitors: 0, pageViews: 0, enquiries: 0 },
      { week: "2026-11-23", visitors: 5, pageViews: 9, enquiries: 3 },
    ]);
    expect(report.enquiriesByWeek).toEqual([
      { week: "2026-11-16", perService: [0, 0] },
      { week: "2026-11-23", perService: [2, 1] },
    ]);
  });

  it("where visitors came from, the site's own links left out; devices; robots apart", () => {
    expect(report.referrers).toEqual([
      { name: "www.google.co.in", visitors: 2, search: true },
      { name: "partner.example", visitors: 1, search: false },
    ]);
    expect(report.searchVisitors).toBe(2);
    expect(report.devices).toEqual([
      { name: "Phones and tablets", visitors: 3 },
      { name: "Computers", visitors: 2 },
      { name: "Other or unknown", visitors: 1 },
    ]);
    expect(report.crawlers).toEqual({
      hits: 7,
      top: [
        { name: "Googlebot", hits: 5 },
        { name: "bingbot", hits: 2 },
      ],
    });
    expect(report.countries).toBeNull();
    expect(report.notFound).toEqual([{ path: "/<script>", hits: 2 }]);
  });

  // Issue 52, finding 5: root mails what site-report wrote; a figure that is markup stays text.
  it("a summary whose figures are markup, or of another shape, is no report: the owner's e-mail shows none of it", async () => {
    const markup = "<img src=x onerror=alert(1)>";
    const hostile = (period: typeof report, id: string) =>
      ({
        ...period,
        id,
        visitors: markup,
        pageViews: markup,
        enquiries: { total: markup, pageNotSaid: 0 },
      }) as unknown as typeof report;
    const summary = {
      builtAt: new Date(now).toISOString(),
      host: site.host,
      periods: [hostile(report, "last-7-days"), { ...report, id: "last-365-days" }],
    };
    expect(number(markup as unknown as number)).toBe("–");
    expect(number(Number.NaN)).toBe("–");
    expect(number(123456)).toBe("1,23,456");
    // The report's own shape reads back whole; the hostile one is none.
    const good = { builtAt: summary.builtAt, host: site.host, periods: [report] };
    expect(summaryFrom(JSON.stringify(good))).toEqual(good);
    const read = summaryFrom(JSON.stringify(summary));
    expect(read).toBeNull();
    const mail = await ownerMailMessage({
      domain: site.host,
      to: "owner@example.test",
      now,
      report: read,
      problems: [],
    });
    // Without a report the e-mail is text only, and says so.
    for (const part of [mail.html ?? "", mail.text, mail.subject]) expect(part).not.toContain("onerror");
    for (const text of [
      "",
      "[",
      "null",
      "{}",
      '{"builtAt":1,"host":"h","periods":[]}',
      '{"builtAt":"t","host":"h","periods":[1]}',
      // A week without its enquiries once stopped the owner's e-mail (issue 52).
      JSON.stringify({ ...good, periods: [{ ...report, enquiries: undefined }] }),
      JSON.stringify({ ...good, periods: [{ ...report, visitors: -1 }] }),
      JSON.stringify({ ...good, periods: [{ ...report, id: "forever" }] }),
    ])
      expect(summaryFrom(text)).toBeNull();
    expect(summaryFrom(undefined)).toBeNull();
  });
});

describe("how long the visits log is kept", () => {
  it("logrotate keeps it as long as src/visits.ts says", () => {
    const rule = fs.readFileSync(path.resolve(__dirname, "../../deploy/logrotate/anodising-site"), "utf8");
    expect(rule).toMatch(new RegExp(`^\\s*maxage ${VISITS_KEPT_DAYS}$`, "m"));
    expect(Number(/^\s*rotate (\d+)$/m.exec(rule)?.[1])).toBeGreaterThanOrEqual(VISITS_KEPT_DAYS);
    expect(VISITS_KEPT_DAYS).toBeGreaterThanOrEqual(VISITS_KEPT_MONTHS * 30);
  });

  it("content whose privacy notice does not say it is refused, naming the field", () => {
    const dir = copyContent();
    try {
      editYaml(dir, "content/enquiry.yaml", (data) => {
        data.privacy.paragraphs = (data.privacy.paragraphs as string[]).filter((text) => !text.includes("{logMonths}"));
      });
      const problems = loadContent(dir).problems;
      expect(problems).toEqual([
        expect.objectContaining({
          file: "content/enquiry.yaml",
          field: "en.privacy",
          message: expect.stringContaining("{logMonths}"),
        }),
      ]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
