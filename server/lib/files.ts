// Durable file writes for the server side: a reader sees the old file or the new one,
// never half of one, and a power cut after we return keeps the new one.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { z } from "zod";

/** fsync a folder, so a rename or a new entry in it survives a power cut. */
export function syncFolder(folder: string): void {
  const fd = fs.openSync(folder, "r");
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

/** writeFileAtomic's temporary names (and an older release's `.NAME.PID.tmp`): what a killed writer leaves. */
export const TEMPORARY_FILE = /^\..+\.tmp$/;

/**
 * A temporary name beside `file` no other writer shares: the pid alone is not unique, since
 * every site unit has a PID namespace of its own (PrivatePIDs=), where each is pid 1.
 */
const temporaryBeside = (file: string) =>
  path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}-${crypto.randomBytes(6).toString("hex")}.tmp`);

/**
 * Writes `data` to a temporary file beside `file`, fsyncs it, renames it over `file`.
 * `mode` is filtered by the process's umask, unless `exactMode` says it must be just that.
 */
export function writeFileAtomic(file: string, data: string | Buffer, mode = 0o644, exactMode = false): void {
  const temp = temporaryBeside(file);
  // A new file of our own: never through a link or into a file someone left under that name.
  fs.rmSync(temp, { force: true });
  const { O_WRONLY, O_CREAT, O_EXCL, O_NOFOLLOW } = fs.constants;
  const fd = fs.openSync(temp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, mode);
  try {
    if (exactMode) fs.fchmodSync(fd, mode);
    fs.writeFileSync(fd, data);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  fs.renameSync(temp, file);
  syncFolder(path.dirname(file));
}

/** Points the symlink `link` at `target` in one step (a new link renamed over the old). */
export function swapSymlink(target: string, link: string): void {
  const temp = temporaryBeside(link);
  fs.rmSync(temp, { force: true });
  fs.symlinkSync(target, temp);
  fs.renameSync(temp, link);
  syncFolder(path.dirname(link));
}

/** Reads a JSON file, or returns undefined when it is not there. */
export function readJson<T>(file: string): T | undefined {
  try {
    return JSON.parse(fs.readFileSync(file, "utf8")) as T;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
}

/**
 * `json`'s value as `schema`'s, or null when there is none, it is not JSON, or not of that
 * shape: how a record another user wrote is read (server/installed/records.ts).
 */
export function jsonAs<T>(schema: z.ZodType<T>, json: string | undefined): T | null {
  if (!json) return null;
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return null;
  }
  const checked = schema.safeParse(value);
  return checked.success ? checked.data : null;
}
