// `sitectl restore FILE [--with-certificates]`: puts a backup made by `sitectl backup`
// onto this installation (normally a fresh one): the content repository, the editor's
// logins, the enquiries (added to any here), the settings, the report's history and the
// watch's state, and the certificates when asked. `--from-backups` takes the same from
// the off-site backups (the latest, or `--at` one) instead of a file (server/backups/fromOffsite.ts). Every member of every archive in it is checked first, and each part is unpacked
// into a staging folder of root's, taking no owner or mode from the archive; a damaged,
// foreign or crafted file changes nothing and says which member and why. What belongs to a
// service's user is handed to that user to write (root follows no path into its folders).
import fs from "node:fs";
import path from "node:path";
import { migrateContent } from "../installed/contentMigration";
import { SAFE_GIT } from "../lib/git";
import {
  EDITORS_FILE,
  ENQUIRY_DIR,
  REPO_DIR,
  SERVICES,
  SETTINGS_FILE,
  SITE_GROUP,
  UNITS,
  currentCode,
  readInstallSettings,
} from "../installed/layout";
import { badName, members } from "../backups/archive";
import {
  FORMAT,
  PART,
  READABLE_VERSIONS,
  SETTINGS,
  filesUnder,
  sha256,
  stagingFolder,
  type Manifest,
} from "../backups/file";
import { checkCertificates, placeCertificates } from "../backups/restoreCertificates";
import { describe, waitForPublisher } from "../installed/publisher";
import type { Status } from "../publisher/status";
import { mustAs, mustRepoGit, runAs } from "../installed/sandbox";
import { Failure, count, must, run, say, startUnits, systemctl } from "../installed/shell";
import { restoreHistory, writeAsUser } from "../backups/restoreHistory";
import { fromBackups } from "../backups/fromOffsite";
import { usageOf, type Command } from "./command";

/** Only plain files and folders, inside the backup: no links, devices or paths leading out. */
function checkListing(file: string): void {
  for (const { type, name } of members(file)) {
    const bad =
      (type !== "-" && type !== "d" && `a ${type === "l" || type === "h" ? "link" : "special file"}`) || badName(name);
    if (bad)
      throw new Failure(
        `${file} is not a backup made by sitectl backup: it holds ${name} (${bad}); nothing was changed.`,
      );
  }
}

/** The manifest, once every file is the one it names. */
function checkContents(file: string, staging: string): Manifest {
  const manifestFile = path.join(staging, PART.manifest);
  let manifest: Manifest;
  try {
    manifest = JSON.parse(fs.readFileSync(manifestFile, "utf8")) as Manifest;
  } catch {
    throw new Failure(`${file} is not a backup made by sitectl backup (no readable ${PART.manifest}).`);
  }
  if (manifest.format !== FORMAT) throw new Failure(`${file} is not a backup made by sitectl backup.`);
  if (!READABLE_VERSIONS.includes(manifest.version))
    throw new Failure(
      `${file} is a backup of version ${manifest.version}; this code reads versions ${READABLE_VERSIONS.join(" and ")} (update the code: sitectl update).`,
    );
  const present = filesUnder(staging).filter((name) => name !== PART.manifest);
  for (const name of present) {
    if (!(name in manifest.files))
      throw new Failure(`${file} holds ${name}, which its manifest does not list: refused.`);
  }
  for (const [name, digest] of Object.entries(manifest.files)) {
    const part = path.join(staging, name);
    if (!fs.existsSync(part)) throw new Failure(`${file} is damaged: ${name} is missing.`);
    if (sha256(part) !== digest) throw new Failure(`${file} is damaged: ${name} is not what was backed up.`);
  }
  return manifest;
}

