// `sitectl backups`: the off-site backups (docs/operations.md, Off-site backups).
//   sitectl backups                  where they go, the last good one, what is kept, the last verify
//   sitectl backups set --endpoint URL --bucket NAME [--prefix P] [--region R]
//                                    checks the bucket with its keys (BACKUPS_ACCESS_KEY_ID and
//                                    BACKUPS_SECRET_ACCESS_KEY, or asked), makes the encrypted
//                                    repository, prints the recovery sheet, takes the first backup
//   sitectl backups now              a backup now (what the hourly timer starts)
//   sitectl backups verify [--all]   reads stored data back (a tenth, or all of it)
//   sitectl backups drill            restores the latest into a scratch folder and checks it (monthly)
//   sitectl backups list             the backups kept, to restore one: sitectl restore --from-backups --at ID
//   sitectl backups sheet            the recovery sheet again
//   sitectl backups off              no more backups (the bucket is left as it is)
// `sitectl backups run` is what anodising-backup.service runs.
import crypto from "node:crypto";
import fs from "node:fs";
import {
  BACKUPS_DIR,
  BACKUPS_ENV,
  BACKUP_UNITS,
  INSTALL_COMMAND,
  readInstallSettings,
  setEnvValues,
} from "../installed/layout";
import {
  CACHE_DIR,
  KEYS,
  VERIFY_SUBSET,
  readBackupsTarget,
  runBackup,
  runVerify,
  shownAddress,
  valuesOf,
} from "../backups/offsite";
import { megabytes, readBackupsStatus, writeBackupsStatus } from "../backups/status";
import { keyPowers } from "../backups/keyPowers";
import { VERDICT_LINES, verdictOf } from "../backups/holding";
import { takeFromEnvironment } from "../lib/ask";
import { BUCKET_PATTERNS, askBucketKeys, bucketOptions } from "../installed/bucketOptions";
import {
  RETENTION_LINE,
  ResticError,
  initRepository,
  repositoryExists,
  restic,
  snapshots,
  type Repository,
} from "../backups/restic";
import { printable } from "../lib/printable";
import { backupsLine, drillLine } from "../watch/checks/backups";
import { runDrill } from "../backups/drill";
import { Failure, say, startUnits } from "../installed/shell";
import { usageOf, type Command } from "./command";

const SET_USAGE = "backups set --endpoint URL --bucket NAME [--prefix P] [--region R]";
export const BACKUP_UNIT = BACKUP_UNITS[0];
/** How long `set` waits for the endpoint's first answer. */
const ANSWER_MS = 15_000;

/** The bucket's options, a prefix in it, and the encryption password: plain, so a shell takes them unquoted from the recovery sheet. */
const PATTERNS = {
  ...BUCKET_PATTERNS,
  prefix: /^[A-Za-z0-9][A-Za-z0-9._-]{0,62}$/,
  password: /^[A-Za-z0-9+/=_-]{16,256}$/,
} as const;

/** The recovery sheet: every value a new server needs to read the backups back. */
export function sheetLines(domain: string, target: Repository): string[] {
  const values = Object.entries(valuesOf(target)).map(([key, value]) => `  ${key}=${value}`);
  return [
    `RECOVERY SHEET: the off-site backups of ${domain}`,
    "Keep it on paper or in a password manager, away from this server. The backups are",
    "encrypted with the password below: WITHOUT THIS SHEET NOTHING CAN BE RESTORED.",
    "",
    ...values,
    "",
    "To bring the site back on a fresh Debian 13 server (docs/operations.md, Off-site backups):",
    "  git clone the site's code, then, in its folder, as root:",
    `  ${Object.keys(valuesOf(target))
      .map((key) => `${key}=…`)
      .join(" ")} \\`,
    `    ./deploy/install --domain ${domain} --email ADDRESS --restore-from-backups`,
    "Printed again by: sitectl backups sheet",
  ];
}

