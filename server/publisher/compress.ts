// Precompression of a release: nginx then serves `file.br` / `file.gz` as they are
// (brotli_static, gzip_static) instead of compressing every response again. Brotli at
// its highest level and gzip at its highest; a file identical to the one at the same path
// in the previous release reuses that release's compressed copies (hard links).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Text the server sends; no source maps (never asked for by visitors), no images. */
const COMPRESSIBLE = /\.(html|js|css|json|xml|svg|txt|webmanifest|yml|yaml)$/;
/** Below this a compressed copy saves nothing worth a file (nginx's gzip_min_length). */
const MIN_BYTES = 256;

export const ENCODINGS = [".br", ".gz"] as const;

export function filesIn(root: string): string[] {
  return fs
    .readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)));
}

function sameBytes(a: string, b: string): boolean {
  try {
    if (fs.statSync(a).size !== fs.statSync(b).size) return false;
    return fs.readFileSync(a).equals(fs.readFileSync(b));
  } catch {
    return false;
  }
}

async function compress(file: string): Promise<void> {
  const data = fs.readFileSync(file);
  const [br, gz] = await Promise.all([
    brotli(data, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
      },
    }),
    gzip(data, { level: zlib.constants.Z_BEST_COMPRESSION }),
  ]);
  if (br.length < data.length) fs.writeFileSync(`${file}.br`, br);
  if (gz.length < data.length) fs.writeFileSync(`${file}.gz`, gz);
}

/** Adds .br and .gz beside every text file of `root`; returns how many were compressed and reused. */
export async function precompress(root: string, previous: string | null) {
  const todo: string[] = [];
  let reused = 0;
  for (const relative of filesIn(root)) {
    const file = path.join(root, relative);
    if (!COMPRESSIBLE.test(relative) || fs.statSync(file).size < MIN_BYTES) continue;
    const before = previous && path.join(previous, relative);
    if (before && sameBytes(file, before) && ENCODINGS.every((ext) => fs.existsSync(before + ext))) {
      for (const ext of ENCODINGS) fs.linkSync(before + ext, file + ext);
      reused += 1;
    } else {
      todo.push(file);
    }
  }
  // zlib runs in libuv's thread pool: one file per core at a time.
  const workers = Math.max(1, os.availableParallelism());
  let next = 0;
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (next < todo.length) await compress(todo[next++]);
    }),
  );
  return { compressed: todo.length, reused };
}
