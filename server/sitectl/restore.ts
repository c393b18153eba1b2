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
  BACKUPS_DIR,
  BACKUP_FILE_ENV,
  EDITORS_FILE,
  ENQUIRY_DIR,
  REPO_DIR,
  SERVICES,
  SETTINGS_FILE,
  SITE_GROUP,
  UNITS,
  currentCode,
  readInstallSettings,
  setEnvValues,
} from "../installed/layout";
import { checkContents, checkListing, checkSettings, cloneBundle } from "../backups/check";
import { putInPlace, type Plan, type RestoreSteps } from "../backups/restore";
import { writeFileAtomic } from "../lib/files";
import { ask, takeFromEnvironment } from "../lib/ask";
import { FILE_KEY, readFileKey, signedBy } from "../backups/signature";
import { FILE_KEY_PATTERN } from "../installed/settingRules";
import { PART, OFFSITE_SETTINGS, SETTINGS, SIGNED_VERSION, stagingFolder, type Manifest } from "../backups/file";
import { checkCertificates, placeCertificates } from "../backups/restoreCertificates";
import { describe, waitForPublisher } from "../installed/publisher";
import type { Status } from "../publisher/status";
import { mustAs, mustRepoGit, runAs } from "../installed/sandbox";
import { Failure, count, must, run, say, startUnits, systemctl } from "../installed/shell";
import { restoreHistory, writeAsUser } from "../backups/restoreHistory";
import { fromBackups } from "../backups/fromOffsite";
import { optionValue, usageOf, type Command } from "./command";

/** Who vouches for what the restore reads, as the operator is told it. */
const VOUCHED = {
  restic: " (restic authenticates each off-site backup)",
  signed: ", and the file carries its server's signature",
  unsigned: " against its own manifest; it carries no signature (--unsigned)",
} as const;

