// How the off-site backups went: root's record (BACKUPS_DIR/status.json), written by each
// run of anodising-backup.service and each verify, read by `sitectl backups`, doctor and
// the watch (through its root part's facts). No key, password or bucket secret is in it.
import fs from "node:fs";
import path from "node:path";
import { z } from "zod";
import { writeFileAtomic } from "../lib/files";
import { BACKUPS_DIR } from "../installed/layout";

const text = z.string();
const bytes = z.number().nonnegative();

const goodRun = z.object({
  at: text,
  snapshot: text,
  /** Bytes this run added (after deduplication). */
  added: bytes,
  /** Bytes the snapshot holds. */
  total: bytes,
  seconds: z.number().nonnegative(),
  /** Files a service's folder held that are not its own, left out of this run (stage.ts). */
  leftOut: z.array(text).optional(),
});

export const backupsStatusSchema = z.object({
  /** Where the backups go (restic's address; no key in it). */
  repository: text,
  /** The last run, good or not. */
  lastRun: z
    .object({
      at: text,
      ok: z.boolean(),
      error: text.optional(),
      /** The repository was busy (another run held it): not damage, and no backup either. */
      busy: z.boolean().optional(),
      /** Failed runs in a row, this one included. */
      failures: z.number().int().nonnegative().optional(),
    })
    .optional(),
  lastGood: goodRun.optional(),
  /** The first good run (its size and time, for the record). */
  firstGood: goodRun.optional(),
  /** What the repository held after the last good run's pruning. */
  kept: z.object({ snapshots: z.number().int().nonnegative(), oldest: text, stored: bytes }).optional(),
  /** What the server's keys can do to the stored history, as last tried (keyPowers.ts). */
  keys: z
    .object({
      checkedAt: text,
      canDelete: z.boolean(),
      canErase: z.boolean(),
      versioned: z.boolean(),
      locked: z.boolean(),
    })
    .optional(),
  /** The last verify that ran (a busy one is not one). */
  lastVerify: z.object({ at: text, ok: z.boolean(), subset: text, error: text.optional() }).optional(),
  /** A verify since that could not run: the repository was busy. */
  verifyBusy: z.object({ at: text, error: text }).optional(),
  /** The first run of a release that drills: the 40 days without a drill count from here. */
  drillsFrom: text.optional(),
  /** The last drill (drill.ts): the latest backup restored into a scratch folder and checked. */
  lastDrill: z
    .object({
      at: text,
      ok: z.boolean(),
      /** How long the restore and its checks took: the expected time to bring the site back. */
      seconds: z.number().nonnegative(),
      snapshot: text.optional(),
      snapshotAt: text.optional(),
      enquiries: z.number().int().nonnegative().optional(),
      logins: z.number().int().nonnegative().optional(),
      commit: text.optional(),
      tallyLines: z.number().int().nonnegative().optional(),
      visitsFiles: z.number().int().nonnegative().optional(),
      /** The live server's counts then (-1: could not be counted). */
      live: z.object({ enquiries: z.number().int(), logins: z.number().int(), commit: text }).optional(),
      error: text.optional(),
    })
    .optional(),
});
export type BackupsStatus = z.infer<typeof backupsStatusSchema>;

export const BACKUPS_STATUS = "status.json";

export function parseBackupsStatus(json: string | null | undefined): BackupsStatus | null {
  if (!json) return null;
  try {
    const parsed = backupsStatusSchema.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The status as the last run left it (root's own file); null when none has run. */
export function readBackupsStatus(dir = BACKUPS_DIR): BackupsStatus | null {
  const file = path.join(dir, BACKUPS_STATUS);
  return fs.existsSync(file) ? parseBackupsStatus(fs.readFileSync(file, "utf8")) : null;
}

/** Written whole (atomic, fsynced), readable by all: it holds no secret. */
export function writeBackupsStatus(dir: string, status: BackupsStatus): void {
  fs.mkdirSync(dir, { recursive: true, mode: 0o755 });
  writeFileAtomic(path.join(dir, BACKUPS_STATUS), `${JSON.stringify(status, null, 2)}\n`, 0o644, true);
}

/** "1.4 MB": a size for the operator. */
export function megabytes(size: number): string {
  return size < 100 * 1024 ? `${(size / 1024).toFixed(0)} KB` : `${(size / 2 ** 20).toFixed(1)} MB`;
}
