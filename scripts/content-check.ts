// npm run content:check [-- --strict]: lists the placeholder values still in content/.
// With --strict (before launch) it exits 1 while any is left.
import path from "node:path";
import { findPlaceholders } from "../src/schema/placeholders";

const strict = process.argv.includes("--strict");
const found = findPlaceholders(path.resolve(__dirname, ".."));
for (const { file, line, text, why } of found) console.log(`${file}:${line}  ${text}  (${why})`);
console.log(
  found.length === 0
    ? "No placeholders left in content/."
    : `${found.length} placeholder values left in content/: replace them before launch.`,
);
if (strict && found.length > 0) process.exit(1);
