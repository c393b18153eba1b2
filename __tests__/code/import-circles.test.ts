// No module of the site imports itself through others, even for a type only: a circle
// means a shape lives in one of its consumers (src/schema/types.ts holds the shared ones).
import fs from "node:fs";
import path from "node:path";

const ROOTS = ["src", "server", "scripts", "deploy"];
const EXTENSIONS = [".ts", ".tsx", "/index.ts", "/index.tsx"];
const IMPORT = /^(?:import|export)\s[^;]*?from\s+"(\.{1,2}\/[^"]+)"/gm;

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "node_modules" ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith(".d.ts") ? [full] : [];
  });
}

function resolve(from: string, specifier: string): string | null {
  const base = path.resolve(path.dirname(from), specifier);
  if (/\.tsx?$/.test(base) && fs.existsSync(base)) return base;
  const found = EXTENSIONS.map((extension) => base + extension).find((file) => fs.existsSync(file));
  return found ?? null;
}

/** Each circle once, as the files around it, relative to the project. */
function circles(files: string[]): string[][] {
  const edges = new Map(
    files.map((file) => [
      file,
      [...fs.readFileSync(file, "utf8").matchAll(IMPORT)]
        .map((match) => resolve(file, match[1]))
        .filter((target): target is string => target !== null),
    ]),
  );
  const found = new Map<string, string[]>();
  const done = new Set<string>();
  const visit = (file: string, trail: string[]) => {
    const at = trail.indexOf(file);
    if (at >= 0) {
      const circle = trail.slice(at).map((each) => path.relative(process.cwd(), each));
      found.set([...circle].sort().join(), circle);
      return;
    }
    if (done.has(file)) return;
    for (const target of edges.get(file) ?? []) visit(target, [...trail, file]);
    done.add(file);
  };
  for (const file of files) visit(file, []);
  return [...found.values()];
}

test("no import circle in the project's code", () => {
  const files = ROOTS.flatMap((root) => sourceFiles(path.resolve(root)));
  expect(files.length).toBeGreaterThan(100);
  expect(circles(files)).toEqual([]);
});
