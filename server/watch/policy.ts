// When a problem the server's checks find reaches a person: plain functions of the last
// state, this run's findings and the time, so that every rule is tested with a fake clock.
// As Discourse's ProblemCheck: a check may fail `blips` runs in a row before anyone is told
// (a passing hiccup tells nobody); a lasting problem is told when it starts, reminded
// daily, and told again when it is resolved; a flapping check mails at most once an hour.

/** How long between reminders while a problem lasts. */
export const REMINDER_MS = 24 * 60 * 60_000;
/** No check mails more often than this (a flapping one waits). */
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
}

export interface Tracked {
  problem: Problem;
  /** The first failing run in this streak (epoch ms). */
  since: number;
  /** Failing runs in a row. */
  failures: number;
  /** When the operator was told it started; undefined while it is still a blip. */
  toldAt?: number;
  /** The last reminder. */
  remindedAt?: number;
  /** The last "started" or "resolved" message: the flapping limit counts from it. */
  lastMessageAt?: number;
  /** Seen passing while told: its "resolved" waits for the flapping limit. */
  passingSince?: number;
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
  const mayMessage = (entry: Tracked) => entry.lastMessageAt === undefined || now - entry.lastMessageAt >= FLAP_MS;

  for (const problem of problems) {
    const before = previous.tracked[problem.id];
    // A streak goes on from a failing or told entry; a mere memory of the flapping limit
    // (failures 0, not told) starts a new streak that keeps the limit.
    const goesOn = before && (before.failures > 0 || before.toldAt !== undefined);
    const entry: Tracked = goesOn
      ? { ...before, problem, failures: before.failures + 1, passingSince: undefined }
      : { problem, since: now, failures: 1, lastMessageAt: before?.lastMessageAt };
    if (entry.toldAt === undefined) {
      if (entry.failures > problem.blips && mayMessage(entry)) {
        notices.push({ kind: "started", problem, since: entry.since });
        entry.toldAt = now;
        entry.lastMessageAt = now;
      }
    } else if (now - (entry.remindedAt ?? entry.toldAt) >= REMINDER_MS) {
      notices.push({ kind: "reminder", problem, since: entry.since });
      entry.remindedAt = now;
    }
    tracked[problem.id] = entry;
  }

  for (const [id, before] of Object.entries(previous.tracked)) {
    if (tracked[id]) continue;
    // Never told: a blip, forgotten.
    if (before.toldAt === undefined) {
      // Unless it was held back by the flapping limit: keep the limit's memory.
      if (before.lastMessageAt !== undefined && now - before.lastMessageAt < FLAP_MS)
        tracked[id] = { ...before, failures: 0 };
      continue;
    }
    const entry: Tracked = { ...before, failures: 0, passingSince: before.passingSince ?? now };
    if (mayMessage(entry)) {
      notices.push({ kind: "resolved", problem: entry.problem, since: entry.since, until: entry.passingSince! });
      ended.push({ id, text: entry.problem.text, since: entry.since, until: entry.passingSince! });
      // Remembered for the flapping limit only.
      tracked[id] = { problem: entry.problem, since: now, failures: 0, lastMessageAt: now };
    } else tracked[id] = entry;
  }
  // A memory of the flapping limit whose hour is over is dropped.
  for (const [id, entry] of Object.entries(tracked)) {
    if (entry.failures === 0 && entry.toldAt === undefined && now - (entry.lastMessageAt ?? 0) >= FLAP_MS)
      delete tracked[id];
  }
  return { state: { ...previous, tracked, ended }, notices };
}

/** The problems the operator has been told of and that still last: what staff see in /admin/. */
export const toldProblems = (state: WatchState) =>
  Object.values(state.tracked).filter((entry) => entry.toldAt !== undefined && entry.passingSince === undefined);

/** Whether the weekly digest is due: a week after the last (the first run only starts the count). */
export function digestDue(state: WatchState, now: number, weekMs = 7 * 24 * 60 * 60_000): boolean {
  return state.lastDigestAt !== undefined && now - state.lastDigestAt >= weekMs;
}