/** The endpoint answers at all (any HTTP status will do): restic retries one that does not for many minutes. */
async function mustAnswer(endpoint: string, target: Repository): Promise<void> {
  try {
    await fetch(endpoint, { method: "HEAD", signal: AbortSignal.timeout(ANSWER_MS) });
  } catch (error) {
    const cause = (error as Error & { cause?: Error }).cause?.message ?? (error as Error).message;
    throw new Failure(
      `${shownAddress(target)} does not answer (${cause}): check the endpoint's address and that this server reaches it. Nothing was changed.`,
    );
  }
}

/** Makes the repository, or joins the one there with the recovery sheet's password; nothing is written here before it works. */
function prepareRepository(target: Repository): "made" | "joined" {
  if (repositoryExists(target, CACHE_DIR)) return "joined";
  try {
    initRepository(target, CACHE_DIR);
  } catch (error) {
    if (!(error instanceof ResticError)) throw error;
    const there = /already (exists|initialized)|config file already/i.test(error.message);
    throw new Failure(
      there
        ? `${shownAddress(target)} holds backups with another password: give the recovery sheet's ${KEYS.password}, or choose another --prefix. Nothing was changed.`
        : `the keys could not make the backups' repository at ${shownAddress(target)}: ${error.message}. Check the endpoint, the bucket's name and the keys' permissions (read, write, list, delete). Nothing was changed.`,
    );
  }
  // Listed and read back before anything is written here.
  snapshots(target, CACHE_DIR);
  restic(target, CACHE_DIR, ["cat", "config"]);
  return "made";
}

async function set(args: string[]): Promise<number> {
  const given = bucketOptions(args, ["endpoint", "bucket", "prefix", "region"], `sitectl ${SET_USAGE}`);
  for (const name of ["endpoint", "bucket"] as const)
    if (!given[name]) throw new Failure(`--${name} is missing; usage: sitectl ${SET_USAGE}. Nothing was changed.`);
  const region = given.region ?? "us-east-1";
  for (const [name, value] of Object.entries({ ...given, region }) as [keyof typeof PATTERNS, string][])
    if (!PATTERNS[name].test(value))
      throw new Failure(`--${name} ${JSON.stringify(value)} is not a valid ${name}; nothing was changed.`);
  const settings = readInstallSettings();
  if (!settings?.domain) throw new Failure("the site is not installed here (run deploy/install first).");
  const keys = await askBucketKeys(KEYS.accessKeyId, KEYS.secretAccessKey);
  // Taken out of the environment once read: nothing sitectl starts inherits it.
  const password = takeFromEnvironment([KEYS.password])[KEYS.password] || crypto.randomBytes(32).toString("base64url");
  if (!PATTERNS.password.test(password))
    throw new Failure(`${KEYS.password} must be 16 or more letters, digits, + / = _ -; nothing was changed.`);
  const endpoint = given.endpoint.replace(/\/+$/, "");
  const target: Repository = {
    repository: `s3:${endpoint}/${given.bucket}${given.prefix ? `/${given.prefix}` : ""}`,
    accessKeyId: keys.id,
    secretAccessKey: keys.secret,
    region,
    password,
  };
  await mustAnswer(endpoint, target);
  const how = prepareRepository(target);
  const powers = await keyPowers(target, settings.domain).catch((error: Error) => {
    throw new Failure(
      `the keys could not be tried on ${shownAddress(target)}: ${printable(error.message)}. Nothing was changed.`,
    );
  });
  say(
    how === "made"
      ? `Checked: the keys can write, list and read back in ${shownAddress(target)}; the encrypted repository is made.`
      : `Checked: ${shownAddress(target)} holds this site's backups, and the password opens them; backups go on there.`,
  );
  if (powers) {
    say(`What the keys can do: ${VERDICT_LINES[verdictOf(powers)]}.`);
    if (!powers.canDelete)
      say(
        `Old backups are forgotten off this server, with keys that never come here (docs/operations.md, Backups nobody on the server can erase).`,
      );
  }
  setEnvValues(BACKUPS_ENV, valuesOf(target));
  // The first backup records what the keys can do, as tried now.
  writeBackupsStatus(BACKUPS_DIR, {
    ...(readBackupsStatus() ?? {}),
    repository: shownAddress(target),
    ...(powers ? { keys: powers } : {}),
  });
  say(`Wrote ${BACKUPS_ENV} (mode 0600, root's only).`);
  say("");
  for (const line of sheetLines(settings.domain, target)) say(line);
  say("");
  say(`Backing up now, then every hour; kept: ${RETENTION_LINE}.`);
  return now();
}

