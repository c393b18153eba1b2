// `sitectl backup FILE [--with-certificates]`: one file holding what the server alone
// has: the content repository (a git bundle of every branch), the editor's logins, the
// enquiry spool, the operator's settings and, if asked, the certificates. Everything
// else (the code, the releases) comes back from the repository. `sitectl restore` reads it.
// What a service's user owns is read as that user (root follows no path into the
// service's folders): the repository by the editor's git in its sandbox, the logins by the
// editor's user, the spool by the enquiry service's user, plain files only.
import fs from "node:fs";
import path from "node:path";
import { syncFolder } from "../lib/files";
import { SPOOL_FILE, STATES } from "../enquiry/spool";
import {
  EDITORS_FILE,
  ENQUIRY_DIR,
  LETSENCRYPT_DIR,
  SELF_SIGNED_DIR,
  SERVICES,
  currentCode,
  readInstallSettings,
} from "../installed/layout";
import { members } from "../installed/archive";
import {
  PART,
  SETTINGS,
  FORMAT,
  VERSION,
  filesUnder,
  sha256,
  stagingFolder,
  type Manifest,
} from "../installed/backupFile";
import { mustRepoGit, repoGit } from "../installed/sandbox";
import { Failure, count, must, run, say } from "../installed/shell";
import type { Command } from "./command";

/** Writes what `produce` prints (to the file descriptor it is given) into `file`; it must succeed. */
function writeFrom(file: string, produce: (fd: number) => { status: number; stderr: string }): void {
  const fd = fs.openSync(file, "wx", 0o600);
  try {
    const ran = produce(fd);
    if (ran.status !== 0) throw new Failure(`${path.basename(file)} could not be made: ${ran.stderr.trim()}`);
  } finally {
    fs.closeSync(fd);
  }
}

/**
 * The spool's enquiries, as the enquiry service's user hands them over: a tar of its plain
 * files only, checked member by member before root unpacks it into the staging folder.
 */
function copySpool(staging: string): Record<(typeof STATES)[number], number> {
  const archive = path.join(staging, "spool.tar");
  const list = `cd "$1" && find ${STATES.join(" ")} -maxdepth 1 -type f -print0 2>/dev/null | tar -c --null --no-recursion -T -`;
  writeFrom(archive, (fd) =>
    run("sh", ["-c", list, "sh", path.join(ENQUIRY_DIR, "spool")], { user: SERVICES.enquiry.user, stdoutFd: fd }),
  );
  const enquiries = { pending: 0, sent: 0, failed: 0 };
  for (const state of STATES) fs.mkdirSync(path.join(staging, PART.spool, state), { recursive: true });
  for (const { type, name } of members(archive)) {
    const [state, file, ...rest] = name.split("/");
    if (
      type !== "-" ||
      !STATES.includes(state as (typeof STATES)[number]) ||
      !SPOOL_FILE.test(file ?? "") ||
      rest.length
    )
      throw new Failure(
        `the enquiry spool handed over ${name}, which is not an enquiry's file: no backup was written.`,
      );
    if (file.endsWith(".eml")) enquiries[state as (typeof STATES)[number]] += 1;
  }
  must("tar", ["-xf", archive, "-C", path.join(staging, PART.spool), "--no-same-owner", "--no-same-permissions"]);
  fs.rmSync(archive);
  return enquiries;
}

function backup(args: string[]): number {
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
    const head = mustRepoGit(["rev-parse", "refs/heads/main"]);
    writeFrom(path.join(staging, PART.repo), (fd) =>
      repoGit(["bundle", "create", "--quiet", "-", "--all"], { stdoutFd: fd }),
    );
    const logins = run("cat", [EDITORS_FILE], { user: SERVICES.login.user });
    if (logins.status === 0) fs.writeFileSync(path.join(staging, PART.editors), logins.stdout, { mode: 0o600 });
    const enquiries = copySpool(staging);
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
      logins: logins.stdout.split("\n").filter((line) => line.includes(":")).length,
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

export const command: Command = {
  name: "backup",
  usage: ["backup FILE [--with-certificates]"],
  summary: "content, logins, enquiries and settings in one file",
  run: backup,
};
