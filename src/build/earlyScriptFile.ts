// Where the build keeps the bundled early script, for gatsby-ssr.tsx to write into every
// page. No imports but Node's: gatsby-ssr.tsx is itself bundled by webpack.
import fs from "node:fs";
import path from "node:path";

/** Written by gatsby-node.ts before anything renders (src/build/earlyScript.ts). */
export const EARLY_SCRIPT_FILE = path.join(".cache", "early-script.js");

let cached: string | undefined;

/** The bundled early script, read once per process from the project folder. */
export function readEarlyScript(projectDir = process.cwd()): string {
  cached ??= fs.readFileSync(path.join(projectDir, EARLY_SCRIPT_FILE), "utf8");
  return cached;
}
