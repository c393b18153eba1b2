// CONTRIBUTING.md's picture of the tree ("How the code is laid out" and the server's
// table) stays the tree: every file and folder directly under src/, server/ and scripts/
// is named there; a folder is described either whole or file by file, and then every file
// of it is named; and nothing named there is gone. A new file fails this until the layout
// says what it is for.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const ROOTS = ["src", "server", "scripts"];
/** What names a file or folder of the code: a path ending in a code file's extension, or a folder's slash. */
const PATH = /(?<![\w./-])(?:[\w.-]+\/)*(?:[\w.-]+\.(?:ts|tsx|mjs|cjs|js|sh|css)|[\w.-]+\/)(?![\w/])/g;
/** Made by a build or a test run, never in the repository. */
const MADE = /^(public|\.cache|node_modules)\//;

/** Folders whose files another test holds to a list, which the layout names instead of each file. */
const HELD_ELSEWHERE: Record<string, string> = {
  "server/sitectl/": "__tests__/server/sitectl-commands.test.ts",
};

const text = fs.readFileSync("CONTRIBUTING.md", "utf8");
const tracked = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard"], { encoding: "utf8" })
  .split("\n")
  .filter(Boolean);
const exists = (name: string) => tracked.some((file) => (name.endsWith("/") ? file.startsWith(name) : file === name));

/** Whether several folders in `folder` hold `name`: a name for each of them (a section's `schema.ts`). */
const inEach = (folder: string, name: string) => {
  const inner = childrenOf(folder).filter((child) => child.endsWith("/"));
  return inner.filter((child) => exists(`${child}${name}`)).length > 1;
};

/** The layout's entries: the folder or file each describes, and the words describing it. */
function entries(): { at: string; words: string }[] {
  const found: { at: string; words: string }[] = [];
  const block = text.slice(text.indexOf("## How the code is laid out"));
  const code = block.slice(block.indexOf("```") + 3, block.indexOf("```", block.indexOf("```") + 3));
  for (const line of code.split("\n").slice(1)) {
    const head = /^(\S+)(.*)$/.exec(line);
    if (head) found.push({ at: head[1], words: head[2] });
    else if (found.length) found[found.length - 1].words += `\n${line}`;
  }
  const table = text.slice(text.indexOf("<!-- server layers"));
  const rows = table.slice(table.indexOf("\n|")).split("\n\n")[0];
  for (const line of rows.split("\n")) {
    const cells = line.split(/(?<!\\)\|/).map((cell) => cell.trim());
    const at = /^`([\w.]+\/?)`$/.exec(cells[1] ?? "")?.[1];
    if (at)
      found.push({
        at: `server/${at}`,
        words: [...(cells[2] ?? "").matchAll(/`([^`]+)`/g)].map((m) => m[1]).join(" "),
      });
  }
  return found;
}

/** Every path the layout names, as the repository spells it, and the names it could not find. */
function named(): { paths: Set<string>; gone: string[] } {
  const paths = new Set<string>();
  const gone: string[] = [];
  for (const { at, words } of entries()) {
    paths.add(at);
    // A name is read in the entry's folder (or in each folder of it: a section's schema.ts),
    // in a folder the entry named before it (companyPdfs/'s files), or from the top.
    const folder = at.endsWith("/") ? at : "";
    const nested: string[] = [];
    for (const [name] of words.matchAll(PATH)) {
      if (MADE.test(name)) continue;
      if (folder && !exists(`${folder}${name}`) && inEach(folder, name)) continue;
      const found = [folder, ...nested]
        .map((inside) => `${inside}${name}`)
        .concat(name)
        .find(exists);
      if (!found) gone.push(`${name} (under ${at})`);
      else {
        paths.add(found);
        if (found.endsWith("/")) nested.push(found);
      }
    }
  }
  return { paths, gone };
}

/** The files and folders directly in `folder/`, as named paths ("src/build/", "src/constants.ts"). */
function childrenOf(folder: string): string[] {
  return [
    ...new Set(
      tracked
        .filter((file) => file.startsWith(folder))
        .map((file) => {
          const [first, ...rest] = file.slice(folder.length).split("/");
          return `${folder}${first}${rest.length ? "/" : ""}`;
        }),
    ),
  ].sort();
}

const { paths, gone } = named();

it("names nothing that is gone", () => {
  expect(gone).toEqual([]);
});

it.each(ROOTS)("names every file and folder directly in %s/", (root) => {
  expect(childrenOf(`${root}/`).filter((child) => !paths.has(child))).toEqual([]);
});

it("names every file of a folder it describes file by file", () => {
  const byFile = [...paths]
    .filter((name) => ROOTS.some((root) => name.startsWith(`${root}/`)))
    .map((name) => `${path.posix.dirname(name.replace(/\/$/, ""))}/`)
    .filter((folder) => !ROOTS.includes(folder.slice(0, -1)));
  const missing = [...new Set(byFile)]
    .filter((folder) => !HELD_ELSEWHERE[folder])
    .flatMap((folder) => childrenOf(folder).filter((child) => !paths.has(child)));
  expect(missing).toEqual([]);
});

it.each(Object.entries(HELD_ELSEWHERE))("leaves %s's files to %s, which it names", (folder, test) => {
  expect(exists(folder)).toBe(true);
  expect(exists(test)).toBe(true);
  expect(paths.has(test)).toBe(true);
  expect(fs.readFileSync(test, "utf8")).toContain("readdirSync");
});
