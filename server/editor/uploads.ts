// The bytes of new files the editor takes in a day, from every login together: a stolen
// login cannot fill the server's disk (or the content repository, which keeps every file
// ever uploaded) faster than this. Kept on disk, so a restart lifts no limit.
import fs from "node:fs";
import path from "node:path";
import { readJson, writeFileAtomic } from "../lib/files";
import { envNumber } from "../lib/settings";
import { Refusal } from "../lib/refusal";

const DAY_MS = 24 * 60 * 60_000;
/** New bytes a day for all staff together (EDITOR_UPLOAD_MB_PER_DAY): some 40 photos of 5 MB. */
export const UPLOAD_BYTES_PER_DAY = envNumber(process.env, "EDITOR_UPLOAD_MB_PER_DAY", 200) * 1024 * 1024;

type Taken = [at: number, bytes: number][];

export class UploadBudget {
  private taken: Taken;

  constructor(
    private readonly file: string,
    private readonly limit = UPLOAD_BYTES_PER_DAY,
  ) {
    this.taken = readJson<Taken>(file) ?? [];
  }

  /** Bytes taken in the last day. */
  used(now = Date.now()): number {
    return this.taken.filter(([at]) => now - at < DAY_MS).reduce((sum, [, bytes]) => sum + bytes, 0);
  }

  /** Takes `bytes` from today's budget, on disk before the save goes on; refuses (429) past it. */
  take(bytes: number, now = Date.now()): void {
    if (bytes === 0) return;
    const used = this.used(now);
    if (used + bytes > this.limit) {
      const mb = (n: number) => `${Math.ceil(n / 1024 / 1024)} MB`;
      throw new Refusal(
        429,
        `the editor has taken ${mb(used)} of new files in the last 24 hours, from all staff together, and takes at most ${mb(this.limit)} a day: save this file tomorrow, or ask the server's operator`,
      );
    }
    this.taken = [...this.taken.filter(([at]) => now - at < DAY_MS), [now, bytes]];
    fs.mkdirSync(path.dirname(this.file), { recursive: true });
    writeFileAtomic(this.file, JSON.stringify(this.taken));
  }
}
