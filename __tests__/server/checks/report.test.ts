/**
 * @jest-environment node
 */
// The owner's report's check (server/watch/checks/report.ts): its summary.json and the
// visits log, planted as the report and nginx write them.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { SUMMARY_FILE } from "../../../server/analytics/build";
import { ACCESS_LOG } from "../../../server/analytics/logLines";
import { report } from "../../../server/watch/checks/report";
import { levels, place, theProblem, type Place } from "./place";

const HOUR = 3_600_000;
const builtHoursAgo = (here: Place, hours: number) =>
  here.write(
    path.join(here.paths.REPORT_DIR, SUMMARY_FILE),
    JSON.stringify({ builtAt: new Date(here.now - hours * HOUR).toISOString(), host: "site.test", periods: [] }),
  );
const released = (here: Place) => here.write(path.join(here.paths.HOST_DIR, "live", "index.html"), "<html></html>");

test("a note before the first release", async () => {
  expect(levels(await place().find(report))).toEqual(["note"]);
});

test("ok: built within the hour from nginx's log; a note while nginx has written none", async () => {
  const here = place();
  released(here);
  builtHoursAgo(here, 0);
  expect(levels(await here.find(report))).toEqual(["note"]);
  here.write(path.join(here.paths.VISITS_DIR, ACCESS_LOG), "");
  expect(await here.find(report)).toEqual([
    { level: "ok", text: expect.stringMatching(/^The owner's report was built less than an hour ago/) },
  ]);
});

test("problem: never built after the first release, told after an hour", async () => {
  const here = place();
  released(here);
  expect(theProblem(await here.find(report))).toMatchObject({
    id: "report",
    text: expect.stringMatching(/^The owner's report has never been built/),
    notice: "the owner's report at /admin/report/ is empty",
    blips: 4,
  });
});

test("problem: built more than three hours ago", async () => {
  const here = place();
  released(here);
  builtHoursAgo(here, 5);
  expect(theProblem(await here.find(report))).toMatchObject({
    id: "report",
    text: "The owner's report was last built 5 hours ago (it is built every hour).",
    blips: 0,
  });
});

// Issue 52, finding 4: root reads site-report's summary.json. A FIFO there used to hang
// doctor and the watch (nobody told); a link to /dev/zero grew memory without bound.
describe("problem: a summary.json that is no report, read without hanging or following a link", () => {
  const summaryOf = (here: Place) => path.join(here.paths.REPORT_DIR, SUMMARY_FILE);
  const expectUnreadable = async (here: Place) =>
    expect(theProblem(await here.find(report))).toMatchObject({
      id: "report",
      text: expect.stringMatching(/summary\.json is not a report this server can read/),
    });

  test("a FIFO", async () => {
    const here = place();
    released(here);
    fs.mkdirSync(here.paths.REPORT_DIR, { recursive: true });
    execFileSync("mkfifo", [summaryOf(here)]);
    await expectUnreadable(here);
  });

  test("a link to /dev/zero", async () => {
    const here = place();
    released(here);
    fs.mkdirSync(here.paths.REPORT_DIR, { recursive: true });
    fs.symlinkSync("/dev/zero", summaryOf(here));
    await expectUnreadable(here);
  });

  test("text that is not a report", async () => {
    const here = place();
    released(here);
    here.write(summaryOf(here), '{"builtAt": 1}');
    await expectUnreadable(here);
  });
});
