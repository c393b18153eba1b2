// restic (Debian's package), as the off-site backups use it: one repository (an S3-compatible
// bucket, or a folder in the tests), encrypted with a password only the recovery sheet and
// root's backups.env hold. Every call names the repository and keys in restic's environment,
// never on its command line (which `ps` shows every user), and reads restic's JSON answers.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { printable } from "../lib/printable";

export interface Repository {
  /** restic's address: `s3:https://host/bucket/prefix`, or a folder (the tests). */
  repository: string;
  password: string;
  /** An S3 bucket's keys ("" for a folder). */
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
}

/** How long one restic call may take: a first backup of a year of visits logs over a slow line. */
const CALL_MS = 3 * 3600_000;

/** How long a call waits for another of this server's calls (a weekly verify reading everything) before it says "busy". */
export const WAIT_SECONDS = 3 * 3600;
/** How long restic 0.16+ retries a lock another computer holds (a prune run elsewhere). */
const RETRY_LOCK_SECONDS = 30 * 60;
/** flock's status when the wait ran out (it is not restic's). */
const BUSY_STATUS = 75;

/** This server's turn at the repository: a file in root's own cache folder (0700), so no service's user can hold it. */
export const lockFile = (cacheDir: string) => path.join(cacheDir, ".anodising.lock");

export class ResticError extends Error {
  /** The repository was locked (another run here or elsewhere): busy, not damaged. */
  readonly busy: boolean;
  constructor(message: string, busy = false) {
    super(message);
    this.busy = busy;
  }
}

/** restic's words when a lock kept it out (restic 0.14's, and 0.17 on's exit status 11). */
const LOCKED = /already locked|unable to create lock|lock.*held by|could not acquire lock/i;

/** restic's version, asked once: --retry-lock came in 0.16 (Debian 13 has 0.18, Debian 12 0.14). */
let version: number[] | undefined;
function retriesLocks(): boolean {
  if (!version) {
    const ran = spawnSync(process.env.RESTIC ?? "restic", ["version"], { encoding: "utf8", timeout: 60_000 });
    version = (/restic (\d+)\.(\d+)/.exec(ran.stdout ?? "") ?? []).slice(1).map(Number);
  }
  return version.length === 2 && (version[0] > 0 || version[1] >= 16);
}

/** restic's environment: the repository, its password and keys; a cache of root's own. */
function environment(target: Repository, cacheDir: string): NodeJS.ProcessEnv {
  return {
    PATH: "/usr/local/bin:/usr/bin:/bin",
    HOME: cacheDir,
    RESTIC_REPOSITORY: target.repository,
    RESTIC_PASSWORD: target.password,
    RESTIC_CACHE_DIR: cacheDir,
    ...(target.accessKeyId
      ? {
          AWS_ACCESS_KEY_ID: target.accessKeyId,
          AWS_SECRET_ACCESS_KEY: target.secretAccessKey,
          AWS_DEFAULT_REGION: target.region,
        }
      : {}),
  };
}

/**
 * restic's answer; a failure says restic's last lines, with no secret in them. A call that
 * locks the repository (all but `--no-lock` ones) first waits its turn on this server's lock
 * (in root's own cache folder: no service's user can hold it; flock(1)), so the hourly run, the verify and the drill wait for each
 * other instead of failing; restic 0.16+ also waits out a lock held elsewhere.
 */
export function restic(
  target: Repository,
  cacheDir: string,
  args: string[],
  options: { cwd?: string; waitSeconds?: number } = {},
): string {
  const wait = options.waitSeconds ?? WAIT_SECONDS;
  // Root's own cache, made here for every caller (restic would make it with looser modes).
  fs.mkdirSync(cacheDir, { recursive: true, mode: 0o700 });
  const locks = !args.includes("--no-lock");
  const command = [
    ...(locks
      ? ["flock", "--wait", String(wait), "--conflict-exit-code", String(BUSY_STATUS), lockFile(cacheDir)]
      : []),
    process.env.RESTIC ?? "restic",
    ...(locks && retriesLocks() ? ["--retry-lock", `${Math.min(wait, RETRY_LOCK_SECONDS)}s`] : []),
    ...args,
  ];
  const ran = spawnSync(command[0], command.slice(1), {
    env: environment(target, cacheDir),
    cwd: options.cwd,
    encoding: "utf8",
    maxBuffer: 256 * 1024 * 1024,
    timeout: CALL_MS + wait * 1000,
  });
  if (ran.error) throw new ResticError(`restic could not run: ${ran.error.message} (apt-get install restic)`);
  if (locks && ran.status === BUSY_STATUS)
    throw new ResticError(
      `another backup task on this server held the repository for over ${Math.round(wait / 60)} min (a verify reading everything?)`,
      true,
    );
  const words = ran.stderr || ran.stdout;
  if (ran.status !== 0) throw new ResticError(lastWords(words, target), ran.status === 11 || LOCKED.test(words));
  return ran.stdout;
}