/** The repository from the bundle, checked out on main at the manifest's head. */
function unbundle(staging: string, unpacked: string, manifest: Manifest): string {
  const repo = path.join(staging, "repo");
  // Root's own clone of the bundle's objects, in root's staging folder: nothing of it runs.
  const cloned = run("git", [
    ...SAFE_GIT,
    "clone",
    "--quiet",
    "--branch",
    "main",
    path.join(unpacked, PART.repo),
    repo,
  ]);
  if (cloned.status !== 0) throw new Failure(`the repository in the backup cannot be read: ${cloned.stderr.trim()}`);
  const git = (args: string[]) => must("git", [...SAFE_GIT, "-C", repo, ...args]);
  if (git(["rev-parse", "HEAD"]) !== manifest.head)
    throw new Failure("the repository in the backup is not at the head its manifest names.");
  git(["remote", "remove", "origin"]);
  // As deploy/install makes it (server/publisher/repo.ts): a commit git reported done survives a power cut.
  git(["config", "core.fsync", "committed,index"]);
  git(["config", "core.fsyncMethod", "fsync"]);
  // The editor's alone, as deploy/configure keeps it; done here, in root's folder, before it moves into place.
  must("chown", ["-R", "-P", `${SERVICES.editor.user}:${SITE_GROUP}`, repo]);
  must("chmod", ["-R", "go-w", repo]);
  return repo;
}

/** Root's own settings file, mode 0600, put in place by a rename in root's folder. */
function placeSetting(from: string, to: string): void {
  const temp = `${to}.restoring`;
  fs.rmSync(temp, { force: true });
  fs.copyFileSync(from, temp, fs.constants.COPYFILE_EXCL);
  fs.chmodSync(temp, 0o600);
  fs.renameSync(temp, to);
}

/** The backup's enquiries, added by the enquiry service's user (server/enquiry/import.ts) from a tar root hands it. */
function importSpool(unpacked: string, staging: string): number {
  const archive = path.join(staging, "spool.tar");
  must("tar", ["-C", path.join(unpacked, PART.spool), "-cf", archive, "."]);
  const unpack = `d=$(mktemp -d "$1/.restoring-XXXXXX") && tar -x -C "$d" --no-same-owner --no-same-permissions && node --import tsx server/enquiry/import.ts "$d"; status=$?; rm -rf "$d"; exit $status`;
  const ran = runAs(SERVICES.enquiry.user, "sh", ["-c", unpack, "sh", ENQUIRY_DIR], {
    input: fs.readFileSync(archive),
    timeoutSeconds: 60 * 60,
  });
  if (ran.status !== 0) throw new Failure(`the enquiries could not be added: ${ran.stderr.trim()}`);
  return Number(/(\d+) added/.exec(ran.stdout)?.[1] ?? 0);
}

/** Removes `dir` as the user who owns it (root deletes nothing inside a service's folder but the emptied folder). */
function removeAsOwner(dir: string): void {
  if (!fs.existsSync(dir)) return;
  const owner = run("stat", ["-c", "%U", dir]).stdout.trim();
  if (owner === "root") throw new Failure(`${dir} belongs to root; move it away by hand, then restore again.`);
  // Its contents as their owner (find -delete follows no link); the emptied folder sits in
  // the publisher's folder, where only root may remove it: rmdir takes an empty folder only.
  mustAs(owner, "find", [dir, "-xdev", "-mindepth", "1", "-delete"], { writes: [dir] });
  if (fs.lstatSync(dir).isDirectory()) fs.rmdirSync(dir);
}

/** Where the backup to restore comes from: a file, or the off-site backups. */
async function sourceOf(
  args: string[],
): Promise<{ label: string; unpack: (staging: string) => string; finish?: () => void }> {
  if (args.includes("--from-backups")) {
    const at = args[args.indexOf("--at") + 1];
    if (args.includes("--at") && (!at || at.startsWith("--")))
      throw new Failure("--at needs a backup's ID (sitectl backups list) or latest.");
    return fromBackups(at ?? "latest");
  }
  const file = args.find((arg) => !arg.startsWith("--"));
  if (!file) throw new Failure(`usage: ${usageOf(command)}`);
  const source = path.resolve(file);
  if (!fs.existsSync(source)) throw new Failure(`${source} does not exist.`);
  return {
    label: source,
    unpack: (staging) => {
      checkListing(source);
      must("tar", ["-xzf", source, "-C", staging, "--no-same-owner", "--no-same-permissions"]);
      return staging;
    },
  };
}

