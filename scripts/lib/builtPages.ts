// Reading the production build in public/, for the checks that run after `gatsby build`
// (check-build.ts, spec-check.ts). What the content says comes from e2e/content.ts.
import fs from "node:fs";
import path from "node:path";
import { parse, type HTMLElement } from "node-html-parser";
import { htmlFiles } from "../../src/build/finishPages";

const root = path.resolve(__dirname, "../..");
export const publicDir = path.join(root, "public");

/** The built file of a route. */
export const pageFile = (route: string) =>
  path.join(publicDir, route === "/" ? "index.html" : route === "/404" ? "404.html" : `${route.slice(1)}/index.html`);

/** The parsed HTML of a route of the build ("/", "/hard_anodizing", "/404"), or null. */
export function page(route: string): HTMLElement | null {
  const absolute = pageFile(route);
  return fs.existsSync(absolute) ? parse(fs.readFileSync(absolute, "utf8")) : null;
}

/** Text as a visitor reads it: white space collapsed. */
export const squash = (value: string) => value.replace(/\s+/g, " ").trim();
export const text = (element: HTMLElement | null | undefined) => squash(element?.text ?? "");

/** Links whose text is `name` (or starts with it, before a screen-reader note). */
const links = (doc: HTMLElement, name: string) =>
  doc
    .querySelectorAll("a")
    .filter((a) => text(a) === name || text(a).startsWith(`${name}:`) || text(a).startsWith(`${name} (`));
export const hrefs = (doc: HTMLElement, name: string) => links(doc, name).map((a) => a.getAttribute("href"));

/** Counts checks and prints the failures, with a closing "N passed, N failed" line. */
export function checker(name: string) {
  let passed = 0;
  const failures: string[] = [];
  return {
    check(route: string, what: string, ok: boolean, detail = "") {
      if (ok) passed += 1;
      else failures.push(`✗ ${route}: ${what}${detail ? ` (${detail})` : ""}`);
    },
    report() {
      failures.forEach((line) => console.error(line));
      console.log(`${name}: ${passed} passed, ${failures.length} failed`);
      return failures.length;
    },
  };
}

/**
 * Every page of the build a visitor can land on: each HTML file in public/ but those
 * that ask search engines to stay away (the 404 page, the enquiry service's pages, the
 * editor). Read from the build, so a page staff add is audited without a code change.
 */
export function builtRoutes(dir = publicDir): string[] {
  return htmlFiles(dir)
    .filter((file) => !/<meta name="robots" content="[^"]*noindex/.test(fs.readFileSync(file, "utf8")))
    .map((file) => `/${path.relative(dir, file).split(path.sep).join("/")}`)
    .filter((route) => route.endsWith("/index.html") && !route.startsWith("/_gatsby/"))
    .map((route) => route.slice(0, -"index.html".length).replace(/(.)\/$/, "$1"))
    .sort();
}
