// `npm run content:validate [-- --report FILE] [--project DIR]`: the build's own content
// check, in a second instead of a minute, for staff who edited content/ by hand. With
// --report it also writes its result as JSON (ContentReport): the publisher reads that,
// never these sentences. --project checks another project's content/ (tests).
import path from "node:path";
import { writeFileAtomic } from "../server/lib/files";
import { contentReport, formatProblems, formatWarning } from "../src/schema/report";
import { loadContent } from "../src/schema/load";

const option = (name: string) => {
  const at = process.argv.indexOf(name);
  return at > 0 ? (process.argv[at + 1] ?? "") : "";
};
const reportFile = option("--report");
const loaded = loadContent(path.resolve(option("--project") || path.join(__dirname, "..")));
const report = contentReport(loaded);
// Whole or not at all: the publisher reads it as soon as this exits.
if (reportFile) writeFileAtomic(reportFile, JSON.stringify(report, null, 2));
for (const warning of report.warnings) console.warn(`warning: ${formatWarning(warning)}`);
if (loaded.problems.length > 0) {
  console.error(formatProblems(loaded.problems));
  process.exit(1);
}
console.log(`The content is valid: ${loaded.files.length} files checked.`);
