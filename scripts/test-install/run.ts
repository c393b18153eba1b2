// One run of `npm run test:install`: how it was asked for (its options), its phases, the
// checks said as they pass, the reports it writes, and what one phase leaves for a later
// one (`carried`, kept in the cache after each phase, so that a phase can run alone
// against the machines an earlier run kept).
import assert from "node:assert/strict";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Machine } from "./machine";

export const APP = path.resolve(__dirname, "..", "..");
export const CACHE = process.env.INSTALL_TEST_CACHE ?? "/var/tmp/anodising-install-test";
export const REPORT = path.join(APP, "test-results", "install");
const CARRIED = path.join(CACHE, "carried.json");

export const USAGE = `npm run test:install -- [--keep] [--only NAME | --from NAME] [--list] [--stop]
  (no option)   the whole run on two new machines; they are stopped and removed at the end
  --keep        leave the machines running at the end, passed or failed, for --only or a look
  --only NAME   run one file of phases (scripts/test-install/phases/NAME.ts) on the kept machines
  --from NAME   run that file and every one after it on the kept machines
  --list        print the files of phases, in order, with what each proves
  --stop        stop and remove the machines an earlier run kept`;

export interface Options {
  keep: boolean;
  only?: string;
  from?: string;
  list: boolean;
  stop: boolean;
}

function parseOptions(args: string[]): Options {
  const options: Options = { keep: Boolean(process.env.INSTALL_TEST_KEEP), list: false, stop: false };
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (arg === "--keep") options.keep = true;
    else if (arg === "--list") options.list = true;
    else if (arg === "--stop") options.stop = true;
    else if ((arg === "--only" || arg === "--from") && args[i + 1])
      options[arg === "--only" ? "only" : "from"] = args[++i];
    else {
      console.error(`unknown option ${arg}\n${USAGE}`);
      process.exit(2);
    }
  }
  // A part of a run works on machines kept running: it leaves them so.
  if (options.only || options.from) options.keep = true;
  return options;
}

export const options = parseOptions(process.argv.slice(2));
/** A run that starts part-way: on machines an earlier run kept, with what it carried. */
export const resumed = Boolean(options.only || options.from);

/** One step of the run, on machine A or B, timed and reported by name. */
export interface Phase {
  on: "a" | "b";
  name: string;
  run: (machine: Machine) => unknown | Promise<unknown>;
}

export const phase = (on: Phase["on"], name: string, run: Phase["run"]): Phase => ({ on, name, run });

/** What phases leave for later ones: the login made at install, A's backup, and so on. */
interface Carried {
  login: { name: string; password: string };
  /** The editor's user on A: the one user the planted programs may run as. */
  editorUid: number;
  /** Root's files on A and on B as they were when the plants went in. */
  rootBefore: Record<string, string>;
  rootBeforeB: Record<string, string>;
  /** The enquiry A held waiting when it was backed up, and A's pages then. */
  waitingReference: string;
  pagesOfA: Record<string, string>;
  /** A's backups, copied out to the cache: as made, and one crafted to put a file in /etc/cron.d. */
  backupFile: string;
  craftedBackupFile: string;
  /** Whether A was asked for its weekly digest (a digest in its mailbox is then ours). */
  digestAsked: boolean;
  /** A's off-site backups: the recovery sheet's values, the figures, and what the last run took. */
  backupsSheet: Record<string, string>;
  backupFigures: string[];
  lastPhone: string;
  backupLogin: { name: string; password: string };
  lastReference: string;
  drawingSha: string;
  tallyLinesOfA: number;
  lastBackupAt: string;
  /** The key A signs its backup files with (sitectl backup prints it): B is given it. */
  fileKey: string;
  /** The keys of the bucket that checks them (backupsHold): the server's append-only ones, the owner's. */
  historyKeys: { server: { id: string; secret: string }; owner: { id: string; secret: string } };
  historySnapshots: number;
  drillFigure: string;
}

function loadCarried(): Carried {
  if (resumed) {
    assert.ok(fs.existsSync(CARRIED), `${CARRIED} is missing: run the whole test with --keep first.`);
    return JSON.parse(fs.readFileSync(CARRIED, "utf8")) as Carried;
  }
  return {
    login: { name: "anita", password: crypto.randomBytes(12).toString("base64url") },
    editorUid: -1,
    rootBefore: {},
    rootBeforeB: {},
    waitingReference: "",
    pagesOfA: {},
    backupFile: "",
    craftedBackupFile: "",
    digestAsked: false,
    backupsSheet: {},
    backupFigures: [],
    lastPhone: "",
    backupLogin: { name: "", password: "" },
    lastReference: "",
    drawingSha: "",
    tallyLinesOfA: 0,
    lastBackupAt: "",
    fileKey: "",
    historyKeys: { server: { id: "", secret: "" }, owner: { id: "", secret: "" } },
    historySnapshots: 0,
    drillFigure: "",
  };
}

export const carried = loadCarried();

/** Written after every phase (atomically): a later run with --only starts from it. */
export function saveCarried(): void {
  fs.mkdirSync(CACHE, { recursive: true });
  fs.writeFileSync(`${CARRIED}.new`, JSON.stringify(carried, null, 2));
  fs.renameSync(`${CARRIED}.new`, CARRIED);
}

/** The run's figures, printed at the end. */
export const timings: [string, number][] = [];
export const checks: string[] = [];
/** Seconds from a problem's cause until the operator was told, per kind. */
export const toldAfter: [string, number][] = [];
/** Seconds from a staff change's commit until it was live (the staff guide's one publish time). */
export const publishSeconds: number[] = [];

/** A check that passed, said as it passed. */
export function check(condition: unknown, what: string, detail = ""): void {
  assert.ok(condition, `${what}${detail ? `\n${detail}` : ""}`);
  checks.push(what);
  console.log(`   ok  ${what}`);
}

/** A file kept with the run's results (test-results/install/NAME); its path. */
export function report(name: string, text: string): string {
  fs.mkdirSync(REPORT, { recursive: true });
  const file = path.join(REPORT, name);
  fs.writeFileSync(file, text);
  return file;
}

/** Waits for `condition`, asked once a second, for at most `timeoutMs`. */
export async function until(what: string, condition: () => boolean, timeoutMs = 10 * 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

/** A timed step of the run, said as it starts. */
export async function timed(name: string, body: () => unknown | Promise<unknown>): Promise<void> {
  const started = Date.now();
  console.log(`\n== ${name}`);
  await body();
  const seconds = Math.round((Date.now() - started) / 1000);
  timings.push([name, seconds]);
  console.log(`   (${seconds} s)`);
}
