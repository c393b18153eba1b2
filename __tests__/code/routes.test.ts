// The services' HTTP edges stay thin: a file that speaks HTTP (it imports Fastify or
// Express) only adapts requests to plain work functions and sends back what they return.
// Its pages live in their own modules, and no function in it runs over ROUTES_MAX_LINES
// (the registering functions included), so a route's work is always somewhere a test can
// call without a server.
import fs from "node:fs";
import path from "node:path";
import ts from "typescript";
import { sourceFiles } from "../helpers/imports";

const ROUTES_MAX_LINES = 40;
const HTTP_STACK = /^import\s[^;]*?from\s+"(fastify|express)"/m;

const routesFiles = sourceFiles(path.resolve("server"))
  .filter((file) => !file.includes(`${path.sep}tests${path.sep}`) && !file.endsWith(".d.ts"))
  .filter((file) => HTTP_STACK.test(fs.readFileSync(file, "utf8")));

/** Each function in `file` with its name (or where it starts) and its length in lines. */
function functionsOf(file: string): { name: string; lines: number }[] {
  const source = ts.createSourceFile(file, fs.readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);
  const found: { name: string; lines: number }[] = [];
  const line = (position: number) => source.getLineAndCharacterOfPosition(position).line + 1;
  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node) && "body" in node && node.body) {
      const named = ts.isVariableDeclaration(node.parent) ? node.parent.name.getText() : node.name?.getText();
      const start = line(node.getStart());
      found.push({ name: `${named ?? "a function"} at line ${start}`, lines: line(node.end) - start + 1 });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

it("finds the services' routes files", () => {
  const services = new Set(routesFiles.map((file) => path.relative("server", file).split(path.sep)[0]));
  expect([...services].sort()).toEqual(["editor", "enquiry", "login"]);
});

describe.each(routesFiles.map((file) => path.relative(process.cwd(), file)))("%s", (file) => {
  it(`has no function over ${ROUTES_MAX_LINES} lines`, () => {
    const long = functionsOf(file).filter((fn) => fn.lines > ROUTES_MAX_LINES);
    expect(long.map((fn) => `${fn.name}: ${fn.lines} lines`)).toEqual([]);
  });

  it("draws no page itself (its pages are a module of their own)", () => {
    expect(fs.readFileSync(file, "utf8")).not.toMatch(/\bstaffPage\(|<h1>|<table/);
  });
});
