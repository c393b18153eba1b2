// The early script (src/browser/early.ts, run by src/browser/earlyMain.ts) is bundled
// like any other script: esbuild follows its imports into one self-contained file, so
// a helper it imports is part of it, not a ReferenceError in the browser. gatsby-node.ts
// hands it to the page renderer as a constant; gatsby-ssr.tsx writes it into every page;
// the build then moves it into the page's first script file (src/build/inlineScripts.ts).
import path from "node:path";

/** The name the page renderer's code uses for the bundled script (webpack's DefinePlugin). */
export const EARLY_SCRIPT_CONSTANT = "EARLY_SCRIPT";

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