/** A backup now, by the same unit the timer starts (two never run at once). */
function now(): number {
  const started = startUnits("start", BACKUP_UNIT);
  const shown = show();
  if (started.status !== 0) say(`${BACKUP_UNIT} failed: journalctl -u ${BACKUP_UNIT} says more.`);
  return started.status === 0 ? shown : 1;
}

function show(): number {
  const target = readBackupsTarget();
  if (!target) {
    say(`No off-site backups: if this server is lost, so is everything on it. Set them: sitectl ${SET_USAGE}`);
    return 0;
  }
  const status = readBackupsStatus();
  if (!status) {
    say(`Off-site backups to ${shownAddress(target)}: none has run yet (sitectl backups now).`);
    return 1;
  }
  say(`${backupsLine(status, Date.now())}.`);
  say(
    status.keys?.canDelete === false
      ? `Kept: everything this server sends (old ones are forgotten off the server: docs/operations.md); a backup every hour, ${VERIFY_SUBSET} of the data read back weekly, all of it monthly.`
      : `Kept: ${RETENTION_LINE}; a backup every hour, ${VERIFY_SUBSET} of the data read back weekly, all of it monthly.`,
  );
  if (status.keys)
    say(
      `What the keys can do (tried ${status.keys.checkedAt.slice(0, 16).replace("T", " ")} UTC): ${VERDICT_LINES[verdictOf(status.keys)]}.`,
    );
  if (status.firstGood)
    say(
      `The first: ${status.firstGood.at.slice(0, 16).replace("T", " ")} UTC, ${megabytes(status.firstGood.total)} in ${status.firstGood.seconds} s.`,
    );
  let failing = false;
  if (status.lastRun && !status.lastRun.ok) {
    say(
      `The last run (${status.lastRun.at}) ${status.lastRun.busy ? "COULD NOT RUN (the repository was busy)" : "FAILED"}: ${printable(status.lastRun.error ?? "")}`,
    );
    failing = true;
  }
  if (status.lastVerify && !status.lastVerify.ok) {
    say(`The last verify (${status.lastVerify.at}) FOUND DAMAGE: ${printable(status.lastVerify.error ?? "")}`);
    failing = true;
  }
  return failing ? 1 : 0;
}

function mustTarget(): Repository {
  const target = readBackupsTarget();
  if (!target) throw new Failure(`no off-site backups are set: sitectl ${SET_USAGE}`);
  return target;
}

/** What the timer's unit runs: one backup; exit 1 when it failed (the watch is told through OnFailure=). */
async function run(): Promise<number> {
  const settings = readInstallSettings();
  if (!settings) throw new Failure("the site is not installed here: nothing to back up.");
  const status = await runBackup(settings, mustTarget());
  if (!status.lastRun?.ok) {
    say(
      `The backup ${status.lastRun?.busy ? "could not run (the repository was busy)" : "failed"}: ${printable(status.lastRun?.error ?? "")}`,
    );
    return 1;
  }
  const good = status.lastGood!;
  say(
    `Backed up ${megabytes(good.total)} (${megabytes(good.added)} new) in ${good.seconds} s as ${good.snapshot.slice(0, 8)}; ${status.kept?.snapshots} kept, ${megabytes(status.kept?.stored ?? 0)} stored.`,
  );
  return 0;
}

