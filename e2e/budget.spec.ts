// Budgets per route, as the browser loads them. Bytes and counts do not wobble between
// runs (timings do; scripts/audit.mjs reports those), so they gate:
// - JavaScript: every script the browser runs, gzipped from the built files, after
//   scrolling through the whole page (Gatsby fetches a page's own chunks after the tags
//   in the HTML, and prefetches others);
// - CSS, inline or linked, gzipped;
// - at load (until no request has been in flight for a moment, nothing scrolled): how
//   many scripts run and how many requests the page makes for itself. Content images are
//   left out of the count (staff choose how many a page has), and so are Gatsby's
//   prefetches of the pages its links lead to (which depend on the links in view).
// Every page the build has is measured, as the audit does.
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { builtRoutes } from "../scripts/lib/builtPages";
import { ADMIN_PATH } from "../src/cms/config";
import { countRequests, expect, open, revealAll, test } from "./fixtures";

/**
 * Gzipped JavaScript per route. The guide's budget is 90 KB; issue 54 set 85 (room for a
 * second language) once the unused parts of Gatsby's runtime and of the carousel were
 * left out (gatsby-node.ts, UNUSED_MODULES): the largest route went from 89.8 to 83.5 KB.
 */
const JS_BUDGET_KB = 85;
const CSS_BUDGET_KB = 15;
/** Scripts run at load: Gatsby's runtime, React, the app, shared and page chunks, and the site's early script. */
const SCRIPTS_AT_LOAD = 8;
/** Requests at load but content images: the page, its scripts, page data, icon and manifest. */
const REQUESTS_AT_LOAD = 13;

const publicDir = path.resolve(__dirname, "../public");
const gzipped = (text: string | Buffer) => zlib.gzipSync(text).length;
const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const isContentImage = (type: string, pathname: string) => type === "image" && pathname.startsWith("/static/");

test.describe.configure({ mode: "serial" });
const rows: string[] = [];

for (const route of builtRoutes()) {
  test(`${route} stays within the budgets for JavaScript, CSS, scripts and requests`, async ({ page, baseURL }) => {
    const scripts = new Set<string>();
    const requests: string[] = [];
    const editorFiles: string[] = [];
    page.on("request", (request) => {
      const { origin, pathname } = new URL(request.url());
      // Gatsby prefetches the pages that links in view lead to: those are the next page's.
      // The footer's map comes from another host, lazily (and the fixture refuses it).
      const prefetch = request.headers()["sec-purpose"]?.includes("prefetch");
      if (origin === new URL(baseURL!).origin && !prefetch) requests.push(`${request.resourceType()} ${pathname}`);
      if (request.resourceType() === "script") scripts.add(pathname);
      if (pathname.startsWith(ADMIN_PATH)) editorFiles.push(pathname);
    });
    const network = countRequests(page);
    await open(page, route);
    await network.quiet();
    const scriptsAtLoad = scripts.size;
    const requestsAtLoad = requests.filter((line) => {
      const [type, pathname] = line.split(" ");
      return !isContentImage(type, pathname);
    });

    // Scroll through the whole page so lazy parts load too.
    await revealAll(page);
    await page.locator("footer").scrollIntoViewIfNeeded();
    await network.quiet();

    const js = [...scripts].reduce((sum, file) => sum + gzipped(fs.readFileSync(path.join(publicDir, file))), 0);
    const inlineCss = await page.evaluate(() =>
      [...document.querySelectorAll("style")].map((style) => style.textContent ?? "").join(""),
    );
    const linkedCss = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].map(
        (link) => new URL(link.href).pathname,
      ),
    );
    const css =
      gzipped(inlineCss) +
      linkedCss.reduce((sum, file) => sum + gzipped(fs.readFileSync(path.join(publicDir, file))), 0);
    rows.push(
      `| ${route} | ${scriptsAtLoad} | ${requestsAtLoad.length} | ${scripts.size} | ${kb(js)} KB | ${kb(css)} KB |`,
    );
    fs.mkdirSync("reports", { recursive: true });
    fs.writeFileSync(
      "reports/bytes.md",
      [
        "| route | scripts at load | requests at load (but content images) | scripts in all | JS (gzip) | CSS (gzip) |",
        "| --- | --- | --- | --- | --- | --- |",
        ...rows,
      ].join("\n") + "\n",
    );
    console.log(
      `${route}: ${scriptsAtLoad} scripts and ${requestsAtLoad.length} requests at load; ` +
        `${scripts.size} scripts, JS ${kb(js)} KB, CSS ${kb(css)} KB (gzip) in all`,
    );
    expect(editorFiles, `files of the editor loaded by ${route}`).toEqual([]);
    expect(js, `gzipped JavaScript on ${route}`).toBeLessThanOrEqual(JS_BUDGET_KB * 1024);
    expect(css, `gzipped CSS on ${route}`).toBeLessThanOrEqual(CSS_BUDGET_KB * 1024);
    expect(scriptsAtLoad, `scripts run at load on ${route}`).toBeLessThanOrEqual(SCRIPTS_AT_LOAD);
    expect(requestsAtLoad.length, `requests at load on ${route}: ${requestsAtLoad.join(", ")}`).toBeLessThanOrEqual(
      REQUESTS_AT_LOAD,
    );
  });
}
