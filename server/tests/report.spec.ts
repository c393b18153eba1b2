// The owner's report (server/analytics/) built by Debian's GoAccess from a visits log the
// test writes (server/tests/visits.ts): the counts per period, robots apart, no full
// address anywhere in what it writes, nothing a visitor sent ever markup, lines no nginx
// wrote left out and counted. The pages are looked at (axe, screenshots) as staff see them.
// The same spec runs on Debian 13's GoAccess in `npm run test:install`. The report served
// behind the login, from a real nginx log, is in enquiry.spec.ts.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { axeViolations } from "../../e2e/axe";
import { removeTestFolder } from "./host";
import { buildReport } from "../analytics/build";
import { GOACCESS } from "../analytics/goaccess";
import { readSite } from "../analytics/site";
import type { PeriodReport, Report } from "../analytics/report";
import { tallyEnquiry } from "../enquiry/tally";
import { ADDRESSES, EXPECTED, HOST, LONG_REFERRER, MISSING, PAGES, writeRelease, writeVisits } from "./visits";

test.describe.configure({ mode: "serial" });

let dir: string;
let report: Report;
const period = (id: string): PeriodReport => report.periods.find((item) => item.id === id)!;
/** What the report wrote: its pages, and the summary the digest reads (data, never served). */
const outputs = () =>
  fs
    .readdirSync(path.join(dir, "report"))
    .map((name) => ({ name, text: fs.readFileSync(path.join(dir, "report", name), "utf8") }));

test.beforeAll(async () => {
  console.log(execFileSync(GOACCESS, ["--version"], { encoding: "utf8" }).split("\n")[0]);
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "report-"));
  writeRelease(path.join(dir, "release"));
  const now = Date.now();
  writeVisits(path.join(dir, "visits"), now);
  fs.mkdirSync(path.join(dir, "enquiry"));
  // Yesterday: one enquiry after reading the service's page, one from a browser that did not say.
  tallyEnquiry(path.join(dir, "enquiry"), PAGES.service, "service-a", now - 86_400_000);
  tallyEnquiry(path.join(dir, "enquiry"), "", "other", now - 86_400_000);
  report = await buildReport({
    logDir: path.join(dir, "visits"),
    enquiryDir: path.join(dir, "enquiry"),
    site: readSite(path.join(dir, "release")),
    outDir: path.join(dir, "report"),
    now,
  });
});

test.afterAll(() => {
  if (test.info().errors.length === 0) removeTestFolder(dir);
});

for (const id of ["last-7-days", "last-30-days"]) {
  test(`${id}: visitors, page views and pages, robots and staff apart`, () => {
    const counted = period(id);
    expect(counted.visitors).toBe(EXPECTED.visitors);
    // Not the page's script, the staff's page or the form posted.
    expect(counted.pageViews).toBe(EXPECTED.pageViews);
    expect(counted.pages.map((page) => [page.path, page.views, page.visitors, page.enquiries])).toEqual([
      [PAGES.service, EXPECTED.serviceViews, 2, 1],
      [PAGES.home, 1, 1, 0],
    ]);
    expect(counted.crawlers.hits).toBe(EXPECTED.robotHits);
    expect(counted.crawlers.top[0].name).toMatch(/Googlebot/);
    expect(counted.notFound).toEqual([{ path: MISSING, hits: 1 }]);
    expect(counted.referrers).toEqual([
      { name: "www.google.com", visitors: 1, search: true },
      { name: "partner.example", visitors: 1, search: false },
    ]);
    expect(counted.searchVisitors).toBe(1);
    expect(counted.services[0]).toMatchObject({
      slug: "service-a",
      visitors: 2,
      enquiries: 1,
      fromPage: 1,
      per100: 50,
    });
    expect(counted.enquiries).toEqual({ total: 2, pageNotSaid: 1 });
    expect(counted.devices.map((device) => device.name)).toEqual(["Phones and tablets", "Computers"]);
    expect(counted.countries).toBeNull();
    expect(counted.lines.malformed).toBe(EXPECTED.malformedLines);
  });
}