/** With --json, restic writes its errors as JSON lines too (0.17 on): their words; "" for progress. */
function jsonError(line: string): string {
  try {
    const message = JSON.parse(line) as {
      message_type?: string;
      message?: string;
      item?: string;
      error?: { message?: string };
    };
    if (message.message_type === "exit_error") return message.message ?? "";
    if (message.message_type === "error")
      return `error: ${message.item ? `${message.item}: ` : ""}${message.error?.message ?? ""}`;
  } catch {
    // Not JSON after all: not restic's words either.
  }
  return "";
}

/** A line of restic's that says what failed (not a hint or a progress line). */
const ERROR_LINE = /^(fatal|error)\b|does not match|wrong password|no key found|unable to|connection refused/i;

/**
 * What restic said went wrong: its first and last error lines (its hints and progress left
 * out), else its last lines; printable, with the password and keys blanked should it echo them.
 */
export function lastWords(output: string, target: Repository): string {
  const lines = output
    .split("\n")
    .map((line) => (line.trim().startsWith("{") ? jsonError(line) : line.trim()))
    .filter(Boolean);
  const errors = lines.filter((line) => ERROR_LINE.test(line));
  let text = (errors.length ? [...new Set([errors[0], errors[errors.length - 1]])] : lines.slice(-3)).join(" / ");
  for (const secret of [target.password, target.secretAccessKey, target.accessKeyId].filter((s) => s.length >= 3))
    text = text.split(secret).join("(hidden)");
  return printable(text).slice(0, 400) || "restic failed without saying why";
}

/** Whether a repository is there already (its config readable with this password). */
export function repositoryExists(target: Repository, cacheDir: string): boolean {
  try {
    restic(target, cacheDir, ["cat", "config", "--no-lock"]);
    return true;
  } catch {
    return false;
  }
}

export interface Snapshot {
  id: string;
  time: string;
  host: string;
  tags: string[];
}

export function snapshots(target: Repository, cacheDir: string): Snapshot[] {
  const list = JSON.parse(restic(target, cacheDir, ["snapshots", "--json", "--no-lock"]) || "[]") as {
    id: string;
    time: string;
    hostname: string;
    tags?: string[];
  }[];
  return list
    .map((snapshot) => ({ id: snapshot.id, time: snapshot.time, host: snapshot.hostname, tags: snapshot.tags ?? [] }))
    .sort((a, b) => Date.parse(a.time) - Date.parse(b.time));
}

export interface BackupSummary {
  snapshot: string;
  filesNew: number;
  filesChanged: number;
  /** Bytes added to the repository by this run (after deduplication, before compression). */
  added: number;
  /** Bytes of everything this snapshot holds. */
  total: number;
  seconds: number;
}

/** Backs up `folder` (a fixed path, so each run finds its parent and reads only what changed). */
export function backupFolder(target: Repository, cacheDir: string, folder: string, host: string): BackupSummary {
  const out = restic(target, cacheDir, ["backup", "--json", "--host", host, "--tag", "site", folder]);
  const summary = out
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as Record<string, unknown>)
    .find((message) => message.message_type === "summary");
  if (!summary) throw new ResticError("restic backup ended without its summary");
  return {
    snapshot: String(summary.snapshot_id),
    filesNew: Number(summary.files_new),
    filesChanged: Number(summary.files_changed),
    added: Number(summary.data_added),
    total: Number(summary.total_bytes_processed),
    seconds: Math.round(Number(summary.total_duration)),
  };
}

/** What the repository keeps: restic's own --keep-* rules, in one line for the operator. */
export const RETENTION = { hourly: 48, daily: 14, monthly: 12 } as const;
export const RETENTION_LINE = `the last ${RETENTION.hourly} hourly, ${RETENTION.daily} daily and ${RETENTION.monthly} monthly backups`;

/** Forgets what the retention no longer keeps and removes the data only those held. */
export function prune(target: Repository, cacheDir: string, host: string): void {
  restic(target, cacheDir, [
    "forget",
    "--host",
    host,
    "--keep-hourly",
    String(RETENTION.hourly),
    "--keep-daily",
    String(RETENTION.daily),
    "--keep-monthly",
    String(RETENTION.monthly),
    "--prune",
  ]);
}

/** Bytes the repository stores (after deduplication and compression). */
export function storedBytes(target: Repository, cacheDir: string): number {
  const stats = JSON.parse(restic(target, cacheDir, ["stats", "--json", "--mode", "raw-data", "--no-lock"])) as {
    total_size: number;
  };
  return stats.total_size;
}

/** Reads back the repository's structure and `subset` of its data ("10%", or "" for all of it). */
export function verify(target: Repository, cacheDir: string, subset: string): void {
  restic(target, cacheDir, ["check", subset ? `--read-data-subset=${subset}` : "--read-data"]);
}

/** Initialises an empty repository there, encrypted with the target's password. */
export function initRepository(target: Repository, cacheDir: string): void {
  restic(target, cacheDir, ["init"]);
}

/** Writes a snapshot's files under `into` (at their full paths, as backed up). */
export function restoreSnapshot(target: Repository, cacheDir: string, id: string, into: string): void {
  restic(target, cacheDir, ["restore", id, "--target", into]);
}
