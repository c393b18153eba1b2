// The server's folders import one another only as the whiteboard in CONTRIBUTING.md ("How
// the server is laid out") allows, and that whiteboard has no arrow running back up: the
// rows are read from the table itself, so the picture and the code cannot drift apart.
import fs from "node:fs";
import path from "node:path";
import { importsOf, sourceFiles } from "../helpers/imports";

const SERVER = path.resolve("server");
const CONTRACT = path.resolve("src/contract");
const HEADERS = path.resolve("deploy/headers.ts");

/** folder → the folders it may import, from the table's rows (`name/` or `host.ts`). */
function whiteboard(): Map<string, string[] | "anything"> {
  const text = fs.readFileSync("CONTRIBUTING.md", "utf8");
  const table = text.slice(text.indexOf("<!-- server layers"));
  const rows = new Map<string, string[] | "anything">();
  for (const line of table.split("\n").slice(1)) {
    if (rows.size && !line.startsWith("|")) break;
    const cells = line.split(/(?<!\\)\|/).map((cell) => cell.trim());
    const name = /^`([\w.]+?)\/?`$/.exec(cells[1] ?? "")?.[1];
    if (!name) continue;
    const allowed = cells[3] ?? "";
    rows.set(name, allowed === "anything" ? "anything" : allowed.split(/,\s*/).filter(Boolean));
  }
  return rows;
}

/** The whiteboard's name for a file: its top folder under server/, `host.ts`, or what else it is. */
function placeOf(file: string): string {
  if (file === HEADERS) return "deploy";
  if (file.startsWith(CONTRACT + path.sep)) return "contract";
  if (!file.startsWith(SERVER + path.sep)) return path.relative(process.cwd(), file);
  return path.relative(SERVER, file).split(path.sep)[0];
}

const rows = whiteboard();
const files = sourceFiles(SERVER);

test("the whiteboard names every folder and file at the top of server/", () => {
  const top = fs.readdirSync(SERVER).filter((name) => !name.endsWith(".d.ts"));
  expect(top.filter((name) => !rows.has(name)).sort()).toEqual([]);
  expect([...rows.keys()].filter((name) => !top.includes(name)).sort()).toEqual([]);
});

test("the whiteboard's arrows all run down: no folder reaches one that reaches it back", () => {
  const reaches = (from: string, to: string, seen = new Set<string>()): boolean => {
    const allowed = rows.get(from);
    if (!Array.isArray(allowed) || seen.has(from)) return false;
    seen.add(from);
    return allowed.some((next) => next === to || reaches(next, to, seen));
  };
  const backUp = [...rows.keys()].filter((folder) => reaches(folder, folder));
  expect(backUp).toEqual([]);
});

test("every import of server/ keeps to the whiteboard", () => {
  expect(files.length).toBeGreaterThan(50);
  const wrong: string[] = [];
  for (const file of files) {
    const from = placeOf(file);
    const allowed = rows.get(from);
    if (allowed === "anything") continue;
    for (const target of importsOf(file)) {
      const to = placeOf(target);
      if (to === from || to === "contract" || allowed?.includes(to)) continue;
      wrong.push(
        `${path.relative(process.cwd(), file)} imports ${path.relative(process.cwd(), target)} (${from} may import: ${allowed?.join(", ") || "nothing"})`,
      );
    }
  }
  expect(wrong).toEqual([]);
});
