// What a new server needs of this one, gathered into a staging folder of root's: the
// content repository (a git bundle of every branch), the editor's logins, the enquiry spool
// (drawings and handled marks included), the operator's settings, the report's history (the
// enquiries' tally and nginx's visits logs), the watch's state and, if asked, the
// certificates. `sitectl backup FILE` packs it into one file; the off-site backups
// (sitectl backups) hand it to restic as it is, so that an unchanged part costs nothing.
// What a service's user owns is read as that user (root follows no path into the service's
// folders): the repository by the editor's git in its sandbox, the logins by the login
// check's user, the spool and tally by the enquiry service's user, the visits logs by
// the report's (their group), the watch's state by the watch's; each in its unit's sandbox
// (sandbox.ts); plain files only.
import fs from "node:fs";
import path from "node:path";
import { SPOOL_FILE, STATES } from "../enquiry/spool";
import { TALLY_FILE } from "../enquiry/tally";
import {
  EDITORS_FILE,
  ENQUIRY_DIR,
  LETSENCRYPT_DIR,
  REPO_DIR,
  REPORT_USER,
  SELF_SIGNED_DIR,
  SERVICES,
  VISITS_DIR,
  WATCH_DIR,
  WATCH_USER,
  currentCode,
  type InstallSettings,
} from "../installed/layout";
import { members } from "./archive";
import { OFFSITE_SETTINGS, PART, SETTINGS, FORMAT, VERSION, filesUnder, sha256, type Manifest } from "./file";
import { printable } from "../lib/printable";
import { mustRepoGit, repoGit, runAs } from "../installed/sandbox";
import { Failure, must } from "../installed/shell";

/** A year of visits logs or a full spool, handed over as a tar: at most this long. */
const COPY_SECONDS = 60 * 60;

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

/** What one service's user handed over: the files taken, and those left out (not one of its files). */
interface Handed {
  names: string[];
  leftOut: string[];
}

/**
 * The plain files `user` hands over from `dir` (those `find` lists there): a tar checked
 * member by member before root unpacks the ones `accept` knows into `into`, taking no owner
 * or mode from it. Anything else (a killed write's temporary file, a stray file) is left
 * out and named, never a failed run; a file that moves or goes meanwhile (a delivery moving
 * pending → sent) is taken by the next run.
 */
function copyAsUser(
  user: string,
  dir: string,
  find: string,
  into: string,
  accept: (name: string) => boolean,
  what: string,
): Handed {
  const archive = `${into}.tar`;
  fs.mkdirSync(path.dirname(into), { recursive: true });
  // A log nginx appends to meanwhile is taken as far as it was (tar's status 1): not a failure.
  const list = `cd "$1" || exit 2; ${find} -print0 2>/dev/null | tar -c --sparse --ignore-failed-read --warning=no-file-changed --warning=no-failed-read --null --no-recursion -T -; s=$?; [ "$s" -le 1 ] || exit "$s"`;
  writeFrom(archive, (fd) =>
    runAs(user, "sh", ["-c", list, "sh", dir], { stdoutFd: fd, timeoutSeconds: COPY_SECONDS }),
  );
  const handed: Handed = { names: [], leftOut: [] };
  for (const { type, name } of members(archive)) {
    if (type === "-" && accept(name)) handed.names.push(name);
    else handed.leftOut.push(`${what}: ${printable(name).slice(0, 120)}`);
  }
  fs.mkdirSync(into, { recursive: true });
  if (handed.names.length) {
    const names = `${into}.names`;
    fs.writeFileSync(names, handed.names.map((name) => `${name}\0`).join(""), { mode: 0o600 });
    must("tar", [
      "-xf",
      archive,
      "-C",
      into,
      "--no-same-owner",
      "--no-same-permissions",
      "--null",
      "--verbatim-files-from",
      "-T",
      names,
    ]);
    fs.rmSync(names);
  }
  fs.rmSync(archive);
  return handed;
}

/** The spool's enquiries, as the enquiry service's user hands them over. */
function copySpool(staging: string): { enquiries: Record<(typeof STATES)[number], number>; leftOut: string[] } {
  const { names, leftOut } = copyAsUser(
    SERVICES.enquiry.user,
    path.join(ENQUIRY_DIR, "spool"),
    `find ${STATES.join(" ")} -maxdepth 1 -type f`,
    path.join(staging, PART.spool),
    (name) => {
      const [state, file, ...rest] = name.split("/");
      return STATES.includes(state as (typeof STATES)[number]) && SPOOL_FILE.test(file ?? "") && !rest.length;
    },
    "the enquiry spool",
  );
  for (const state of STATES) fs.mkdirSync(path.join(staging, PART.spool, state), { recursive: true });
  const enquiries = { pending: 0, sent: 0, failed: 0 };
  for (const name of names.filter((name) => name.endsWith(".eml")))
    enquiries[name.split("/")[0] as (typeof STATES)[number]] += 1;
  return { enquiries, leftOut };
}

