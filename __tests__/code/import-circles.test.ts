// No module of the site imports itself through others, even for a type only: a circle
// means a shape lives in one of its consumers (src/schema/types.ts holds the shared ones).
import path from "node:path";
import { importsOf, sourceFiles } from "../helpers/imports";

const ROOTS = ["src", "server", "scripts", "deploy"];

/** Each circle once, as the files around it, relative to the project. */
function circles(files: string[]): string[][] {
  const edges = new Map(files.map((file) => [file, importsOf(file)]));
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
