// The report's history and the watch's state from a backup (version 2 on), put back by each
// folder's own user from what root hands it: the enquiries' tally ahead of any lines this
// server has counted since, the visits logs numbered after this server's own (logrotate
// goes on from there), the watch's state as it was.
import fs from "node:fs";
import path from "node:path";
import { TALLY_FILE } from "../enquiry/tally";
import { ENQUIRY_DIR, SERVICES, VISITS_DIR, WATCH_DIR, WATCH_USER } from "./layout";
import { PART, VISITS_USER } from "./backupFile";
import { VISITS_FILE, WATCH_STATE } from "./stageBackup";
import { Failure, must, run } from "./shell";

/** The visits logs' group: the report reads them (deploy/configure, deploy/logrotate). */
const VISITS_GROUP = "site-report";

/** A file written by `user` itself, from what root hands it: root writes nothing in the user's folder. */
export function writeAsUser(user: string, to: string, data: Buffer | string, mode = "600"): void {
  const write = 'umask 077 && t=$(mktemp "$1.XXXXXX") && chmod "$2" "$t" && cat > "$t" && sync "$t" && mv -f "$t" "$1"';
  const ran = run("sh", ["-c", write, "sh", to, mode], { user, input: data });
  if (ran.status !== 0) throw new Failure(`${to} could not be written as ${user}: ${ran.stderr.trim()}`);
}

/** The backup's tally, then this server's lines (unless they already begin with the backup's: restored before). */
function restoreTally(staging: string): number {
  const from = path.join(staging, PART.tally);
  if (!fs.existsSync(from)) return 0;
  const restored = fs.readFileSync(from, "utf8");
  const file = path.join(ENQUIRY_DIR, TALLY_FILE);
  const here = run("cat", [file], { user: SERVICES.enquiry.user });
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
  const listed = run("sh", ["-c", 'cd "$1" && ls -1', "sh", VISITS_DIR], { user: VISITS_USER }).stdout;
  const rotatedHere = listed.split("\n").filter((name) => VISITS_FILE.test(name) && name !== "access.log");
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
  const archive = path.join(staging, "visits-ready.tar");
  // The files by name: no "." entry for tar to find already there.
  must("tar", ["-C", ready, "-cf", archive, ...fs.readdirSync(ready)]);
  // nginx's user writes them, in the report's group (root may name it), never over a file there.
  const unpack = 'umask 027 && tar -x -C "$1" --no-same-owner --no-same-permissions --keep-old-files';
  const ran = run("runuser", ["-u", VISITS_USER, "-g", VISITS_GROUP, "--", "sh", "-c", unpack, "sh", VISITS_DIR], {
    input: fs.readFileSync(archive),
  });
  if (ran.status !== 0) throw new Failure(`the visits logs could not be put back: ${ran.stderr.trim()}`);
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