/** The owner's report's history: the enquiries' tally and the visits logs (the report itself is built again). */
function copyHistory(staging: string): { history: NonNullable<Manifest["history"]>; leftOut: string[] } {
  const visits = copyAsUser(
    // The report's user reads them (their group); nginx's user may not even list the folder.
    REPORT_USER,
    VISITS_DIR,
    "find . -maxdepth 1 -type f -name 'access.log*'",
    path.join(staging, PART.visits),
    (name) => VISITS_FILE.test(name.replace(/^\.\//, "")),
    "nginx's visits log",
  );
  const tally = runAs(SERVICES.enquiry.user, "cat", [path.join(ENQUIRY_DIR, TALLY_FILE)]);
  if (tally.status === 0) fs.writeFileSync(path.join(staging, PART.tally), tally.stdout, { mode: 0o600 });
  const watchState = runAs(WATCH_USER, "cat", [path.join(WATCH_DIR, WATCH_STATE)]);
  if (watchState.status === 0)
    fs.writeFileSync(path.join(staging, PART.watchState), watchState.stdout, { mode: 0o600 });
  return {
    history: {
      tallyLines: tally.status === 0 ? tally.stdout.split("\n").filter(Boolean).length : 0,
      visitsFiles: visits.names.length,
    },
    leftOut: visits.leftOut,
  };
}

/** Bytes the stage would hold, as each folder's owner counts them (du): the first run's estimate of the room it needs. */
export function stagedSize(): number {
  const sizeAs = (user: string, dir: string) => {
    const ran = runAs(user, "du", ["-s", "-B1", "--apparent-size", dir]);
    return ran.status === 0 ? Number(/^(\d+)/.exec(ran.stdout)?.[1] ?? 0) : 0;
  };
  return (
    sizeAs(SERVICES.editor.user, REPO_DIR) +
    sizeAs(SERVICES.enquiry.user, path.join(ENQUIRY_DIR, "spool")) +
    sizeAs(REPORT_USER, VISITS_DIR)
  );
}

/** access.log, access.log.1, access.log.2.gz …: logrotate's names (deploy/logrotate). */
export const VISITS_FILE = /^access\.log(\.\d{1,4}(\.gz)?)?$/;
/** The watch's state file in WATCH_DIR (server/watch/watch.ts's STATE_FILE). */
export const WATCH_STATE = "state.json";

/**
 * Gathers everything into `staging` (empty, root's) and writes its manifest; returns the
 * manifest. `offsite`: for restic (the file-signing key too), else for a file.
 */
export function stageBackup(
  staging: string,
  settings: InstallSettings,
  withCertificates: boolean,
  offsite = false,
): Manifest {
  const head = mustRepoGit(["rev-parse", "refs/heads/main"]);
  writeFrom(path.join(staging, PART.repo), (fd) =>
    repoGit(["bundle", "create", "--quiet", "-", "--all"], { stdoutFd: fd }),
  );
  const logins = runAs(SERVICES.login.user, "cat", [EDITORS_FILE]);
  if (logins.status === 0) fs.writeFileSync(path.join(staging, PART.editors), logins.stdout, { mode: 0o600 });
  const spool = copySpool(staging);
  fs.mkdirSync(path.join(staging, PART.settings));
  for (const setting of [...SETTINGS, ...(offsite ? OFFSITE_SETTINGS : [])].filter((name) => fs.existsSync(name))) {
    fs.copyFileSync(setting, path.join(staging, PART.settings, path.basename(setting)));
  }
  const { history, leftOut } = copyHistory(staging);
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
    enquiries: spool.enquiries,
    certificates: withCertificates,
    history,
    leftOut: [...spool.leftOut, ...leftOut],
    files: Object.fromEntries(filesUnder(staging).map((name) => [name, sha256(path.join(staging, name))])),
  };
  fs.writeFileSync(path.join(staging, PART.manifest), JSON.stringify(manifest, null, 2) + "\n");
  return manifest;
}
