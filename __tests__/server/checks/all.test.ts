/**
 * @jest-environment node
 */
// The list of checks: each in doctor's order once, each declaring what it is, and each with
// its tests beside the others of its area (server/watch/checks/NAME.ts → NAME.test.ts here).
import fs from "node:fs";
import path from "node:path";
import { CHECKS } from "../../../server/watch/checks/all";
import type { Check } from "../../../server/watch/checks/check";

const AREAS = path.resolve("server/watch/checks");
const NOT_CHECKS = ["all.ts", "check.ts", "context.ts", "finding.ts"];

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
