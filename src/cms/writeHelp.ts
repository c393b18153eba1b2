// The staff's guide (docs/editing.md) as a page of the editor, /admin/help/, behind the
// same login, so the status panel can link to it: staff have no copy of the repository.
import fs from "node:fs";
import path from "node:path";
import { marked } from "marked";
import { HELP_PATH } from "./config";
const SOURCE = path.join("docs", "editing.md");

const STYLE = `body { max-width: 52rem; margin: 0 auto; padding: 1rem 1.25rem 4rem;
  font: 16px/1.6 system-ui, sans-serif; color: #16212b; }
table { border-collapse: collapse; display: block; overflow-x: auto; }
th, td { border: 1px solid #d5dde5; padding: 0.4rem 0.6rem; text-align: left; vertical-align: top; }
code { background: #f1f4f7; padding: 0 0.2em; border-radius: 3px; }
a { color: #0b3a5b; }`;

/** The guide as one HTML page; links to the other guides (for engineers) become plain text. */
export function helpPage(markdown: string, title: string): string {
  const body = (marked.parse(markdown, { async: false }) as string).replace(
    /<a href="(?!https?:)[^"]*\.md(?:#[^"]*)?">([\s\S]*?)<\/a>/g,
    "$1",
  );
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="robots" content="noindex, nofollow" />
    <title>${title.replace(/[<&>"]/g, "")}</title>
    <style>${STYLE}</style>
  </head>
  <body>
    <main>
${body}
    </main>
  </body>
</html>
`;
}

/** Writes <adminDir>/help/index.html from the project's docs/editing.md. */
export function writeHelp(projectDir: string, adminDir: string, companyName: string) {
  const markdown = fs.readFileSync(path.join(projectDir, SOURCE), "utf8");
  const target = path.join(adminDir, HELP_PATH, "index.html");
  fs.mkdirSync(path.dirname(target), { recursive: true });
  fs.writeFileSync(target, helpPage(markdown, `Help for editors · ${companyName}`));
}
