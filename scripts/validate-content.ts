// `npm run content:validate`: the build's own content check, in a second instead of a
// minute, for staff who edited content/ by hand.
import path from "node:path";
import { formatProblems, loadContent } from "../src/schema/load";

const { files, problems } = loadContent(path.resolve(__dirname, ".."));
if (problems.length > 0) {
  console.error(formatProblems(problems));
  process.exit(1);
}
console.log(`The content is valid: ${files.length} files checked.`);
