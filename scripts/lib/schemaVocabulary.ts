// JSON-LD checked against the schema.org vocabulary: schema-dts (Google's TypeScript
// typings generated from schema.org) and the TypeScript compiler, so an unknown type, a
// property its type does not have or a value of the wrong kind is a compiler message.
import path from "node:path";
import ts from "typescript";

type Json = Record<string, unknown>;
const root = path.resolve(__dirname, "../..");

/**
 * The vocabulary's verdict on each route's documents: the compiler's messages, by route.
 * One program for every page (the typings are a megabyte: read once).
 */
export function vocabularyProblems(documents: Map<string, Json[]>): Map<string, string[]> {
  const routes = [...documents.keys()];
  const file = path.join(root, "structured-data.check.ts");
  const source = routes
    .map((route, index) =>
      documents
        .get(route)!
        .map((json, at) => `export const page${index}_${at}: Graph | WithContext<Thing> = ${JSON.stringify(json)};`)
        .join("\n"),
    )
    .join("\n");
  const header = `import type { Graph, Thing, WithContext } from "schema-dts";\n`;
  const options: ts.CompilerOptions = {
    strict: true,
    noEmit: true,
    types: [],
    module: ts.ModuleKind.CommonJS,
    moduleResolution: ts.ModuleResolutionKind.Node10,
  };
  const host = ts.createCompilerHost(options);
  const read = host.getSourceFile.bind(host);
  host.getSourceFile = (name, language) =>
    name === file ? ts.createSourceFile(name, header + source, language) : read(name, language);
  host.fileExists = (
    (exists) => (name: string) =>
      name === file || exists(name)
  )(host.fileExists.bind(host));
  const program = ts.createProgram([file], options, host);
  const byRoute = new Map<string, string[]>(routes.map((route) => [route, []]));
  for (const diagnostic of ts.getPreEmitDiagnostics(program)) {
    const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, " ").slice(0, 300);
    const line =
      diagnostic.file && diagnostic.start !== undefined
        ? diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start).line
        : -1;
    // Line 0 is the import; line n + 1 holds the n-th document, named page<route>_<at>.
    const name = (header + source).split("\n")[line]?.match(/^export const page(\d+)_/)?.[1];
    const route = name === undefined ? "(all)" : routes[Number(name)];
    byRoute.set(route, [...(byRoute.get(route) ?? []), message]);
  }
  return byRoute;
}
