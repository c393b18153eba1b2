/**
 * @jest-environment node
 */
// The security updates' own runs (server/watch/checks/updates.ts): unattended-upgrades' log
// planted where Debian writes it, as its runs write it, at times around the test's clock.
import { lastUpgradeRun, securityUpdatesRun } from "../../../server/watch/checks/updates";
import { BLIPS_PER_DAY, DEPLOY_AGAIN } from "../../../server/watch/checks/finding";
import { place, theProblem, type Place } from "./place";

const HOUR = 3600_000;
const pad = (n: number) => String(n).padStart(2, "0");
/** A log line's time, as Python's logging writes it: the server's local time. */
function stamp(ms: number): string {
  const at = new Date(ms);
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())} ${pad(at.getHours())}:${pad(at.getMinutes())}:${pad(at.getSeconds())},123`;
}
const shown = (ms: number) => stamp(ms).slice(0, 16);

/** One run's lines, `hoursAgo` before the test's clock. */
function runLines(here: Place, hoursAgo: number, lines: string[]): string {
  const at = here.now - hoursAgo * HOUR;
  return [
    `${stamp(at)} INFO Starting unattended upgrades script`,
    `${stamp(at)} INFO Allowed origins are: origin=Debian,codename=trixie-security,label=Debian-Security`,
    ...lines.map((line, i) => `${stamp(at + (i + 1) * 1000)} ${line}`),
  ].join("\n");
}

const NOTHING = "INFO No packages found that can be upgraded unattended and no pending auto-removals";
const APPLIED = ["INFO Packages that will be upgraded: login passwd", "INFO All upgrades installed"];

describe("securityUpdatesRun", () => {
  test("ok: the last run, when, and what it applied", async () => {
    const here = place();
    here.write(here.paths.UPGRADES_LOG, `${runLines(here, 30, [NOTHING])}\n${runLines(here, 6, APPLIED)}\n`);
    expect(await here.find(securityUpdatesRun)).toEqual([
      {
        level: "ok",
        text: `security updates apply themselves daily: the last run (${shown(here.now - 6 * HOUR)}) applied 2 (login, passwd)`,
      },
    ]);
  });

  test("ok: a run with nothing to apply; a dry run says what it would have applied", async () => {
    const here = place();
    here.write(here.paths.UPGRADES_LOG, runLines(here, 1, [NOTHING]));
    expect(await here.find(securityUpdatesRun)).toEqual([
      { level: "ok", text: expect.stringMatching(/\) nothing to apply$/) },
    ]);
    here.write(
      here.paths.UPGRADES_LOG,
      runLines(here, 1, ["INFO Option --dry-run given, *not* performing real actions", ...APPLIED]),
    );
    expect(await here.find(securityUpdatesRun)).toEqual([
      { level: "ok", text: expect.stringMatching(/would have applied 2 \(login, passwd\)$/) },
    ]);
  });

  test("ok: a run going on now", async () => {
    const here = place();
    here.write(here.paths.UPGRADES_LOG, runLines(here, 0.1, ["INFO Packages that will be upgraded: openssl"]));
    expect(await here.find(securityUpdatesRun)).toEqual([
      { level: "ok", text: expect.stringMatching(/^security updates being applied now/) },
    ]);
  });

  test("problem: never run (no log), told after a day, fixed by installing again", async () => {
    const here = place();
    expect(theProblem(await here.find(securityUpdatesRun))).toMatchObject({
      id: "security-updates-run",
      text: expect.stringMatching(/^security updates are not applied by themselves/),
      fix: DEPLOY_AGAIN,
      blips: BLIPS_PER_DAY,
    });
  });

  test("problem: the last run failed, with its first error (an earlier run's success does not hide it)", async () => {
    const here = place();
    here.write(
      here.paths.UPGRADES_LOG,
      `${runLines(here, 30, APPLIED)}\n${runLines(here, 5, [
        "INFO Packages that will be upgraded: openssl",
        "ERROR Installing the upgrades failed!\u001b[31m",
        "ERROR error message: 'E:Sub-process /usr/bin/dpkg returned an error code (1)'",
      ])}`,
    );
    expect(theProblem(await here.find(securityUpdatesRun))).toMatchObject({
      id: "security-updates-run",
      text: `the automatic security updates of ${shown(here.now - 5 * HOUR)} failed: Installing the upgrades failed![31m`,
      blips: 4,
    });
  });

  test("problem: a run that stopped before its end", async () => {
    const here = place();
    here.write(here.paths.UPGRADES_LOG, runLines(here, 3, ["INFO Packages that will be upgraded: openssl"]));
    expect(theProblem(await here.find(securityUpdatesRun)).text).toMatch(/stopped before their end\.$/);
  });

  test("problem: no run for more than three days", async () => {
    const here = place();
    here.write(here.paths.UPGRADES_LOG, runLines(here, 80, [NOTHING]));
    expect(theProblem(await here.find(securityUpdatesRun)).text).toBe(
      `the automatic security updates have not run since ${shown(here.now - 80 * HOUR)}.`,
    );
  });

  test("nothing said with facts from a root part older than the check", async () => {
    const here = place();
    const context = here.context();
    delete context.facts.upgradesLog;
    expect(await securityUpdatesRun.run(context)).toEqual([]);
  });
});

test("lastUpgradeRun: lines that are not the log's own are passed over", () => {
  expect(lastUpgradeRun("")).toBeNull();
  expect(lastUpgradeRun("garbage\nINFO Starting unattended upgrades script\n")).toBeNull();
});
