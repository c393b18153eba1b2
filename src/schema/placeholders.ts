// Finds the made-up values still in content/ (npm run content:check), so staff know what
// to replace before launch. A value counts when its line carries a `# PLACEHOLDER`
// comment, or (the editor drops comments when it saves) when it looks made up:
// a placeholder- picture, an example.com address, or a run of zeros in a phone or GSTIN.
import fs from "node:fs";
import path from "node:path";
import { allYamlFiles } from "./load";

export interface Placeholder {
  file: string;
  line: number;
  text: string;
  why: string;
}

const MADE_UP: [RegExp, string][] = [
  [/#\s*PLACEHOLDER\b/, "marked PLACEHOLDER"],
  [/placeholder-[\w.-]+/, "placeholder picture"],
  [/\bexample\.(com|org|net)\b/, "example address"],
  [/\b0000\b|AAAAA0000A/, "made-up number"],
];

export function findPlaceholders(projectDir: string): Placeholder[] {
  const found: Placeholder[] = [];
  for (const relative of allYamlFiles(path.join(projectDir, "content")).sort()) {
    const file = path.join("content", relative);
    fs.readFileSync(path.join(projectDir, file), "utf8")
      .split("\n")
      .forEach((line, index) => {
        // Whole-line comments explain the file; they hold no value.
        if (/^\s*#/.test(line)) return;
        const match = MADE_UP.find(([pattern]) => pattern.test(line));
        if (match) found.push({ file, line: index + 1, text: line.replace(/\s*#.*$/, "").trim(), why: match[1] });
      });
  }
  return found;
}
