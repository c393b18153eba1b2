// Where `sitectl restore --from-backups` (and deploy/install --restore-from-backups) takes a
// backup from: this server's own backups, or, on a fresh server, the recovery sheet's
// values (BACKUPS_* in the environment, or asked in a terminal). The chosen snapshot is
// read back by restic into root's staging folder; sitectl restore checks it as it checks a
// file. Only this site's own server's backups are taken (its domain), unless the operator
// names another (--host). Once restored, a fresh server goes on backing up to the same
// place, but a server under another domain only when the operator says so.
import fs from "node:fs";
import path from "node:path";
import { ask, takeFromEnvironment } from "../lib/ask";
import { BACKUPS_ENV, setEnvValues } from "../installed/layout";
import { CACHE_DIR, KEYS, readBackupsTarget, shownAddress, targetOf, valuesOf } from "./offsite";
import { PART } from "./file";
import { ResticError, restoreSnapshot, snapshots, type Repository, type Snapshot } from "./restic";
import { Failure, say } from "../installed/shell";

/** The recovery sheet's values that are secrets: asked without showing them. */
const SECRET_KEYS: string[] = [KEYS.password, KEYS.secretAccessKey];

async function askSheet(): Promise<Record<string, string>> {
  // Taken out of the environment: nothing sitectl starts inherits them.
  const given = takeFromEnvironment(Object.values(KEYS));
  if (given[KEYS.repository] && given[KEYS.password]) return given;
  if (!process.stdin.isTTY)
    throw new Failure(
      `give the recovery sheet's values: ${Object.values(KEYS).join(", ")} in the environment (or run it in a terminal to be asked). Nothing was changed.`,
    );
  for (const key of Object.values(KEYS)) {
    const secret = SECRET_KEYS.includes(key);
    if (!given[key])
      given[key] = (
        await ask(`${key} (from the recovery sheet${secret ? "; not shown as you type" : ""}): `, secret)
      ).trim();
  }
  return given;
}

/** The snapshot `at` names: latest, an ID (or its first characters), or the last one at or before a time. */
export function chooseSnapshot(list: Snapshot[], at: string): Snapshot {
  if (!list.length) throw new Failure("the repository holds no backup yet. Nothing was changed.");
  if (at === "latest") return list[list.length - 1];
  if (/^\d{4}-\d{2}-\d{2}/.test(at)) {
    const time = Date.parse(at.length <= 16 ? `${at.replace(" ", "T")}Z` : at);
    const before = list.filter((snapshot) => Date.parse(snapshot.time) <= time);
    if (Number.isNaN(time) || !before.length)
      throw new Failure(
        `no backup at or before ${at} (the oldest kept: ${list[0].time.slice(0, 16).replace("T", " ")} UTC). Nothing was changed.`,
      );
    return before[before.length - 1];
  }
  const found = list.filter((snapshot) => /^[0-9a-f]{4,64}$/.test(at) && snapshot.id.startsWith(at));
  if (found.length !== 1)
    throw new Failure(`${at} names no one backup: sitectl backups list shows them. Nothing was changed.`);
  return found[0];
}

/** The folder under `dir` that holds a backup's manifest (restic restores the path it backed up). */
export function manifestFolder(dir: string): string {
  if (fs.existsSync(path.join(dir, PART.manifest))) return dir;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (!entry.isDirectory() || entry.isSymbolicLink()) continue;
    const found = manifestFolder(path.join(dir, entry.name));
    if (found) return found;
  }
  return "";
}

/** The backups `host` made; none, and the hosts there are named. */
export function ofHost(list: Snapshot[], host: string): Snapshot[] {
  const own = list.filter((snapshot) => snapshot.host === host);
  const others = [...new Set(list.map((snapshot) => snapshot.host))].filter((name) => name !== host);
  if (!own.length && others.length)
    throw new Failure(
      `the repository holds no backup of ${host}; it holds backups of ${others.join(", ")}. To restore one of them: --host NAME (deploy/install: --restore-host NAME). Nothing was changed.`,
    );
  return own;
}

export async function fromBackups(
  at: string,
  domain: string,
  host = domain,
): Promise<{
  label: string;
  unpack: (staging: string) => string;
  /** After a successful restore: a server without backups set goes on with these (one under another domain only if asked). */
  finish: () => Promise<void>;
}> {
  const own = readBackupsTarget();
  const target: Repository | null = own ?? targetOf(await askSheet());
  if (!target) throw new Failure(`${KEYS.repository} and ${KEYS.password} are both needed. Nothing was changed.`);
  let chosen: Snapshot;
  try {
    chosen = chooseSnapshot(ofHost(snapshots(target, CACHE_DIR), host), at);
  } catch (error) {
    if (error instanceof ResticError)
      throw new Failure(
        `the backups at ${shownAddress(target)} cannot be read: ${error.message}. Check the recovery sheet's values. Nothing was changed.`,
      );
    throw error;
  }
  return {
    label: `the off-site backup ${chosen.id.slice(0, 8)} of ${chosen.time.slice(0, 16).replace("T", " ")} UTC (${shownAddress(target)})`,
    unpack: (staging) => {
      const into = path.join(staging, "from-backups");
      fs.mkdirSync(into, { mode: 0o700 });
      restoreSnapshot(target, CACHE_DIR, chosen.id, into);
      const folder = manifestFolder(into);
      if (!folder)
        throw new Failure(`the backup ${chosen.id.slice(0, 8)} holds no ${PART.manifest}: not a backup of this site.`);
      return folder;
    },
    finish: async () => {
      if (own) return;
      if (chosen.host !== domain) {
        // A drill on a test box, or a move to a new name: never joined unasked (review 4, L4).
        const join =
          process.stdin.isTTY &&
          /^y/i.test(
            await ask(
              `This server is ${domain}; the backups are ${chosen.host}'s. Back up into ${shownAddress(target)} too, as ${domain}? [y/N] `,
            ),
          );
        if (!join) {
          say(
            `This server (${domain}) does not back up into ${shownAddress(target)}, which holds ${chosen.host}'s backups. To make it: sitectl backups set (docs/operations.md, Off-site backups).`,
          );
          return;
        }
      }
      setEnvValues(BACKUPS_ENV, valuesOf(target));
      say(`Backups go on to ${shownAddress(target)} every hour (${BACKUPS_ENV}); sitectl backups shows them.`);
    },
  };
}
