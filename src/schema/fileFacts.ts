// What the checks read of a file content names (src/schema/files.ts says what each kind
// must be): its size, its first bytes and, for an image, its pixels.
import fs from "node:fs";
import { imageSize } from "image-size";
import { HEAD_BYTES, type FileFacts } from "./files";

/** An image's width and height from its header; null when it cannot be read. */
export function imageDimensions(bytes: Uint8Array): { width: number; height: number } | null {
  try {
    const { width, height } = imageSize(bytes);
    return width && height ? { width, height } : null;
  } catch {
    return null;
  }
}

/** Pixels already read, by file, size and time: the editor checks every save against all of content/. */
const dimensionsRead = new Map<string, ReturnType<typeof imageDimensions>>();

function cachedDimensions(absolute: string, stat: fs.Stats) {
  const key = `${absolute}\0${stat.size}\0${stat.mtimeMs}`;
  if (!dimensionsRead.has(key)) {
    if (dimensionsRead.size > 10_000) dimensionsRead.clear();
    dimensionsRead.set(key, imageDimensions(fs.readFileSync(absolute)));
  }
  return dimensionsRead.get(key)!;
}

/** A file's size and first bytes (its pixels read when asked), or null when there is no such file. */
export function fileFacts(absolute: string): FileFacts | null {
  let handle: number;
  try {
    handle = fs.openSync(absolute, "r");
  } catch {
    return null;
  }
  try {
    const stat = fs.fstatSync(handle);
    if (!stat.isFile()) return null;
    const head = Buffer.alloc(HEAD_BYTES);
    fs.readSync(handle, head, 0, HEAD_BYTES, 0);
    return { bytes: stat.size, head, dimensions: () => cachedDimensions(absolute, stat) };
  } finally {
    fs.closeSync(handle);
  }
}
