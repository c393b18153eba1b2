// The format of a backup file (`sitectl backup` writes it, `sitectl restore` reads it): its
// parts, its manifest with each file's SHA-256, the settings it keeps, and the private
// staging folder both unpack into.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { STATES } from "../enquiry/spool";
import {
  BACKUP_FILE_ENV,
  ENQUIRY_ENV,
  MIRROR_ENV,
  PUBLISHER_ENV,
  SETTINGS_FILE,
  SITE_DIR,
  WATCH_ENV,
} from "../installed/layout";

export const FORMAT = "anodising-site-backup";
/** 2 added the report's history and the watch's state; 3 the signature of a file (signature.ts). */
export const VERSION = 3;
/** What this code restores: a backup the previous release made too. */
export const READABLE_VERSIONS = [1, 2, 3];
/** The first version whose files are signed: an older one is restored only when the operator says so. */
export const SIGNED_VERSION = 3;

export interface Manifest {
  format: typeof FORMAT;
  version: number;
  createdAt: string;
  domain: string;
  /** The code version in use when it was made. */
  code: string;
  /** main's head in the bundle. */
  head: string;
  logins: number;
  enquiries: Record<(typeof STATES)[number], number>;
  certificates: boolean;
  /** Version 2 on: the enquiries' tally's lines and the visits logs' files (the owner's report's year). */
  history?: { tallyLines: number; visitsFiles: number };
  /** Files a service's folder held that are not its own (a killed write's temporary file), left out and named. */
  leftOut?: string[];
  /** Every other file of the backup, with its SHA-256: a damaged file is refused whole. */
  files: Record<string, string>;
}

/** Where each part lives inside the backup. */
export const PART = {
  manifest: "manifest.json",
  /** A backup file's signature of the manifest (not in the manifest, not in an off-site backup). */
  signature: "manifest.sig",
  repo: "repo.bundle",
  editors: "editors",
  spool: "spool",
  settings: "settings",
  certificates: "certificates.tar",
  tally: "history/tally.jsonl",
  visits: "history/visits",
  watchState: "history/watch-state.json",
} as const;
/** nginx's user: the visits logs are its (group site-report), in a folder of root's. */
export const VISITS_USER = "www-data";
/** The operator's settings kept in a backup (install.conf only to compare domains). */
export const SETTINGS = [SETTINGS_FILE, ENQUIRY_ENV, PUBLISHER_ENV, WATCH_ENV, MIRROR_ENV];
/** Kept in the off-site backups only (restic encrypts them): the key that signs this server's files, which a file must never carry. */
export const OFFSITE_SETTINGS = [BACKUP_FILE_ENV];

export const sha256 = (file: string) => crypto.createHash("sha256").update(fs.readFileSync(file)).digest("hex");

/** Every file under `dir`, relative to it. */
export function filesUnder(dir: string, prefix = ""): string[] {
  return fs.readdirSync(path.join(dir, prefix), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.join(prefix, entry.name);
    return entry.isDirectory() ? filesUnder(dir, relative) : [relative];
  });
}

/** A private folder beside the site's own, on the same disk. */
export function stagingFolder(): string {
  const dir = fs.mkdtempSync(path.join(SITE_DIR, ".staging-"));
  fs.chmodSync(dir, 0o700);
  return dir;
}
