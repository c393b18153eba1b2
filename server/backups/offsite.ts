// The off-site backups: every hour (anodising-backup.timer) what a new server needs is
// staged (stage.ts) and handed to restic, which encrypts it and stores only what
// changed in the bucket `sitectl backups set` checked; restic's retention then forgets
// and prunes. Weekly (anodising-backup-verify.timer) a part of the stored data is read
// back, all of it in the first week of a month. Each run writes how it went to
// status.json (status.ts), which doctor and the watch read.
import fs from "node:fs";
import path from "node:path";
import {
  BACKUPS_DIR,
  BACKUPS_ENV,
  PUBLISHER_ENV,
  SITE_DIR,
  readEnvFile,
  type InstallSettings,
} from "../installed/layout";
import { DEFAULT_MIN_FREE_MB, envNumber } from "../lib/settings";
import { readBackupsStatus, writeBackupsStatus, type BackupsStatus } from "./status";
import { backupFolder, prune, snapshots, storedBytes, verify, ResticError, type Repository } from "./restic";
import { stageBackup, stagedSize } from "./stage";
import { keyPowers } from "./keyPowers";
import type { KeyPowers } from "./holding";
import { Failure } from "../installed/shell";

/** Where each run stages what it backs up: a fixed path, so restic finds the last run's files and reads only what changed. */
export const BACKUP_STAGE = path.join(SITE_DIR, ".backup-stage");
/** restic's cache of the repository's index (root's): runs read the bucket's index once. */
export const CACHE_DIR = path.join(BACKUPS_DIR, "cache");
/** The part of the data a weekly verify reads back (all of it in a month's first week). */
export const VERIFY_SUBSET = "10%";

/** The keys of backups.env, as the recovery sheet names them for a new server too. */
export const KEYS = {
  repository: "BACKUPS_REPOSITORY",
  accessKeyId: "BACKUPS_ACCESS_KEY_ID",
  secretAccessKey: "BACKUPS_SECRET_ACCESS_KEY",
  region: "BACKUPS_REGION",
  password: "BACKUPS_PASSWORD",
} as const;

/** The repository a KEY=value set names (backups.env, or the recovery sheet's values); null when incomplete. */
export function targetOf(values: Record<string, string | undefined>): Repository | null {
  const target = {
    repository: values[KEYS.repository] ?? "",
    accessKeyId: values[KEYS.accessKeyId] ?? "",
    secretAccessKey: values[KEYS.secretAccessKey] ?? "",
    region: values[KEYS.region] || "us-east-1",
    password: values[KEYS.password] ?? "",
  };
  return target.repository && target.password ? target : null;
}

export const valuesOf = (target: Repository): Record<string, string> => ({
  [KEYS.repository]: target.repository,
  [KEYS.accessKeyId]: target.accessKeyId,
  [KEYS.secretAccessKey]: target.secretAccessKey,
  [KEYS.region]: target.region,
  [KEYS.password]: target.password,
});

/** This server's backups; null when none are set. */
export const readBackupsTarget = (): Repository | null => targetOf(readEnvFile(BACKUPS_ENV));

/** The repository's address without anything secret: the status, doctor, the digest. */
export const shownAddress = (target: Repository) => target.repository.replace(/^s3:/, "");

/**
 * Room for the stage: about twice what the last backup held (a part is handed over as a tar,
 * then unpacked), or, before the first, twice what the folders hold. A run that would take
 * the disk under the site's floor (HOST_MIN_FREE_MB, what builds and enquiries keep) stops
 * before it stages anything, saying so.
 */
export function mustHaveRoom(before: BackupsStatus, estimate: () => number, freeBytes = freeOnSiteDisk()): void {
  const floor = envNumber(readEnvFile(PUBLISHER_ENV), "HOST_MIN_FREE_MB", DEFAULT_MIN_FREE_MB) * 2 ** 20;
  const needed = 2 * (before.lastGood?.total ?? estimate());
  if (freeBytes - needed >= floor) return;
  const mb = (bytes: number) => `${Math.round(bytes / 2 ** 20)} MB`;
  throw new Failure(
    `not enough free space to stage the backup: it needs about ${mb(needed)} on ${SITE_DIR}'s disk, which has ${mb(freeBytes)} free, and the site keeps ${mb(floor)} free (HOST_MIN_FREE_MB in ${PUBLISHER_ENV}); free some space (sitectl logs; old releases go by themselves), or give the disk more`,
  );
}

