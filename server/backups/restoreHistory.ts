// The report's history and the watch's state from a backup (version 2 on), put back by each
// folder's own user from what root hands it: the enquiries' tally ahead of any lines this
// server has counted since, the visits logs numbered after this server's own (logrotate
// goes on from there), the watch's state as it was.
import fs from "node:fs";
import path from "node:path";
import { TALLY_FILE } from "../enquiry/tally";
import { ENQUIRY_DIR, INSTALL_COMMAND, SERVICES, VISITS_DIR, WATCH_DIR, WATCH_USER } from "../installed/layout";
import { PART, VISITS_USER } from "./file";
import { VISITS_FILE, WATCH_STATE } from "./stage";
import { runAs } from "../installed/sandbox";
import { groupIdOf, uidOf } from "../installed/serviceFiles";
import { Failure, must } from "../installed/shell";

/** The visits logs' group: the report reads them (deploy/configure, deploy/logrotate). */
const VISITS_GROUP = "site-report";

/** A file written by `user` itself, in its sandbox, from what root hands it: root writes nothing in the user's folder. */
export function writeAsUser(user: string, to: string, data: Buffer | string, mode = "600"): void {
  const write = 'umask 077 && t=$(mktemp "$1.XXXXXX") && chmod "$2" "$t" && cat > "$t" && sync "$t" && mv -f "$t" "$1"';
  const ran = runAs(user, "sh", ["-c", write, "sh", to, mode], { input: data, writes: [path.dirname(to)] });
  if (ran.status !== 0) throw new Failure(`${to} could not be written as ${user}: ${ran.stderr.trim()}`);
}

/**
 * A visits log put into nginx's folder, which is root's (deploy/configure): written by root
 * as a new file (never over one there, never through a link), then given to nginx's user
 * and the report's group, as logrotate leaves them.
 */
function placeVisitsLog(to: string, data: Buffer): void {
  const { O_WRONLY, O_CREAT, O_EXCL, O_NOFOLLOW } = fs.constants;
  const fd = fs.openSync(to, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, 0o640);
  try {
    fs.writeSync(fd, data);
    fs.fsyncSync(fd);
    fs.fchownSync(fd, uidOf(VISITS_USER), groupIdOf(VISITS_GROUP));
    fs.fchmodSync(fd, 0o640);
  } finally {
    fs.closeSync(fd);
  }
}

/** The backup's tally, then this server's lines (unless they already begin with the backup's: restored before). */
function restoreTally(staging: string): number {
  const from = path.join(staging, PART.tally);
  if (!fs.existsSync(from)) return 0;
  const restored = fs.readFileSync(from, "utf8");
  const file = path.join(ENQUIRY_DIR, TALLY_FILE);
  const here = runAs(SERVICES.enquiry.user, "cat", [file]);
  const own = here.status === 0 ? here.stdout : "";
  // Readable by the report's user, as the enquiry service writes it (enquiry/tally.ts): it names no one.
  writeAsUser(SERVICES.enquiry.user, file, own.startsWith(restored) ? own : restored + own, "644");
  return restored.split("\n").filter(Boolean).length;
}

/** Where each of the backup's logs goes: after this server's own rotated logs, compressed as logrotate leaves them. */
function restoreVisits(staging: string): number {
  const from = path.join(staging, PART.visits);
  if (!fs.existsSync(from)) return 0;
  const number = (name: string) => (name === "access.log" ? 0 : Number(name.split(".")[2]));
  const folder = fs.lstatSync(VISITS_DIR);
  if (!folder.isDirectory() || folder.uid !== 0 || (folder.mode & 0o022) !== 0)
    throw new Failure(`${VISITS_DIR} is not root's alone: run ${INSTALL_COMMAND} again, then restore again.`);
  const rotatedHere = fs.readdirSync(VISITS_DIR).filter((name) => VISITS_FILE.test(name) && name !== "access.log");
  const after = Math.max(0, ...rotatedHere.map(number));
  const names = fs.readdirSync(from).filter((name) => VISITS_FILE.test(name));
  if (!names.length) return 0;
  const ready = path.join(staging, "visits-ready");
  fs.mkdirSync(ready);
  for (const name of names) {
    const index = number(name) + after + 1;
    // logrotate's delaycompress leaves .1 plain; every older one is gzipped.
    const plain = index === 1;
    const target = path.join(ready, `access.log.${index}${plain ? "" : ".gz"}`);
    const source = path.join(from, name);
    if (plain === !name.endsWith(".gz")) fs.copyFileSync(source, target);
    else if (plain) must("sh", ["-c", 'gzip -dc "$1" > "$2"', "sh", source, target]);
    else must("sh", ["-c", 'gzip -nc "$1" > "$2"', "sh", source, target]);
  }
  for (const name of fs.readdirSync(ready)) {
    try {
      placeVisitsLog(path.join(VISITS_DIR, name), fs.readFileSync(path.join(ready, name)));
    } catch (error) {
      throw new Failure(`the visits log ${name} could not be put back: ${(error as Error).message}`);
    }
  }
  return names.length;
}

/** Puts back what the backup holds of the report's history and the watch's state; what it did, for the operator. */
export function restoreHistory(staging: string): string[] {
  const done: string[] = [];
  const tally = restoreTally(staging);
  if (tally) done.push(`the enquiries' tally (${tally} lines)`);
  const visits = restoreVisits(staging);
  if (visits) done.push(`${visits} visits log file(s)`);
  const state = path.join(staging, PART.watchState);
  // The watch's folder is made by its first run (its unit's StateDirectory=).
  if (fs.existsSync(state) && fs.existsSync(WATCH_DIR)) {
    writeAsUser(WATCH_USER, path.join(WATCH_DIR, WATCH_STATE), fs.readFileSync(state));
    done.push("the watch's state");
  }
  return done;
}