function verify(all: boolean): number {
  const at = new Date();
  const status = runVerify(mustTarget(), all, at);
  if (status.verifyBusy?.at === at.toISOString()) {
    say(
      `The verify could not run: ${printable(status.verifyBusy.error)}. Nothing is wrong with the backups; try again later.`,
    );
    return 1;
  }
  const verified = status.lastVerify!;
  if (!verified.ok) {
    say(`The verify found damage: ${printable(verified.error ?? "")}`);
    say(
      "Run it again with --all; if it still finds damage: sitectl backups set with a new --prefix (the next backup then starts whole).",
    );
    return 1;
  }
  say(
    `Verified: the repository's structure and ${verified.subset === "all" ? "all its data" : `${verified.subset} of its data`} read back whole.`,
  );
  return 0;
}

/** The drill (what the monthly timer starts): the latest backup restored aside and checked; exit 1 when it fails. */
function drill(): number {
  const settings = readInstallSettings();
  if (!settings) throw new Failure("the site is not installed here: nothing to drill.");
  say("Restoring the latest off-site backup into a scratch folder (never over the live site) and checking it…");
  const status = runDrill(settings, mustTarget());
  const drilled = status.lastDrill!;
  if (!drilled.ok) {
    say(`The drill FAILED after ${drilled.seconds} s: ${printable(drilled.error ?? "")}`);
    say("The backups may not bring the site back: sitectl backups verify --all, and sitectl logs backup, say more.");
    return 1;
  }
  say(`${drillLine(status)}.`);
  return 0;
}

function list(): number {
  const target = mustTarget();
  const kept = snapshots(target, CACHE_DIR);
  say(`${kept.length} backups kept at ${shownAddress(target)} (${RETENTION_LINE}):`);
  for (const snapshot of kept)
    say(`  ${snapshot.id.slice(0, 8)}  ${snapshot.time.slice(0, 19).replace("T", " ")}  ${snapshot.host}`);
  say("Put one back: sitectl restore --from-backups --at ID (or a time: --at 2026-11-29T10:00)");
  return 0;
}

function sheet(): number {
  const settings = readInstallSettings();
  for (const line of sheetLines(settings?.domain ?? "this site", mustTarget())) say(line);
  return 0;
}

function off(): number {
  const target = readBackupsTarget();
  if (!target) {
    say("No off-site backups are set; nothing was changed.");
    return 0;
  }
  fs.rmSync(BACKUPS_ENV);
  say(
    `Removed ${BACKUPS_ENV}: no more backups. ${shownAddress(target)} is left as it is (keep the recovery sheet while it holds backups).`,
  );
  say(`To start again: sitectl ${SET_USAGE}, or reinstall with ${INSTALL_COMMAND}.`);
  return 0;
}

async function backups(args: string[]): Promise<number> {
  const [verb, ...rest] = args;
  if (!verb) return show();
  if (verb === "set") return set(rest);
  if (!["verify"].includes(verb) && rest.length) throw new Failure(`usage: ${usageOf(command)}. Nothing was changed.`);
  if (verb === "now") return now();
  if (verb === "run") return run();
  if (verb === "verify" && rest.every((arg) => arg === "--all")) return verify(rest.includes("--all"));
  if (verb === "list") return list();
  if (verb === "drill") return drill();
  if (verb === "sheet") return sheet();
  if (verb === "off") return off();
  throw new Failure(`usage: ${usageOf(command)}. Nothing was changed.`);
}

export const command: Command = {
  name: "backups",
  usage: ["backups [now | list | sheet | off]", "backups verify [--all]", "backups drill", SET_USAGE],
  summary:
    "automatic, encrypted off-site backups every hour (shows them, sets them, restores with sitectl restore --from-backups)",
  run: backups,
};
