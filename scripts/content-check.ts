// npm run content:check [-- --strict]: lists the placeholder values still in content/, and
// warns of pages no link leads to, and lists what each translation lacks. With --strict
// (before launch) it exits 1 while any placeholder or missing translation is left.
import path from "node:path";
import { LANGUAGES, TRANSLATIONS } from "../src/schema/languages";
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
const loaded = loadContent(path.resolve(__dirname, ".."));
// Pages nobody can reach: a warning, never a failure (a page may come before its link).
for (const warning of contentReport(loaded).warnings) {
  console.log(`warning: ${formatWarning(warning)}`);
}
// What each other language lacks: those pages are left out of it until it is there.
let untranslated = 0;
for (const language of TRANSLATIONS) {
  const name = LANGUAGES[language].inEnglish;
  const lacking = loaded.files.filter((file) => file.untranslated[language]);
  untranslated += lacking.length;
  for (const file of lacking) {
    const [first, ...more] = file.untranslated[language]!;
    const also = more.length ? ` (and ${more.length} more)` : "";
    console.log(`${file.file} › ${first!.field}: ${first!.message}${also}: not published in ${name}`);
  }
  console.log(
    lacking.length
      ? `${lacking.length} of ${loaded.files.length} files are not complete in ${name}.`
      : `Every file is complete in ${name}.`,
  );
}
if (strict && (found.length > 0 || untranslated > 0)) process.exit(1);
