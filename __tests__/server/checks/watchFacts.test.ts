/**
 * @jest-environment node
 */
// The watch's root part gathers each fact on its own (issue 71, review 4's L6): one
// gatherer that fails or a listing a service made huge is one problem of its own, and the
// other facts are still gathered now. The listings are run for real here (find over a
// tree this test makes), so their bound is the one the server has.
import fs from "node:fs";
import path from "node:path";
import { run } from "../../../server/installed/shell";
import { hostWritable } from "../../../server/watch/checks/editor";
import { gatherRootFacts } from "../../../server/watch/checks/rootFacts";
import { watchFacts } from "../../../server/watch/checks/watchFacts";
import { levels, place, ran, theProblem } from "./place";

const me = process.getuid!();

describe("watchFacts", () => {
  test("ok: every fact was gathered", async () => {
    expect(levels(await place().find(watchFacts))).toEqual(["ok"]);
  });

  test("problem: one gatherer failed; it is named, and every other fact is gathered now", async () => {
    const here = place();
    here.write(here.paths.WATCH_ENV, "ALERT_TO=ops@site.test\n");
    here.machine.script = (_service, file) => {
      if (file === "server/login/editors.ts") throw new Error("could not run node as site-login: ETIMEDOUT");
      return file === "server/editor/repair.ts" ? ran("ok\n") : ran("[]");
    };
    const facts = gatherRootFacts(here.settings, here.paths, () => me, here.machine, here.now);
    expect(Object.keys(facts.unfinished ?? {})).toEqual(["logins"]);
    expect(facts.logins).toMatchObject({ status: 1, stderr: expect.stringContaining("ETIMEDOUT") });
    expect(facts.repository.stdout).toBe("ok\n");
    expect(facts.watchEnv).toEqual({ ALERT_TO: "ops@site.test" });
    expect(facts.gatheredAt).toBe(here.now);
    expect(theProblem(await here.find(watchFacts))).toMatchObject({
      id: "watch-facts:logins",
      text: expect.stringContaining("ETIMEDOUT"),
    });
  });

  test("a tree a service made huge is listed only so far: the facts are still written, the problem told", async () => {
    const here = place();
    // find for real (through sh, as root runs it); the rest as planted.
    here.machine.run = (command, args) => (command === "sh" ? run(command, args) : ran());
    // Group-writable files with long names: a listing far past what the facts keep.
    const junk = path.join(here.paths.HOST_DIR, "releases", "j");
    fs.mkdirSync(junk, { recursive: true });
    const long = "x".repeat(200);
    for (let i = 0; i < 2500; i++) fs.writeFileSync(path.join(junk, `${long}-${i}`), "", { mode: 0o664 });
    for (const name of fs.readdirSync(junk)) fs.chmodSync(path.join(junk, name), 0o664);
    const facts = gatherRootFacts(here.settings, here.paths, () => me, here.machine, here.now);
    expect(facts.unfinished).toEqual({});
    expect(facts.hostWritable.status).toBe(0);
    expect(facts.hostWritable.stdout.length).toBeLessThanOrEqual(256 * 1024);
    expect(facts.hostWritable.stdout.length).toBeGreaterThan(200 * 1024);
    expect(theProblem(await here.find(hostWritable)).id).toBe("host-writable");
  });
});
