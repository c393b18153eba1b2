// The project's own imports, read from the source as text: every relative `import … from`
// and `export … from` of a file, resolved to the file it names. The code tests
// (import circles, the server's layers) read the import graph through this.
import fs from "node:fs";
import path from "node:path";

const EXTENSIONS = [".ts", ".tsx", ".mjs", ".cjs", "/index.ts", "/index.tsx"];
const IMPORT = /^(?:import|export)\s[^;]*?from\s+"(\.{1,2}\/[^"]+)"/gm;

/** Every TypeScript file under `dir` (declarations and node_modules left out), as absolute paths. */
export function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "node_modules" ? [] : sourceFiles(full);
    return /\.(tsx?|mjs|cjs)$/.test(entry.name) && !entry.name.endsWith(".d.ts") ? [full] : [];
  });
}

function resolve(from: string, specifier: string): string | null {
  const base = path.resolve(path.dirname(from), specifier);
  if (/\.(tsx?|mjs|cjs)$/.test(base) && fs.existsSync(base)) return base;
  const found = EXTENSIONS.map((extension) => base + extension).find((file) => fs.existsSync(file));
  return found ?? null;
}

/** The project's files `file` imports (type-only imports included), as absolute paths. */
export const importsOf = (file: string): string[] =>
  [...fs.readFileSync(file, "utf8").matchAll(IMPORT)]
    .map((match) => resolve(file, match[1]))
    .filter((target): target is string => target !== null);
