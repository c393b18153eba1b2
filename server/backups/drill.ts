// The monthly drill (`sitectl backups drill`, anodising-backup-drill.timer): the latest
// off-site backup restored into a scratch folder of root's, never over the live site, and
// checked as a restore checks it: every file against the manifest's digests (the
// enquiries and their drawings too), the content repository cloned whole at its head and
// its content validated by the build's own check (as the publisher's user, in its
// sandbox), the logins and the settings read through their rules, the report's history
// counted. Its counts are set beside the live server's, and how long it took is the
// expected time to bring the site back. Nobody knows a backup restores until it has.
import fs from "node:fs";
import path from "node:path";
import { SAFE_GIT } from "../lib/git";
import { hostPaths } from "../lib/settings";
import { spoolEntries } from "../installed/enquiries";
import {
  BACKUPS_DIR,
  EDITORS_FILE,
  HOST_DIR,
  SERVICES,
  SETTINGS_FILE,
  SITE_DIR,
  type InstallSettings,
} from "../installed/layout";
import { mustRepoGit, runAs } from "../installed/sandbox";
import { Failure, must } from "../installed/shell";
import { checkContents, checkSettings, cloneBundle } from "./check";
import { OFFSITE_SETTINGS, PART, SETTINGS } from "./file";
import { manifestFolder, ofHost } from "./fromOffsite";
import { CACHE_DIR, mustHaveRoom, shownAddress } from "./offsite";
import { restoreSnapshot, snapshots, type Repository } from "./restic";
import { readBackupsStatus, writeBackupsStatus, type BackupsStatus } from "./status";

/** A login line as the login check keeps it: a name, then its hash. */
const LOGIN_LINE = /^[a-z][a-z0-9._-]{1,31}:\S+$/;
/** How long the content check may take in the publisher's sandbox. */
const VALIDATE_SECONDS = 10 * 60;

type Drill = NonNullable<BackupsStatus["lastDrill"]>;

/** The content's own check, as the publisher's user: a tar of content/ handed to it, unpacked in a folder of its own. */
function validateContent(repo: string, scratch: string): void {
  const archive = path.join(scratch, "content.tar");
  must("git", [...SAFE_GIT, "-C", repo, "archive", "--format=tar", "--output", archive, "HEAD", "content"]);
  const state = hostPaths(HOST_DIR).state;
  const check = `d=$(mktemp -d "$1/.drill-XXXXXX") && tar -x -C "$d" --no-same-owner --no-same-permissions && node --import tsx scripts/validate-content.ts --project "$d"; s=$?; rm -rf "$d"; exit $s`;
  const ran = runAs(SERVICES.publisher.user, "sh", ["-c", check, "sh", state], {
    input: fs.readFileSync(archive),
    writes: [state],
    timeoutSeconds: VALIDATE_SECONDS,
  });
  if (ran.status !== 0)
    throw new Failure(
      `the backup's content does not pass the build's check: ${(ran.stderr || ran.stdout).trim().slice(0, 400)}`,
    );
}

/** The restored copy, checked as a restore would; its counts. */
function checkCopy(
  label: string,
  folder: string,
  scratch: string,
): Omit<Drill, "at" | "ok" | "seconds" | "snapshot" | "snapshotAt"> {
  const manifest = checkContents(label, folder);
  const repo = cloneBundle(scratch, folder, manifest);
  must("git", [...SAFE_GIT, "-C", repo, "fsck", "--full", "--no-progress"]);
  validateContent(repo, scratch);
  const editors = path.join(folder, PART.editors);
  const logins = fs.existsSync(editors) ? fs.readFileSync(editors, "utf8").split("\n").filter(Boolean) : [];
  const badLogin = logins.findIndex((line) => !LOGIN_LINE.test(line));
  if (badLogin >= 0)
    throw new Failure(`the backup's logins are not the login check's: line ${badLogin + 1} is no login.`);
  if (logins.length !== manifest.logins)
    throw new Failure(`the backup holds ${logins.length} logins; its manifest says ${manifest.logins}.`);
  checkSettings(label, folder, [...SETTINGS.filter((file) => file !== SETTINGS_FILE), ...OFFSITE_SETTINGS], false);
  const tally = path.join(folder, PART.tally);
  const tallyLines = fs.existsSync(tally) ? fs.readFileSync(tally, "utf8").split("\n").filter(Boolean).length : 0;
  const visits = path.join(folder, PART.visits);
  const visitsFiles = fs.existsSync(visits) ? fs.readdirSync(visits).length : 0;
  if (manifest.history && (tallyLines !== manifest.history.tallyLines || visitsFiles !== manifest.history.visitsFiles))
    throw new Failure(
      `the report's history is not whole: ${tallyLines} tally lines and ${visitsFiles} visits logs, where the manifest says ${manifest.history.tallyLines} and ${manifest.history.visitsFiles}.`,
    );
  const enquiries = Object.values(manifest.enquiries).reduce((sum, n) => sum + n, 0);
  return { enquiries, logins: logins.length, commit: manifest.head, tallyLines, visitsFiles };
}

/** The live server's counts, to set beside the drill's (they differ by what came since the backup). */
function liveCounts(): Drill["live"] {
  const spool = spoolEntries();
  const logins = runAs(SERVICES.login.user, "cat", [EDITORS_FILE]);
  return {
    enquiries: typeof spool === "string" ? -1 : spool.length,
    logins: logins.status === 0 ? logins.stdout.split("\n").filter((line) => line.includes(":")).length : -1,
    commit: mustRepoGit(["rev-parse", "refs/heads/main"]),
  };
}

/** One drill of the latest backup this server made; its record written either way. Returns the status. */
export function runDrill(settings: InstallSettings, target: Repository, now = new Date()): BackupsStatus {
  const before = readBackupsStatus() ?? { repository: shownAddress(target) };
  const started = Date.now();
  let drill: Drill;
  let scratch = "";
  try {
    const list = ofHost(snapshots(target, CACHE_DIR), settings.domain);
    const latest = list[list.length - 1];
    if (!latest) throw new Failure(`no backup of ${settings.domain} is there yet: nothing to drill.`);
    mustHaveRoom(before, () => 0);
    scratch = fs.mkdtempSync(path.join(SITE_DIR, ".drill-"));
    fs.chmodSync(scratch, 0o700);
    const into = path.join(scratch, "from-backups");
    fs.mkdirSync(into, { mode: 0o700 });
    restoreSnapshot(target, CACHE_DIR, latest.id, into);
    const folder = manifestFolder(into);
    if (!folder) throw new Failure(`the backup ${latest.id.slice(0, 8)} holds no ${PART.manifest}.`);
    const counts = checkCopy(`the backup ${latest.id.slice(0, 8)}`, folder, scratch);
    drill = {
      at: now.toISOString(),
      ok: true,
      seconds: Math.round((Date.now() - started) / 1000),
      snapshot: latest.id,
      snapshotAt: latest.time,
      ...counts,
      live: liveCounts(),
    };
  } catch (error) {
    if (!(error instanceof Error)) throw error;
    drill = {
      at: now.toISOString(),
      ok: false,
      seconds: Math.round((Date.now() - started) / 1000),
      error: error.message.slice(0, 600),
    };
  } finally {
    if (scratch) fs.rmSync(scratch, { recursive: true, force: true });
  }
  const status = { ...(readBackupsStatus() ?? before), lastDrill: drill };
  writeBackupsStatus(BACKUPS_DIR, status);
  return status;
}
