// The early script (src/browser/early.ts, run by src/browser/earlyMain.ts) is bundled
// like any other script: esbuild follows its imports into one self-contained file, so
// a helper it imports is part of it, not a ReferenceError in the browser. gatsby-ssr.tsx
// writes it into every page; the build then moves it into the page's first script file
// (src/build/inlineScripts.ts).
import fs from "node:fs";
import path from "node:path";
import { EARLY_SCRIPT_FILE } from "./earlyScriptFile";

/** The early script as one minified classic script. */
export async function bundleEarlyScript(projectDir: string): Promise<string> {
  // Loaded here, not at the top: jest's jsdom tests import gatsby-node, and esbuild
  // refuses to load under jsdom.
  const esbuild = await import("esbuild");
  const result = await esbuild.build({
    entryPoints: [path.join(projectDir, "src/browser/earlyMain.ts")],
    bundle: true,
    write: false,
    minify: true,
    format: "iife",
    // The browsers Gatsby's own scripts support (its browserslist): the page must not
    // fail on a phone the app runs on.
    target: "es2017",
    legalComments: "none",
    logLevel: "warning",
  });
  return result.outputFiles[0].text.trim();
}

/** Bundles the early script into the project's .cache, whole or not at all. */
export async function writeEarlyScript(projectDir: string): Promise<void> {
  const target = path.join(projectDir, EARLY_SCRIPT_FILE);
  fs.mkdirSync(path.dirname(target), { recursive: true });
  fs.writeFileSync(`${target}.partial`, await bundleEarlyScript(projectDir));
  fs.renameSync(`${target}.partial`, target);
}
