/**
 * @jest-environment node
 */
// When the server's own checks tell someone (server/watch/policy.ts), with a fake clock:
// blips tell nobody, a lasting problem is told once, reminded daily, resolved once, and a
// flapping one mails at most once an hour.
import {
  FLAP_MS,
  HISTORY_MS,
  REMINDER_MS,
  digestDue,
  emptyState,
  shownToStaff,
  step,
  toldProblems,
} from "../../server/watch/policy";
import type { Notice, Problem, WatchState } from "../../server/watch/policy";

const MINUTE = 60_000;
const RUN = 15 * MINUTE;
const T0 = Date.UTC(2026, 10, 25, 8, 0);

const problem = (id: string, blips = 0): Problem => ({
  id,
  text: `${id} is wrong`,
  fix: `fix ${id}`,
  notice: `visitors notice ${id}`,
  blips,
});

/** Runs the policy over `runs` (the problems of each run, RUN apart from `start`); every notice with its run. */
function simulate(runs: Problem[][], start = T0, state: WatchState = emptyState()) {
  const told: { run: number; kind: Notice["kind"]; id: string }[] = [];
  runs.forEach((problems, run) => {
    const result = step(state, problems, start + run * RUN);
    state = result.state;
    for (const notice of result.notices) told.push({ run, kind: notice.kind, id: notice.problem.id });
  });
  return { told, state };
}

test("a problem with no blip allowance is told at the first run, once", () => {
  const unit = problem("unit:anodising-editor");
  const { told, state } = simulate([[unit], [unit], [unit]]);
  expect(told).toEqual([{ run: 0, kind: "started", id: unit.id }]);
  expect(toldProblems(state).map((entry) => entry.since)).toEqual([T0]);
});

test("blips within the allowance tell nobody, and are forgotten when the check passes", () => {
  const site = problem("site", 1);
  expect(simulate([[site], [], [site], []]).told).toEqual([]);
  expect(simulate([[site], [], [site], []]).state.tracked).toEqual({});
});

test("past the allowance it is told, dated from its first failing run", () => {
  const site = problem("site", 2);
  const { told, state } = simulate([[site], [site], [site]]);
  expect(told).toEqual([{ run: 2, kind: "started", id: "site" }]);
  expect(toldProblems(state)[0].since).toBe(T0);
});

test("a lasting problem is reminded once a day, then told resolved with its duration", () => {
  const disk = problem("disk");
  let state = emptyState();
  const at = (ms: number, problems: Problem[]) => {
    const result = step(state, problems, ms);
    state = result.state;
    return result.notices.map((notice) => notice.kind);
  };
  expect(at(T0, [disk])).toEqual(["started"]);
  expect(at(T0 + REMINDER_MS - RUN, [disk])).toEqual([]);
  expect(at(T0 + REMINDER_MS, [disk])).toEqual(["reminder"]);
  expect(at(T0 + REMINDER_MS + RUN, [disk])).toEqual([]);
  expect(at(T0 + 2 * REMINDER_MS, [disk])).toEqual(["reminder"]);
  const resolvedAt = T0 + 2 * REMINDER_MS + RUN;
  const result = step(state, [], resolvedAt);
  expect(result.notices).toEqual([{ kind: "resolved", problem: disk, since: T0, until: resolvedAt }]);
  expect(toldProblems(result.state)).toEqual([]);
  expect(result.state.ended).toEqual([{ id: "disk", text: disk.text, since: T0, until: resolvedAt }]);
});

test("a flapping check starts at most one alert an hour; each alert's end is told at once", () => {
  const mail = problem("mail-server");
  // Fails, passes, fails, passes… every run for two hours.
  const runs = Array.from({ length: 9 }, (_, run) => (run % 2 === 0 ? [mail] : []));
  const { told } = simulate(runs);
  expect(told).toEqual([
    { run: 0, kind: "started", id: "mail-server" },
    { run: 1, kind: "resolved", id: "mail-server" },
    // Runs 2 and 4 fail within the hour after the end at run 1: nobody is told.
    { run: 6, kind: "started", id: "mail-server" },
    { run: 7, kind: "resolved", id: "mail-server" },
  ]);
  const starts = told.filter((entry) => entry.kind === "started").map((entry) => entry.run * RUN);
  for (let i = 1; i < starts.length; i++) expect(starts[i] - starts[i - 1]).toBeGreaterThanOrEqual(FLAP_MS);
});

test("a problem resolved is told at once, with how long it lasted", () => {
  const cert = problem("certificate:www.example.com:7");
  const { told, state } = simulate([[cert], [cert], []]);
  expect(told).toEqual([
    { run: 0, kind: "started", id: cert.id },
    { run: 2, kind: "resolved", id: cert.id },
  ]);
  expect(state.ended).toEqual([{ id: cert.id, text: cert.text, since: T0, until: T0 + 2 * RUN }]);
});

test("back within the hour after its end, it waits out the hour, then is told with its new start", () => {
  const unit = problem("unit:anodising-publisher");
  const { told, state } = simulate([[unit], [], [unit], [unit], [unit], [unit], [unit]]);
  expect(told).toEqual([
    { run: 0, kind: "started", id: unit.id },
    { run: 1, kind: "resolved", id: unit.id },
    { run: 5, kind: "started", id: unit.id },
  ]);
  expect(toldProblems(state)[0].since).toBe(T0 + 2 * RUN);
});

test("each problem is tracked on its own: a changed text is the same problem, a later stage is told again", () => {
  const cert = { ...problem("certificate:www.example.com"), stage: 1 };
  const { told, state } = simulate([
    [cert],
    [{ ...cert, text: "fewer days" }],
    [{ ...cert, stage: 2 }],
    [{ ...cert, stage: 2 }],
  ]);
  expect(told).toEqual([
    { run: 0, kind: "started", id: cert.id },
    { run: 2, kind: "started", id: cert.id },
  ]);
  expect(toldProblems(state)[0].since).toBe(T0);
});

test("ended problems are kept for the digest a week and a day, then dropped", () => {
  const disk = problem("disk");
  const { state } = simulate([[disk], []]);
  expect(state.ended).toHaveLength(1);
  const later = step(state, [], state.ended[0].until + HISTORY_MS).state;
  expect(later.ended).toEqual([]);
});

test("the digest is due a week after the last one; the first run only starts the count", () => {
  expect(digestDue(emptyState(), T0)).toBe(false);
  const state = { ...emptyState(), lastDigestAt: T0 };
  expect(digestDue(state, T0 + 7 * 24 * 60 * MINUTE - 1)).toBe(false);
  expect(digestDue(state, T0 + 7 * 24 * 60 * MINUTE)).toBe(true);
});

test("staff's banner shows a problem with staffAfterMs only once it has lasted that long; the operator is told at once", () => {
  const backup = { ...problem("backups:failing"), staffAfterMs: 24 * 60 * MINUTE };
  const others = problem("unit:nginx");
  let state = step(emptyState(), [backup, others], T0).state;
  expect(toldProblems(state).map((entry) => entry.problem.id)).toEqual(["backups:failing", "unit:nginx"]);
  expect(shownToStaff(state, T0).map((entry) => entry.problem.id)).toEqual(["unit:nginx"]);
  state = step(state, [backup, others], T0 + 24 * 60 * MINUTE).state;
  expect(shownToStaff(state, T0 + 24 * 60 * MINUTE).map((entry) => entry.problem.id)).toEqual([
    "backups:failing",
    "unit:nginx",
  ]);
});