function freeOnSiteDisk(): number {
  const disk = fs.statfsSync(SITE_DIR);
  return disk.bavail * disk.bsize;
}

function freshStage(): string {
  fs.rmSync(BACKUP_STAGE, { recursive: true, force: true });
  fs.mkdirSync(BACKUP_STAGE, { mode: 0o700 });
  return BACKUP_STAGE;
}

/** How often the keys' powers are tried again (they change only when someone changes the keys or the bucket). */
export const KEYS_CHECK_MS = 24 * 3600_000;

/** The keys' powers as last tried, tried again once a day; the last known when the bucket does not answer. */
async function currentPowers(
  target: Repository,
  domain: string,
  before: BackupsStatus,
): Promise<KeyPowers | undefined> {
  const kept = before.keys;
  if (kept && Date.now() - Date.parse(kept.checkedAt) < KEYS_CHECK_MS) return kept;
  try {
    return (await keyPowers(target, domain)) ?? undefined;
  } catch {
    // The backup itself says what is wrong with the bucket.
    return kept;
  }
}

/**
 * One backup: staged, stored, and pruned when the server's keys may delete (keys that cannot
 * leave forgetting to a key off the server); the status written either way. Returns it.
 */
export async function runBackup(settings: InstallSettings, target: Repository): Promise<BackupsStatus> {
  const before = readBackupsStatus() ?? { repository: shownAddress(target) };
  const at = new Date().toISOString();
  const keys = await currentPowers(target, settings.domain, before);
  let status: BackupsStatus;
  try {
    mustHaveRoom(before, stagedSize);
    const stage = freshStage();
    const manifest = stageBackup(stage, settings, true, true);
    const summary = backupFolder(target, CACHE_DIR, stage, settings.domain);
    if (keys?.canDelete !== false) prune(target, CACHE_DIR, settings.domain);
    const kept = snapshots(target, CACHE_DIR).filter((snapshot) => snapshot.host === settings.domain);
    const good = {
      at,
      snapshot: summary.snapshot,
      added: summary.added,
      total: summary.total,
      seconds: summary.seconds,
      ...(manifest.leftOut?.length ? { leftOut: manifest.leftOut } : {}),
    };
    status = {
      ...before,
      repository: shownAddress(target),
      ...(keys ? { keys } : {}),
      lastRun: { at, ok: true },
      lastGood: good,
      firstGood: before.firstGood ?? good,
      drillsFrom: before.drillsFrom ?? at,
      kept: { snapshots: kept.length, oldest: kept[0]?.time ?? at, stored: storedBytes(target, CACHE_DIR) },
    };
  } catch (error) {
    // Whatever stopped it (a full disk's ENOSPC too) is recorded: the watch must not read the last good run as current.
    if (!(error instanceof Error)) throw error;
    const failures = before.lastRun && !before.lastRun.ok ? (before.lastRun.failures ?? 1) + 1 : 1;
    status = {
      ...before,
      repository: shownAddress(target),
      ...(keys ? { keys } : {}),
      lastRun: {
        at,
        ok: false,
        error: error.message,
        ...(error instanceof ResticError && error.busy ? { busy: true } : {}),
        failures,
      },
    };
  } finally {
    // The stage holds logins and enquiries: none of it stays beside the site between runs.
    fs.rmSync(BACKUP_STAGE, { recursive: true, force: true });
  }
  writeBackupsStatus(BACKUPS_DIR, status);
  return status;
}

/** Reads the stored data back: `all`, or VERIFY_SUBSET of it (all in a month's first week). */
export function runVerify(target: Repository, all: boolean, now = new Date()): BackupsStatus {
  const whole = all || now.getUTCDate() <= 7;
  const subset = whole ? "all" : VERIFY_SUBSET;
  const before = readBackupsStatus() ?? { repository: shownAddress(target) };
  let status: BackupsStatus;
  try {
    verify(target, CACHE_DIR, whole ? "" : VERIFY_SUBSET);
    status = { ...before, lastVerify: { at: now.toISOString(), ok: true, subset }, verifyBusy: undefined };
  } catch (error) {
    if (!(error instanceof ResticError)) throw error;
    // Busy is not damage: the last verify that ran still stands.
    status = error.busy
      ? { ...before, verifyBusy: { at: now.toISOString(), error: error.message } }
      : {
          ...before,
          lastVerify: { at: now.toISOString(), ok: false, subset, error: error.message },
          verifyBusy: undefined,
        };
  }
  writeBackupsStatus(BACKUPS_DIR, status);
  return status;
}
