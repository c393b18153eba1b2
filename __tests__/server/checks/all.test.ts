/**
 * @jest-environment node
 */
// The list of checks: each in doctor's order once, each declaring what it is, and each with
// its tests beside the others of its area (server/watch/checks/NAME.ts → NAME.test.ts here).
import fs from "node:fs";
import path from "node:path";
import { allChecks, CHECKS } from "../../../server/watch/checks/all";
import { runCheck, type Check } from "../../../server/watch/checks/check";
import type { Status } from "../../../server/publisher/status";
import { publisher } from "../../../server/watch/checks/publishing";
import { place } from "./place";

const AREAS = path.resolve("server/watch/checks");
const NOT_CHECKS = ["all.ts", "check.ts", "context.ts", "finding.ts", "rootFacts.ts"];

/** Each area's checks, by the name its file exports them under. */
const areas = fs
  .readdirSync(AREAS)
  .filter((file) => !NOT_CHECKS.includes(file))
  .map((file) => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const exported = require(path.join(AREAS, file)) as Record<string, unknown>;
    const checks = Object.entries(exported).filter(([, value]) => CHECKS.includes(value as Check));
    return { file, names: checks.map(([name]) => name), checks: checks.map(([, check]) => check as Check) };
  });

test("every check is listed once, and every listed check lives in an area's file", () => {
  expect(new Set(CHECKS).size).toBe(CHECKS.length);
  expect(new Set(CHECKS.map((check) => check.id)).size).toBe(CHECKS.length);
  expect(areas.flatMap((area) => area.checks).length).toBe(CHECKS.length);
});

test("each check declares its id, blips, its fix and what people notice", () => {
  for (const check of CHECKS) {
    expect(check.id).toMatch(/^[a-z][a-z:-]*$/);
    expect(Number.isInteger(check.blips) && check.blips >= 0).toBe(true);
    expect(check.fix.length).toBeGreaterThan(5);
    expect(check.notice.length).toBeGreaterThan(5);
  }
});

test("each area's checks are each tested in the area's test file", () => {
  const untested = areas.flatMap(({ file, names }) => {
    const testFile = path.join(__dirname, file.replace(/\.ts$/, ".test.ts"));
    const text = fs.existsSync(testFile) ? fs.readFileSync(testFile, "utf8") : "";
    return names
      .filter((name) => !new RegExp(`describe\\("${name}\\b|import \\{[^}]*\\b${name}\\b`).test(text))
      .map((name) => `${file}: ${name}`);
  });
  expect(untested).toEqual([]);
});

// Issue 52, finding 6: one malformed record (a wrong type in a service's status.json) used
// to throw out of its check and end the whole run: doctor printed nothing useful and the
// watch told nobody. Each check now runs on its own.
describe("a check that fails is a problem of its own; the others still run", () => {
  const me: Check = { id: "example", blips: 2, notice: "visitors notice this", fix: "sitectl doctor", run: () => [] };

  test("a throw: one problem with the check's id, fix and notice, its words made printable", async () => {
    const thrower: Check = {
      ...me,
      run: () => {
        throw new TypeError("Cannot read properties of undefined\u001b]0;owned\u0007 (reading 'x')");
      },
    };
    expect(await runCheck(thrower, place().context())).toEqual([
      {
        level: "problem",
        id: "example",
        text: "The check of example failed: Cannot read properties of undefined]0;owned (reading 'x'). The other checks ran.",
        fix: "sitectl doctor",
        notice: "visitors notice this",
        blips: 2,
      },
    ]);
  });

  test("no answer within its time: one problem saying so", async () => {
    const silent: Check = { ...me, run: () => new Promise(() => {}) };
    const [found] = await runCheck(silent, place().context(), 50);
    expect(found).toMatchObject({
      level: "problem",
      id: "example",
      text: expect.stringMatching(/no answer within 0\.05 s/),
    });
  });

  test("a publisher's record with a wrong type: a problem told, and every check still reports", async () => {
    const here = place();
    here.publisherStatus({ live: { release: "r1", commit: 5, builtAt: "" } as unknown as Status["live"] });
    const findings = await allChecks(here.context());
    expect(findings.filter((finding) => /^The check of \S+ failed: /.test(finding.text))).toEqual([]);
    expect(findings).toContainEqual(
      expect.objectContaining({
        id: publisher.id,
        level: "problem",
        text: expect.stringMatching(/status\.json is not a record this server can read/),
      }),
    );
    // The checks after it ran: the last check's own findings are there.
    for (const finding of await here.find(CHECKS[CHECKS.length - 1])) expect(findings).toContainEqual(finding);
  });
});
