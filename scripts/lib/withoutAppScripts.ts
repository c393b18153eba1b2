// The audit's --floor copy of the build: every page as a visitor gets it when the app's
// scripts are blocked. What Lighthouse then measures on it (the navigation, the first
// style, layout and paint, the early script) is what no hydration work can remove, so a
// route's total blocking time can be read against it in the same run.
import fs from "node:fs";
import { htmlFiles } from "../../src/build/finishPages";

/**
 * A page without Gatsby's scripts: webpack's (all `async`) and its chunk map, which only
 * they read. The early script, data blocks and the HTML stay.
 */
export const withoutAppScripts = (html: string) =>
  html.replace(/<script\b[^>]*(?:\basync\b|\bid="gatsby-chunk-mapping")[^>]*><\/script>/g, "");

/** Copies the build in `from` to `to`, every page without the app's scripts. */
export function copyWithoutAppScripts(from: string, to: string) {
  fs.cpSync(from, to, { recursive: true });
  fs.chmodSync(to, 0o755); // a temporary folder is private; nginx's workers must read it
  for (const file of htmlFiles(to)) fs.writeFileSync(file, withoutAppScripts(fs.readFileSync(file, "utf8")));
}
