// `npm run content:validate [-- --report FILE] [--project DIR]`: the build's own content
// check, in a second instead of a minute, for staff who edited content/ by hand. With
// --report it also writes its result as JSON (ContentReport): the publisher reads that,
// never these sentences. --project checks another project's content/ (tests).
import fs from "node:fs";
import path from "node:path";
import { contentReport, formatProblems, formatWarning, loadContent } from "../src/schema/load";

const option = (name: string) => {
  const at = process.argv.indexOf(name);
  return at > 0 ? (process.argv[at + 1] ?? "") : "";
};
const reportFile = option("--report");
const loaded = loadContent(path.resolve(option("--project") || path.join(__dirname, "..")));
const report = contentReport(loaded);
if (reportFile) {
  // Whole or not at all: written beside the target and renamed over it.
  const temp = `${reportFile}.${process.pid}.tmp`;
  fs.writeFileSync(temp, JSON.stringify(report, null, 2));
  fs.renameSync(temp, reportFile);
}
for (const warning of report.warnings) console.warn(`warning: ${formatWarning(warning)}`);
if (loaded.problems.length > 0) {
  console.error(formatProblems(loaded.problems));
  process.exit(1);
}
console.log(`The content is valid: ${loaded.files.length} files checked.`);