/** The repository from the bundle, checked out on main at the manifest's head, made as deploy/install makes it. */
function unbundle(staging: string, unpacked: string, manifest: Manifest): string {
  const repo = cloneBundle(staging, unpacked, manifest);
  const git = (args: string[]) => must("git", [...SAFE_GIT, "-C", repo, ...args]);
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
function placeSettingText(data: Buffer | string, to: string): void {
  const temp = `${to}.restoring`;
  fs.rmSync(temp, { force: true });
  fs.writeFileSync(temp, data, { mode: 0o600, flag: "wx" });
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

/**
 * Root's mark that a restore has begun replacing things: while it is there, REPO_DIR's
 * `.before-restore` holds the content as it was before, and a retry keeps it.
 */
const UNFINISHED = path.join(BACKUPS_DIR, "restore-unfinished");
const BEFORE = `${REPO_DIR}.before-restore`;

/** Whether an earlier restore stopped part-way (killed, the power lost), its content kept aside. */
const unfinished = () => fs.existsSync(UNFINISHED) && fs.existsSync(BEFORE);

/**
 * The restored repository in REPO_DIR's place, the one there kept in `.before-restore`
 * (an older one of a finished restore replaced). After an unfinished restore, the kept
 * one is the content from before it, so it stays, and what that restore left goes.
 */
function placeRepository(repo: string): void {
  if (unfinished()) {
    say(`    an earlier restore did not finish: ${BEFORE} holds the content from before it, and stays`);
    if (fs.existsSync(REPO_DIR)) removeAsOwner(REPO_DIR);
  } else {
    removeAsOwner(BEFORE);
    fs.mkdirSync(BACKUPS_DIR, { recursive: true, mode: 0o755 });
    writeFileAtomic(UNFINISHED, `${new Date().toISOString()}\n`, 0o600, true);
    fs.renameSync(REPO_DIR, BEFORE);
  }
  fs.renameSync(repo, REPO_DIR);
}

/** The restore's steps on this server (server/backups/restore.ts runs them in order). */
function realSteps(
  unpacked: string,
  staging: string,
  certificates: ReturnType<typeof checkCertificates> | null,
): RestoreSteps {
  return {
    say,
    stopServices: () => systemctl("stop", ...UNITS),
    startServices: () => {
      // A server that could not restart reads its own sentence, never this restore's.
      const started = startUnits("start", ...UNITS);
      return started.status === 0 ? null : started.stderr.trim() || `exit ${started.status}`;
    },
    placeRepository,
    putRepositoryBack: () => {
      if (fs.existsSync(REPO_DIR)) removeAsOwner(REPO_DIR);
      fs.renameSync(BEFORE, REPO_DIR);
    },
    readLogins: () => {
      const was = runAs(SERVICES.login.user, "cat", [EDITORS_FILE]);
      return was.status === 0 ? Buffer.from(was.stdout) : null;
    },
    writeLogins: (data) => writeAsUser(SERVICES.login.user, EDITORS_FILE, data),
    importSpool: () => importSpool(unpacked, staging),
    restoreHistory: () => restoreHistory(unpacked),
    readSetting: (file) => (fs.existsSync(file) ? fs.readFileSync(file) : null),
    writeSetting: (file, data) => (data === null ? fs.rmSync(file, { force: true }) : placeSettingText(data, file)),
    placeCertificates: () => {
      placeCertificates(certificates!);
      return `certificates${certificates!.left.length ? ` (left out: ${certificates!.left.join(", ")})` : ""}`;
    },
    configure: () => {
      // The shared-repository permissions, nginx's server block for any certificate restored.
      const configured = run(path.join(currentCode().dir, "deploy", "configure"), []);
      if (configured.status !== 0) throw new Failure(`deploy/configure failed: ${configured.stderr.trim()}`);
      // A backup an older version made may hold content this code words otherwise.
      migrateContent(currentCode().dir, "sitectl restore", "Content moved forward for this code (sitectl restore)");
    },
    finished: () => fs.rmSync(UNFINISHED, { force: true }),
  };
}

/** Where the backup to restore comes from: a file, or the off-site backups. */
interface Source {
  label: string;
  /** Unpacks into root's staging folder; returns the folder holding the manifest. */
  unpack: (staging: string) => string;
  /** Who vouches for it: restic (the off-site backups), a server's key, or nobody (--unsigned). */
  vouched: "restic" | "signed" | "unsigned";
  /** The settings files it brings back (install.conf aside). */
  settings: string[];
  /** After a successful restore. */
  finish?: () => void | Promise<void>;
}

/** The key a file's signature is checked with: given (BACKUP_FILE_KEY), this server's, or asked. */
async function keyForFiles(): Promise<{ key: string; given: boolean }> {
  const given = takeFromEnvironment([FILE_KEY])[FILE_KEY] ?? "";
  if (given) {
    if (!FILE_KEY_PATTERN.test(given))
      throw new Failure(`${FILE_KEY} is not a key sitectl backup printed. Nothing was changed.`);
    return { key: given, given: true };
  }
  const own = readFileKey();
  if (own) return { key: own, given: false };
  if (!process.stdin.isTTY) return { key: "", given: false };
  const asked = (
    await ask(`${FILE_KEY} (sitectl backup printed it on the server that made the file; not shown): `, true)
  ).trim();
  if (asked && !FILE_KEY_PATTERN.test(asked))
    throw new Failure(`that is not a key sitectl backup printed. Nothing was changed.`);
  return { key: asked, given: !!asked };
}

/** The file's signature checked before anything of it is read: refused if changed, or made elsewhere without that key. */
function checkSignature(source: string, unpacked: string, key: string, unsigned: boolean): "signed" | "unsigned" {
  const signature = path.join(unpacked, PART.signature);
  const manifest = path.join(unpacked, PART.manifest);
  if (!fs.existsSync(manifest))
    throw new Failure(
      `${source} is not a backup made by sitectl backup (no readable ${PART.manifest}); nothing was changed.`,
    );
  if (!fs.existsSync(signature)) {
    if (unsigned) return "unsigned";
    throw new Failure(
      `${source} carries no signature: a release before signatures made it, or it was changed since. If you know where it has been, restore it with --unsigned. Nothing was changed.`,
    );
  }
  if (!key)
    throw new Failure(
      `${source} is signed by the server that made it: give that server's key (sitectl backup printed it): ${FILE_KEY}=… sitectl restore FILE. Nothing was changed.`,
    );
  if (!fs.existsSync(manifest) || !signedBy(fs.readFileSync(manifest), fs.readFileSync(signature, "utf8"), key))
    throw new Failure(
      `${source} does not carry the signature of that key: it was changed after it was made, or another server made it (give that server's ${FILE_KEY}). Nothing was changed.`,
    );
  return "signed";
}

async function sourceOf(args: string[]): Promise<Source> {
  const settings = SETTINGS.filter((file) => file !== SETTINGS_FILE);
  if (args.includes("--from-backups")) {
    const at = optionValue(args, "--at", "--at needs a backup's ID (sitectl backups list) or latest.");
    const host = optionValue(
      args,
      "--host",
      "--host needs the name of the server whose backups to take (sitectl backups list shows them).",
    );
    const domain = readInstallSettings()?.domain ?? "";
    return {
      ...(await fromBackups(at ?? "latest", domain, host ?? domain)),
      vouched: "restic",
      settings: [...settings, ...OFFSITE_SETTINGS],
    };
  }
  const file = args.find((arg) => !arg.startsWith("--"));
  if (!file) throw new Failure(`usage: ${usageOf(command)}`);
  const source = path.resolve(file);
  if (!fs.existsSync(source)) throw new Failure(`${source} does not exist.`);
  const unsigned = args.includes("--unsigned");
  const { key, given } = unsigned ? { key: "", given: false } : await keyForFiles();
  const found: Source = {
    label: source,
    vouched: "signed",
    settings,
    unpack: (staging) => {
      checkListing(source);
      must("tar", ["-xzf", source, "-C", staging, "--no-same-owner", "--no-same-permissions"]);
      found.vouched = checkSignature(source, staging, key, unsigned);
      return staging;
    },
    // A server restored from another's file checks that server's files from now on.
    finish: () => {
      if (given && !readFileKey()) setEnvValues(BACKUP_FILE_ENV, { [FILE_KEY]: key });
    },
  };
  return found;
}

async function restore(args: string[]): Promise<number> {
  const settings = readInstallSettings();
  if (!settings || !(fs.existsSync(REPO_DIR) || unfinished()))
    throw new Failure("install the site first (deploy/install), then restore onto it.");
  const source = await sourceOf(args);
  const { label, unpack, finish } = source;
  const withCertificates = args.includes("--with-certificates");
  let restartedAt = Date.now();

  say(`==> Checking ${label}`);
  const staging = stagingFolder();
  try {
    const unpacked = unpack(staging);
    const manifest = checkContents(label, unpacked);
    if (source.vouched === "unsigned" && manifest.version >= SIGNED_VERSION)
      throw new Failure(
        `${label} says it is of version ${manifest.version}, which is always signed, and carries no signature: it was changed. Nothing was changed.`,
      );
    const repo = unbundle(staging, unpacked, manifest);
    if (withCertificates && !manifest.certificates)
      throw new Failure(`${label} holds no certificates (it was made without --with-certificates).`);
    const certificates = withCertificates ? checkCertificates(path.join(unpacked, PART.certificates), staging) : null;
    const restoredSettings = checkSettings(label, unpacked, source.settings);
    say(
      `    a backup of ${manifest.domain} made ${manifest.createdAt}: content at ${manifest.head.slice(0, 7)}, ${count(manifest.logins, "login")}, ${count(manifest.enquiries.pending, "enquiry", "enquiries")} waiting; every file checks out${VOUCHED[source.vouched]}.`,
    );
    if (manifest.domain !== settings.domain) {
      say(
        `    note: this server is installed for ${settings.domain}; the backup is of ${manifest.domain}. Its content is restored as it is.`,
      );
    }

    say("==> Restoring (the services stop meanwhile; the live site stays up)");
    const editors = path.join(unpacked, PART.editors);
    const plan: Plan = {
      repo,
      head: manifest.head,
      logins: fs.existsSync(editors) ? { data: fs.readFileSync(editors), count: manifest.logins } : null,
      settings: restoredSettings,
      certificates: !!certificates,
    };
    putInPlace(plan, realSteps(unpacked, staging, certificates), BEFORE);
    restartedAt = Date.now();
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
  await finish?.();
  return 0;
}

export const command: Command = {
  name: "restore",
  usage: [
    "restore FILE [--with-certificates] [--unsigned]",
    "restore --from-backups [--at ID] [--host NAME] [--with-certificates]",
  ],
  summary: "put a backup back (onto a fresh install): a file, or the off-site backups",
  pausesTimers: true,
  run: restore,
};
