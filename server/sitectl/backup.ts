// `sitectl backup FILE [--with-certificates]`: one file holding what the server alone
// has: the content repository (a git bundle of every branch), the editor's logins, the
// enquiry spool, the operator's settings and, if asked, the certificates. Everything
// else (the code, the releases) comes back from the repository. `sitectl restore` reads it.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { syncFolder } from "../lib/files";
import { readLogins } from "../editor/logins";
import { STATES } from "../enquiry/spool";
import {
  EDITORS_FILE,
  ENQUIRY_DIR,
  ENQUIRY_ENV,
  LETSENCRYPT_DIR,
  PUBLISHER_ENV,
  REPO_DIR,
  SELF_SIGNED_DIR,
  SETTINGS_FILE,
  SITE_DIR,
  currentCode,
  readInstallSettings,
} from "./layout";
import { Failure, count, git, must, say } from "./shell";

export const FORMAT = "anodising-site-backup";
export const VERSION = 1;

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
  /** Every other file of the backup, with its SHA-256: a damaged file is refused whole. */
  files: Record<string, string>;
}

/** Where each part lives inside the backup. */
export const PART = {
  manifest: "manifest.json",
  repo: "repo.bundle",
  editors: "editors",
  spool: "spool",
  settings: "settings",
  certificates: "certificates.tar",
} as const;
/** The operator's settings kept in a backup (install.conf only to compare domains). */
export const SETTINGS = [SETTINGS_FILE, ENQUIRY_ENV, PUBLISHER_ENV];

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

export function backup(args: string[]): number {
  const file = args.find((arg) => !arg.startsWith("--"));
  if (!file) throw new Failure("usage: sitectl backup FILE [--with-certificates]");
  const target = path.resolve(file);
  if (fs.existsSync(target))
    throw new Failure(`${target} exists already; give a new name (a backup never overwrites a file).`);
  if (!fs.existsSync(path.dirname(target))) throw new Failure(`the folder ${path.dirname(target)} does not exist.`);
  const settings = readInstallSettings();
  if (!settings) throw new Failure("the site is not installed here: nothing to back up.");
  const withCertificates = args.includes("--with-certificates");

  const staging = stagingFolder();
  try {
    const head = git(REPO_DIR, ["rev-parse", "refs/heads/main"]);
    must("git", ["-C", REPO_DIR, "bundle", "create", "--quiet", path.join(staging, PART.repo), "--all"]);
    if (fs.existsSync(EDITORS_FILE)) fs.copyFileSync(EDITORS_FILE, path.join(staging, PART.editors));
    const enquiries = { pending: 0, sent: 0, failed: 0 };
    for (const state of STATES) {
      const from = path.join(ENQUIRY_DIR, "spool", state);
      const to = path.join(staging, PART.spool, state);
      fs.mkdirSync(to, { recursive: true });
      for (const name of fs.existsSync(from) ? fs.readdirSync(from) : []) {
        fs.copyFileSync(path.join(from, name), path.join(to, name));
        if (name.endsWith(".eml")) enquiries[state] += 1;
      }
    }
    fs.mkdirSync(path.join(staging, PART.settings));
    for (const setting of SETTINGS.filter((name) => fs.existsSync(name))) {
      fs.copyFileSync(setting, path.join(staging, PART.settings, path.basename(setting)));
    }
    if (withCertificates) {
      const folders = [LETSENCRYPT_DIR, SELF_SIGNED_DIR].filter((dir) => fs.existsSync(dir)).map((dir) => dir.slice(1));
      must("tar", ["-C", "/", "-cf", path.join(staging, PART.certificates), ...folders]);
    }
    const manifest: Manifest = {
      format: FORMAT,
      version: VERSION,
      createdAt: new Date().toISOString(),
      domain: settings.domain,
      code: currentCode().id,
      head,
      logins: readLogins(EDITORS_FILE).size,
      enquiries,
      certificates: withCertificates,
      files: Object.fromEntries(filesUnder(staging).map((name) => [name, sha256(path.join(staging, name))])),
    };
    fs.writeFileSync(path.join(staging, PART.manifest), JSON.stringify(manifest, null, 2) + "\n");

    // Written beside the target and renamed once complete: a half-written backup never has its name.
    const partial = `${target}.partial-${process.pid}`;
    fs.closeSync(fs.openSync(partial, "w", 0o600));
    try {
      must("tar", ["-C", staging, "-czf", partial, "."]);
      const fd = fs.openSync(partial, "r");
      fs.fsyncSync(fd);
      fs.closeSync(fd);
      fs.renameSync(partial, target);
      syncFolder(path.dirname(target));
    } finally {
      fs.rmSync(partial, { force: true });
    }
    const size = (fs.statSync(target).size / 2 ** 20).toFixed(1);
    say(`Backup written: ${target} (${size} MB, readable by root only).`);
    say(`  content repository at ${head.slice(0, 7)}, ${count(manifest.logins, "editor login")},`);
    say(`  enquiries: ${enquiries.pending} waiting, ${enquiries.failed} failed, ${enquiries.sent} sent; settings;`);
    say(`  ${withCertificates ? "certificates included" : "no certificates (--with-certificates to include them)"}.`);
    say("Keep it off this server; put it back with: sitectl restore FILE");
    return 0;
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
}
