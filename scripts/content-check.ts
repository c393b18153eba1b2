// npm run content:check [-- --strict]: lists the placeholder values still in content/, and
// warns of pages no link leads to. With --strict (before launch) it exits 1 while any
// placeholder is left.
import path from "node:path";
import { contentReport, formatWarning } from "../src/schema/report";
import { loadContent } from "../src/schema/load";
import { findPlaceholders } from "../src/schema/placeholders";

const strict = process.argv.includes("--strict");
const found = findPlaceholders(path.resolve(__dirname, ".."));
for (const { file, line, text, why } of found) console.log(`${file}:${line}  ${text}  (${why})`);
console.log(
  found.length === 0
    ? "No placeholders left in content/."
    : `${found.length} placeholder values left in content/: replace them before launch.`,
);
// Pages nobody can reach: a warning, never a failure (a page may come before its link).
for (const warning of contentReport(loadContent(path.resolve(__dirname, ".."))).warnings) {
  console.log(`warning: ${formatWarning(warning)}`);
}
if (strict && found.length > 0) process.exit(1);
