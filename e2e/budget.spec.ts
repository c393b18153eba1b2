// Byte budgets per route, as the browser loads them: every script it runs (Gatsby
// fetches a page's own chunks after the first three tags) and all CSS, inline or
// linked, gzipped from the built files. Bytes do not wobble between runs, so they gate.
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { ADMIN_PATH } from "../src/cms/config";
import { routes } from "./content";
import { expect, open, revealAll, test } from "./fixtures";

const JS_BUDGET = 110 * 1024;
const CSS_BUDGET = 15 * 1024;
const publicDir = path.resolve(__dirname, "../public");
const gzipped = (text: string | Buffer) => zlib.gzipSync(text).length;
const kb = (bytes: number) => (bytes / 1024).toFixed(1);

test.describe.configure({ mode: "serial" });
const rows: string[] = [];

for (const route of routes) {
  test(`${route} loads at most 110 KB of JavaScript and 15 KB of CSS, gzipped`, async ({ page }) => {
    const scripts = new Set<string>();
    const editorFiles: string[] = [];
    page.on("request", (request) => {
      const { pathname } = new URL(request.url());
      if (request.resourceType() === "script") scripts.add(pathname);
      if (pathname.startsWith(ADMIN_PATH)) editorFiles.push(pathname);
    });
    await open(page, route);
    await page.waitForLoadState("networkidle");
    // Scroll through the whole page so lazy parts load too.
    await revealAll(page);
    await page.locator("footer").scrollIntoViewIfNeeded();
    await page.waitForLoadState("networkidle");

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
    rows.push(`| ${route} | ${scripts.size} | ${kb(js)} KB | ${kb(css)} KB |`);
    fs.mkdirSync("reports", { recursive: true });
    fs.writeFileSync(
      "reports/bytes.md",
      ["| route | scripts | JS (gzip) | CSS (gzip) |", "| --- | --- | --- | --- |", ...rows].join("\n") + "\n",
    );
    console.log(`${route}: ${scripts.size} scripts, JS ${kb(js)} KB, CSS ${kb(css)} KB (gzip)`);
    expect(editorFiles, `files of the editor loaded by ${route}`).toEqual([]);
    expect(js, `gzipped JavaScript on ${route}`).toBeLessThanOrEqual(JS_BUDGET);
    expect(css, `gzipped CSS on ${route}`).toBeLessThanOrEqual(CSS_BUDGET);
  });
}
