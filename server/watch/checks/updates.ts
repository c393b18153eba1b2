// Debian's security updates applied by themselves: unattended-upgrades (set up by
// deploy/configure) runs once a day from apt's timer and logs each run. This check reads
// the last run from that log (root's; the root part hands the watch its end) and says when
// it ran and what it applied; a run that failed, or none for days, is a problem.
import { printable } from "../../lib/printable";
import { failing, type Check } from "./check";
import { BLIPS_PER_DAY, DEPLOY_AGAIN, ok } from "./finding";

/** apt's timer runs it daily (at a random time in the morning): past this, runs have stopped. */
const RUN_EVERY_MS = 24 * 3600_000;
const STALE_MS = 3 * RUN_EVERY_MS;
/** A run still going after this long has died without its last line. */
const RUN_MAX_MS = 2 * 3600_000;

const START = "Starting unattended upgrades script";
/** `2026-11-28 06:25:12,345 INFO …`: Python's logging, in the server's local time. */
const LINE = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2}),\d+ ([A-Z]+) (.*)$/;

export interface UpgradeRun {
  /** When it started (epoch ms, read as the server's local time, as it was written). */
  startedAt: number;
  /** The day and time as the log gives them, for the operator. */
  started: string;
  /** The packages it upgraded (or would have, in a dry run). */
  packages: string[];
  dryRun: boolean;
  /** Its last line said it had finished (all installed, or nothing to do). */
  finished: boolean;
  /** Its first ERROR line, if any. */
  error?: string;
}

/** The last run in unattended-upgrades' log, or null when the log holds none. */
export function lastUpgradeRun(log: string): UpgradeRun | null {
  const lines = log
    .split("\n")
    .map((line) => LINE.exec(line))
    .filter((found) => found !== null);
  let start = lines.length - 1;
  while (start >= 0 && lines[start][4] !== START) start -= 1;
  if (start < 0) return null;
  const [, day, time] = lines[start];
  const run: UpgradeRun = {
    startedAt: new Date(`${day}T${time}`).getTime(),
    started: `${day} ${time.slice(0, 5)}`,
    packages: [],
    dryRun: false,
    finished: false,
  };
  for (const [, , , level, text] of lines.slice(start + 1)) {
    if (level === "ERROR") run.error ??= text;
    else if (text.startsWith("Packages that will be upgraded:"))
      run.packages = text
        .slice(text.indexOf(":") + 1)
        .trim()
        .split(/\s+/)
        .filter(Boolean);
    else if (text.includes("--dry-run")) run.dryRun = true;
    else if (/^(All upgrades installed|No packages found that can be upgraded)/.test(text)) run.finished = true;
  }
  return run;
}

const applied = (run: UpgradeRun) =>
  run.packages.length
    ? `${run.dryRun ? "would have applied" : "applied"} ${run.packages.length} (${run.packages.slice(0, 5).join(", ")}${run.packages.length > 5 ? ", …" : ""})`
    : "nothing to apply";

export const securityUpdatesRun: Check = {
  id: "security-updates-run",
  // A run is daily: one that failed stays the last until tomorrow's. Told after an hour.
  blips: 4,
  notice: "nothing visible; the server misses security fixes",
  fix: "unattended-upgrade -v (it says what stops it; its log: /var/log/unattended-upgrades/)",
  run: ({ facts, paths, now }) => {
    if (facts.upgradesLog === undefined) return [];
    const run = facts.upgradesLog === null ? null : lastUpgradeRun(facts.upgradesLog);
    if (!run)
      return [
        failing(
          `security updates are not applied by themselves: unattended-upgrades has never run (${paths.UPGRADES_LOG} holds no run).`,
          { fix: DEPLOY_AGAIN, blips: BLIPS_PER_DAY },
        ),
      ];
    if (run.error)
      return [
        failing(`the automatic security updates of ${run.started} failed: ${printable(run.error).slice(0, 200)}`),
      ];
    if (!run.finished && now - run.startedAt > RUN_MAX_MS)
      return [failing(`the automatic security updates of ${run.started} stopped before their end.`)];
    if (now - run.startedAt > STALE_MS)
      return [failing(`the automatic security updates have not run since ${run.started}.`)];
    if (!run.finished) return [ok(`security updates being applied now (started ${run.started})`)];
    return [ok(`security updates apply themselves daily: the last run (${run.started}) ${applied(run)}`)];
  },
};