test("the year: the visit 40 days back counts, the one 400 days back does not", () => {
  const year = period("last-365-days");
  expect(year.visitors).toBe(EXPECTED.yearVisitors);
  expect(year.pages.map((page) => [page.path, page.views])).toEqual([
    [PAGES.home, 2],
    [PAGES.service, 2],
  ]);
  expect(year.weeks.reduce((sum, week) => sum + week.visitors, 0)).toBe(EXPECTED.yearVisitors);
  expect(year.months.reduce((sum, month) => sum + month.pageViews, 0)).toBe(EXPECTED.yearPageViews);
});

test("no full address anywhere in what the report writes; nothing a visitor sent is markup", () => {
  const written = outputs();
  expect(written.map((file) => file.name).sort()).toEqual([
    "index.html",
    "last-30-days.html",
    "last-365-days.html",
    "last-7-days.html",
    "last-month.html",
    "summary.json",
    "this-month.html",
  ]);
  for (const { name, text } of written) {
    for (const address of ADDRESSES) expect(text.includes(address), `${address} in ${name}`).toBe(false);
    expect(text.includes(LONG_REFERRER.slice(0, 400)), `the long referrer in ${name}`).toBe(false);
    expect(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/.test(text), `a control character in ${name}`).toBe(false);
    if (name.endsWith(".html")) expect(/<script|<img|onerror=alert\(1\)>/i.test(text), `markup in ${name}`).toBe(false);
  }
  const page = fs.readFileSync(path.join(dir, "report", "last-7-days.html"), "utf8");
  expect(page).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
  expect(page).toContain("Left out: the server has no GeoIP database");
});

for (const [width, height] of [
  [390, 844],
  [1440, 900],
]) {
  test(`the report as staff read it at ${width} px: accessible, no script, every period a link`, async ({ page }) => {
    await page.setViewportSize({ width, height });
    await page.route("http://report.test/**", (route) =>
      route.fulfill({
        contentType: "text/html",
        body: fs.readFileSync(
          path.join(dir, "report", `${path.basename(new URL(route.request().url()).pathname) || "index"}.html`),
        ),
      }),
    );
    await page.goto("http://report.test/last-30-days");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Visits and enquiries: last 30 days");
    await expect(page.locator("script")).toHaveCount(0);
    await expect(page.getByRole("navigation", { name: "Periods" }).getByRole("link")).toHaveCount(5);
    await expect(page.getByRole("img", { name: /Visitors per day/ })).toBeVisible();
    await expect(page.getByRole("row").filter({ hasText: "Service A" }).first()).toContainText("50");
    expect(await axeViolations(page)).toEqual([]);
    // Nothing wider than the screen: tables fold on a phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await page.screenshot({ path: test.info().outputPath(`report-${width}.png`), fullPage: true });
    await page.getByRole("link", { name: "Last 365 days" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Visits and enquiries: last 365 days");
    await expect(page.getByRole("img", { name: /Visitors per week/ })).toBeVisible();
  });
}

test("an empty log: a report of zeros, not a failure", async () => {
  const empty = fs.mkdtempSync(path.join(os.tmpdir(), "report-empty-"));
  try {
    const built = await buildReport({
      logDir: path.join(empty, "none"),
      enquiryDir: empty,
      site: readSite(path.join(dir, "release")),
      outDir: path.join(empty, "out"),
      now: Date.now(),
    });
    expect(built.periods.map((item) => [item.visitors, item.pageViews, item.crawlers.hits])).toEqual(
      Array(5).fill([0, 0, 0]),
    );
    expect(fs.readFileSync(path.join(empty, "out", "index.html"), "utf8")).toContain(HOST);
  } finally {
    fs.rmSync(empty, { recursive: true, force: true });
  }
});
