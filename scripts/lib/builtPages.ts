// Reading the production build in public/ and the content it was built from, for the
// checks that run after `gatsby build` (check-build.ts, spec-check.ts).
import fs from "node:fs";
import path from "node:path";
import { parse, type HTMLElement } from "node-html-parser";

export const root = path.resolve(__dirname, "../..");
export const publicDir = path.join(root, "public");

/** The parsed HTML of a route of the build ("/", "/hard_anodizing", "/404"), or null. */
export function page(route: string): HTMLElement | null {
  const file = route === "/" ? "index.html" : route === "/404" ? "404.html" : `${route.slice(1)}/index.html`;
  const absolute = path.join(publicDir, file);
  return fs.existsSync(absolute) ? parse(fs.readFileSync(absolute, "utf8")) : null;
}

/** An element's text as a visitor reads it: white space collapsed. */
export const text = (element: HTMLElement | null | undefined) => (element?.text ?? "").replace(/\s+/g, " ").trim();
export const squash = (value: string) => value.replace(/\s+/g, " ").trim();

/** Links whose text is `name` (or starts with it, before a screen-reader note). */
export const links = (doc: HTMLElement, name: string) =>
  doc
    .querySelectorAll("a")
    .filter((a) => text(a) === name || text(a).startsWith(`${name}:`) || text(a).startsWith(`${name} (`));
export const hrefs = (doc: HTMLElement, name: string) => links(doc, name).map((a) => a.getAttribute("href"));
export const hasText = (element: HTMLElement, value: string) =>
  text(element.querySelector("body") ?? element).includes(squash(value));

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