async function restore(args: string[]): Promise<number> {
  const settings = readInstallSettings();
  if (!settings || !fs.existsSync(REPO_DIR))
    throw new Failure("install the site first (deploy/install), then restore onto it.");
  const { label, unpack, finish } = await sourceOf(args);
  const withCertificates = args.includes("--with-certificates");
  let restartedAt = Date.now();

  say(`==> Checking ${label}`);
  const staging = stagingFolder();
  try {
    const unpacked = unpack(staging);
    const manifest = checkContents(label, unpacked);
    const repo = unbundle(staging, unpacked, manifest);
    if (withCertificates && !manifest.certificates)
      throw new Failure(`${label} holds no certificates (it was made without --with-certificates).`);
    const certificates = withCertificates ? checkCertificates(path.join(unpacked, PART.certificates), staging) : null;
    say(
      `    a backup of ${manifest.domain} made ${manifest.createdAt}: content at ${manifest.head.slice(0, 7)}, ${count(manifest.logins, "login")}, ${count(manifest.enquiries.pending, "enquiry", "enquiries")} waiting; every file checks out.`,
    );
    if (manifest.domain !== settings.domain) {
      say(
        `    note: this server is installed for ${settings.domain}; the backup is of ${manifest.domain}. Its content is restored as it is.`,
      );
    }

    say("==> Restoring (the services stop meanwhile; the live site stays up)");
    systemctl("stop", ...UNITS);
    const before = `${REPO_DIR}.before-restore`;
    removeAsOwner(before);
    fs.renameSync(REPO_DIR, before);
    fs.renameSync(repo, REPO_DIR);
    say(`    content repository at ${manifest.head.slice(0, 7)} (the one it replaces is kept in ${before})`);

    const editors = path.join(unpacked, PART.editors);
    if (fs.existsSync(editors)) {
      writeAsUser(SERVICES.login.user, EDITORS_FILE, fs.readFileSync(editors));
      say(`    ${count(manifest.logins, "editor login")}`);
    }

    const added = importSpool(unpacked, staging);
    say(`    ${count(added, "enquiry", "enquiries")} added to the spool`);
    for (const line of restoreHistory(unpacked)) say(`    ${line}`);

    // The backup's settings but install.conf, which the installer here has written.
    for (const setting of SETTINGS.filter((file) => file !== SETTINGS_FILE)) {
      const from = path.join(unpacked, PART.settings, path.basename(setting));
      if (!fs.existsSync(from)) continue;
      placeSetting(from, setting);
      say(`    ${setting}`);
    }
    if (certificates) {
      placeCertificates(certificates);
      say(`    certificates${certificates.left.length ? ` (left out: ${certificates.left.join(", ")})` : ""}`);
    }
    // The shared-repository permissions, nginx's server block for any certificate restored.
    const configured = run(path.join(currentCode().dir, "deploy", "configure"), []);
    if (configured.status !== 0) throw new Failure(`deploy/configure failed: ${configured.stderr.trim()}`);

    // A backup an older version made may hold content this code words otherwise.
    migrateContent(currentCode().dir, "sitectl restore", "Content moved forward for this code (sitectl restore)");

    restartedAt = Date.now();
    const started = startUnits("start", ...UNITS);
    if (started.status !== 0) throw new Failure(`the services did not start: ${started.stderr.trim()}; sitectl doctor`);
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }

  const head = mustRepoGit(["rev-parse", "HEAD"]);
  say(`==> Publishing ${head.slice(0, 7)}`);
  // A build of the same commit from before the restore (an older state of this site restored) does not count.
  const builtSince = (now: Status | null) =>
    !!now?.history.some(
      (build) =>
        (build.commit === head || build.commits.includes(head)) && Date.parse(build.finishedAt ?? "") >= restartedAt,
    );
  const status = await waitForPublisher(
    (now) => now?.live?.commit === head || (builtSince(now) && !now?.building),
    "the restored content's build",
  );
  if (status.live?.commit !== head) {
    for (const line of describe(status)) say(line);
    throw new Failure(
      "the restored content did not build; the site shows what it showed before. sitectl doctor says more.",
    );
  }
  say(`Restored: content ${head.slice(0, 7)} is live; logins and enquiries are back.`);
  finish?.();
  return 0;
}

export const command: Command = {
  name: "restore",
  usage: ["restore FILE [--with-certificates]", "restore --from-backups [--at ID] [--with-certificates]"],
  summary: "put a backup back (onto a fresh install): a file, or the off-site backups",
  pausesWatch: true,
  run: restore,
};
