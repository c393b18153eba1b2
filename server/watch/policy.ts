// When a problem the server's checks find reaches a person: plain functions of the last
// state, this run's findings and the time, so that every rule is tested with a fake clock.
// As Discourse's ProblemCheck: a check may fail `blips` runs in a row before anyone is told
// (a passing hiccup tells nobody); a lasting problem is told when it starts, reminded
// daily, and told again as soon as it is resolved. A flapping check starts at most one
// alert an hour: once a problem is resolved, the same check is told again only an hour later.

/** How long between reminders while a problem lasts. */
export const REMINDER_MS = 24 * 60 * 60_000;
/** After a problem is resolved, the same check starts no new alert for this long. */
export const FLAP_MS = 60 * 60_000;
/** Told problems kept after they end, for the weekly digest. */
export const HISTORY_MS = 8 * 24 * 60 * 60_000;

/** What a run found wrong: the checks' problems, each with its own id. */
export interface Problem {
  /** Stable across runs: "unit:anodising-editor", "certificate:www.example.com:7". */
  id: string;
  /** What is wrong, for the operator. */
  text: string;
  /** The command (or step) that fixes it. */
  fix: string;
  /** What visitors and staff notice meanwhile. */
  notice: string;
  /** Failing runs in a row allowed before anyone is told (0: told at once). */
  blips: number;
  /** Grows as the same problem worsens (a certificate at 21, then 7 days): told again, not resolved. */
  stage?: number;
  /** Staff's banner shows it only once it has lasted this long (what staff cannot act on soon). */
  staffAfterMs?: number;
}

export interface Tracked {
  problem: Problem;
  /** The first failing run in this streak (epoch ms). */
  since: number;
  /** Failing runs in a row; 0 for an entry kept only to remember when it was last resolved. */
  failures: number;
  /** When the operator was told it started; undefined while it is still a blip (or held back). */
  toldAt?: number;
  /** The last reminder. */
  remindedAt?: number;
  /** When this check's last told problem was resolved: no new alert for FLAP_MS after it. */
  resolvedAt?: number;
}

export interface Ended {
  id: string;
  text: string;
  since: number;
  until: number;
}

export interface WatchState {
  tracked: Record<string, Tracked>;
  /** Told problems that ended (for the digest), the last HISTORY_MS. */
  ended: Ended[];
  /** The last weekly digest (epoch ms); set at the first run, so the first comes a week later. */
  lastDigestAt?: number;
}

export type Notice =
  | { kind: "started" | "reminder"; problem: Problem; since: number }
  | { kind: "resolved"; problem: Problem; since: number; until: number };

export const emptyState = (): WatchState => ({ tracked: {}, ended: [] });

/** One run: the new state and what to tell the operator. `problems` are this run's, all of them. */
export function step(previous: WatchState, problems: Problem[], now: number): { state: WatchState; notices: Notice[] } {
  const tracked: Record<string, Tracked> = {};
  const ended = previous.ended.filter((entry) => now - entry.until < HISTORY_MS);
  const notices: Notice[] = [];

  for (const problem of problems) {
    const before = previous.tracked[problem.id];
    // A streak goes on from a failing entry; a memory of the last resolution starts a new one.
    const entry: Tracked =
      before && before.failures > 0
        ? { ...before, problem, failures: before.failures + 1 }
        : { problem, since: now, failures: 1, resolvedAt: before?.resolvedAt };
    if (entry.toldAt === undefined) {
      const flapping = entry.resolvedAt !== undefined && now - entry.resolvedAt < FLAP_MS;
      if (entry.failures > problem.blips && !flapping) {
        notices.push({ kind: "started", problem, since: entry.since });
        entry.toldAt = now;
      }
    } else if ((problem.stage ?? 0) > (before?.problem.stage ?? 0)) {
      notices.push({ kind: "started", problem, since: entry.since });
      entry.toldAt = now;
      entry.remindedAt = undefined;
    } else if (now - (entry.remindedAt ?? entry.toldAt) >= REMINDER_MS) {
      notices.push({ kind: "reminder", problem, since: entry.since });
      entry.remindedAt = now;
    }
    tracked[problem.id] = entry;
  }

  for (const [id, before] of Object.entries(previous.tracked)) {
    if (tracked[id]) continue;
    if (before.toldAt !== undefined) {
      notices.push({ kind: "resolved", problem: before.problem, since: before.since, until: now });
      ended.push({ id, text: before.problem.text, since: before.since, until: now });
      tracked[id] = { problem: before.problem, since: now, failures: 0, resolvedAt: now };
    } else if (before.resolvedAt !== undefined && now - before.resolvedAt < FLAP_MS) {
      // A blip (or a held-back start) of a check resolved within the hour: remember when.
      tracked[id] = { ...before, failures: 0 };
    }
    // Otherwise a blip that told nobody: forgotten.
  }
  return { state: { ...previous, tracked, ended }, notices };
}

/** The problems the operator has been told of and that still last: what staff see in /admin/. */
export const toldProblems = (state: WatchState) =>
  Object.values(state.tracked).filter((entry) => entry.toldAt !== undefined);

/** What staff's banner shows of the told problems: each once it has lasted its staffAfterMs. */
export const shownToStaff = (state: WatchState, now: number) =>
  toldProblems(state).filter((entry) => now - entry.since >= (entry.problem.staffAfterMs ?? 0));

/** Whether the weekly digest is due: a week after the last (the first run only starts the count). */
export function digestDue(state: WatchState, now: number, weekMs = 7 * 24 * 60 * 60_000): boolean {
  return state.lastDigestAt !== undefined && now - state.lastDigestAt >= weekMs;
}
