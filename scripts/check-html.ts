// `npm run check:html`: the W3C's Nu Html Checker (vnu-jar, run with Debian's Java) over
// every HTML file of the build, the 404 page and the editor's page included. Any error
// fails. Only the CSS checker's complaints about valid modern CSS it does not know yet
// may be filtered, each by a pattern listed below with the reason; an HTML error never is.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const publicDir = path.resolve(__dirname, "../public");
// The jar itself; the package's own runner would try to download a Java of its own.
const vnu = require.resolve("vnu-jar/build/dist/vnu.jar");

/** CSS the checker does not know yet, though browsers do (message pattern, why). */
const KNOWN_CSS_GAPS: [RegExp, string][] = [];

interface Message {
  type: string;
  subType?: string;
  url: string;
  message: string;
  lastLine?: number;
  extract?: string;
}

// Every page a visitor can be sent: not Gatsby's fragments (_gatsby/slices) nor page-data/.
const pages = fs
  .readdirSync(publicDir, { recursive: true, encoding: "utf8" })
  .filter((file) => file.endsWith(".html") && !/^(_gatsby|page-data)\//.test(file))
  .filter((file) => fs.statSync(path.join(publicDir, file)).isFile())
  .sort()
  .map((file) => path.join(publicDir, file));
if (pages.length === 0) {
  console.error("No HTML in public/: run `npm run build` first.");
  process.exit(1);
}

const result = spawnSync("java", ["-jar", vnu, "--errors-only", "--format", "json", ...pages], {
  encoding: "utf8",
  maxBuffer: 64 * 1024 * 1024,
});
if (result.error || !result.stderr.trim().startsWith("{")) {
  console.error("The Nu Html Checker did not run:", result.error?.message ?? result.stderr);
  process.exit(1);
}
const { messages } = JSON.parse(result.stderr) as { messages: Message[] };
const errors = messages.filter(
  (m) => m.type === "error" || m.subType === "fatal" || (m.type === "non-document-error" && m.subType !== "info"),
);
const filtered = errors.filter((m) =>
  KNOWN_CSS_GAPS.some(([pattern]) => m.message.startsWith("CSS:") && pattern.test(m.message)),
);
const failing = errors.filter((m) => !filtered.includes(m));

for (const m of failing) {
  const file = path.relative(publicDir, new URL(m.url).pathname);
  console.error(
    `✗ ${file}${m.lastLine ? `:${m.lastLine}` : ""}: ${m.message}${m.extract ? `\n    ${m.extract.trim().slice(0, 160)}` : ""}`,
  );
}
if (filtered.length) console.log(`(${filtered.length} known CSS-checker gaps filtered; see KNOWN_CSS_GAPS)`);
console.log(
  `html: ${pages.length - new Set(failing.map((m) => m.url)).size} of ${pages.length} pages valid, ${failing.length} errors`,
);
process.exit(failing.length ? 1 : 0);
