/**
 * @jest-environment node
 */
// The off-site backups' check (server/watch/checks/backups.ts): backups.env and the backup
// service's status.json planted where the server keeps them, at times around the test's clock.
import path from "node:path";
import { BACKUPS_STATUS, type BackupsStatus } from "../../../server/backups/status";
import { offsiteBackups } from "../../../server/watch/checks/backups";
import { place, theProblem, type Place } from "./place";

const HOUR = 3600_000;
const REPOSITORY = "http://127.0.0.1:9/site-backups";

function setUp(here: Place, status?: BackupsStatus): void {
  here.write(here.paths.BACKUPS_ENV, `BACKUPS_REPOSITORY=s3:${REPOSITORY}\nBACKUPS_PASSWORD=secret-password-here\n`);
  if (status) here.write(path.join(here.paths.BACKUPS_DIR, BACKUPS_STATUS), JSON.stringify(status));
}

const at = (here: Place, hoursAgo: number) => new Date(here.now - hoursAgo * HOUR).toISOString();
const good = (here: Place, hoursAgo: number) => ({
  at: at(here, hoursAgo),
  snapshot: "0123456789abcdef",
  added: 2048,
  total: 5 * 2 ** 20,
  seconds: 4,
});
function healthy(here: Place): BackupsStatus {
  return {
    repository: REPOSITORY,
    lastRun: { at: at(here, 0.5), ok: true },
    lastGood: good(here, 0.5),
    firstGood: good(here, 30),
    kept: { snapshots: 30, oldest: at(here, 30), stored: 3 * 2 ** 20 },
    lastVerify: { at: at(here, 48), ok: true, subset: "10%" },
  };
}

describe("offsiteBackups", () => {
  test("none set: a note saying what is at stake and how to set them, not a problem", async () => {
    const here = place();
    const [found] = await here.find(offsiteBackups);
    expect(found.level).toBe("note");
    expect(found.text).toMatch(
      /no off-site backups are set: .*enquiries, logins and settings go with it .*sitectl backups set/,
    );
  });

  test("ok: where they go, the last good one, its size, what is kept and the last verify", async () => {
    const here = place();
    setUp(here, healthy(here));
    const [found] = await here.find(offsiteBackups);
    expect(found.level).toBe("ok");
    expect(found.text).toContain(
      `off-site backups to ${REPOSITORY}: the last good ${at(here, 0.5).slice(0, 16).replace("T", " ")} UTC`,
    );
    expect(found.text).toMatch(
      /\(30 min ago, 5\.0 MB, 2 KB new\); 30 kept since .* \(3\.0 MB stored\); verified .* \(10% of the data read back\)$/,
    );
  });

  test("one failed run is a note (the next tries within the hour); two in a row are told at once, staff after a day", async () => {
    const here = place();
    const failedRun = (failures: number) => ({
      at: at(here, 0.2),
      ok: false,
      error: "Fatal: unable to open repository",
      failures,
    });
    setUp(here, { ...healthy(here), lastRun: failedRun(1) });
    const [found] = await here.find(offsiteBackups);
    expect(found.level).toBe("note");
    expect(found.text).toMatch(
      /failed: Fatal: unable to open repository; the next run \(within the hour\) tries again\.$/,
    );
    setUp(here, { ...healthy(here), lastRun: failedRun(2) });
    const problem = theProblem(await here.find(offsiteBackups));
    expect(problem.id).toBe("backups:failing");
    expect(problem.text).toMatch(
      /failed: Fatal: unable to open repository; 2 runs in a row have failed, the last good one is from .* \(30 min ago\)\.$/,
    );
    expect(problem.fix).toMatch(/^sitectl backups now/);
    expect(problem.blips).toBe(0);
    expect(problem.staffAfterMs).toBe(24 * HOUR);
  });

  test("the last good backup older than an hour and its margin is a problem; within it, not", async () => {
    const here = place();
    setUp(here, { ...healthy(here), lastRun: { at: at(here, 1.9), ok: true }, lastGood: good(here, 1.9) });
    expect((await here.find(offsiteBackups))[0].level).toBe("ok");
    setUp(here, { ...healthy(here), lastRun: { at: at(here, 2.1), ok: true }, lastGood: good(here, 2.1) });
    const problem = theProblem(await here.find(offsiteBackups));
    expect(problem.id).toBe("backups:late");
    expect(problem.text).toMatch(/no off-site backup has completed for over an hour: the last good one is from/);
  });

  test("set, and none has run: a problem after two hours of the watch's runs", async () => {
    const here = place();
    setUp(here);
    const problem = theProblem(await here.find(offsiteBackups));
    expect(problem.text).toBe("off-site backups are set, but no backup has run yet.");
    expect(problem.blips).toBe(8);
  });

  test("damage found by a verify is told at once, with how to start whole", async () => {
    const here = place();
    setUp(here, {
      ...healthy(here),
      lastVerify: { at: at(here, 1), ok: false, subset: "all", error: "Fatal: repository contains errors" },
    });
    const problem = theProblem(await here.find(offsiteBackups));
    expect(problem.id).toBe("backups:damaged");
    expect(problem.blips).toBe(0);
    expect(problem.text).toMatch(/found damage: Fatal: repository contains errors$/);
    expect(problem.fix).toMatch(/sitectl backups verify --all .*--prefix/);
  });

  test("no verify for over a week is a problem; a newly set repository has its first week", async () => {
    const here = place();
    setUp(here, { ...healthy(here), lastVerify: { at: at(here, 8 * 24 + 1), ok: true, subset: "10%" } });
    expect(theProblem(await here.find(offsiteBackups)).id).toBe("backups:unverified");
    const fresh = { ...healthy(here), firstGood: good(here, 3 * 24), lastVerify: undefined };
    setUp(here, fresh);
    expect((await here.find(offsiteBackups))[0].level).toBe("ok");
  });

  test("a busy repository is never told as damage: a verify that could not run is a note, the last one stands (review 4, L3)", async () => {
    const here = place();
    const busy = { at: at(here, 1), error: "another backup task on this server held the repository for over 180 min" };
    setUp(here, { ...healthy(here), verifyBusy: busy });
    const [found] = await here.find(offsiteBackups);
    expect(found.level).toBe("note");
    expect(found.text).toMatch(
      /verify of .* could not run, the repository was busy \(not damage\): another backup task/,
    );
    // Busy for over a week all the same: unverified, still not damage.
    setUp(here, {
      ...healthy(here),
      lastVerify: { at: at(here, 8 * 24 + 1), ok: true, subset: "10%" },
      verifyBusy: busy,
    });
    expect((await here.find(offsiteBackups)).map((found) => found.id)).toContain("backups:unverified");
    expect((await here.find(offsiteBackups)).map((found) => found.id)).not.toContain("backups:damaged");
  });

  test("a backup that could not run for a busy repository says so", async () => {
    const here = place();
    const lastRun = { at: at(here, 0.2), ok: false, busy: true, error: "repository is already locked", failures: 2 };
    setUp(here, { ...healthy(here), lastRun });
    const problem = theProblem(await here.find(offsiteBackups));
    expect(problem.id).toBe("backups:failing");
    expect(problem.text).toMatch(
      /could not run, the repository was busy: repository is already locked; 2 runs in a row/,
    );
  });

  test("files left out of a good run are told after a few runs, named (review 4, L1)", async () => {
    const here = place();
    const leftOut = ["the enquiry spool: pending/.0000000000.eml.4242.tmp"];
    setUp(here, { ...healthy(here), lastGood: { ...good(here, 0.5), leftOut } });
    const problem = theProblem(await here.find(offsiteBackups));
    expect(problem.id).toBe("backups:left-out");
    expect(problem.blips).toBeGreaterThan(1);
    expect(problem.text).toContain("pending/.0000000000.eml.4242.tmp");
    expect(problem.fix).toMatch(/systemctl restart anodising-enquiry/);
  });

  test("keys that could erase the history are told at once, and doctor keeps its ok line; safe keys are an ok line (review 4, M4)", async () => {
    const here = place();
    const keys = { checkedAt: at(here, 2), canDelete: true, canErase: true, versioned: false, locked: false };
    setUp(here, { ...healthy(here), keys });
    const found = await here.find(offsiteBackups);
    expect(found[0].level).toBe("ok");
    const problem = theProblem(found);
    expect(problem.id).toBe("backups:erasable");
    expect(problem.blips).toBe(0);
    expect(problem.text).toMatch(/^AN INTRUDER ON THIS SERVER COULD ERASE EVERY BACKUP/);
    expect(problem.fix).toMatch(/Backups nobody on the server can erase/);
    setUp(here, { ...healthy(here), keys: { ...keys, canDelete: false, canErase: false } });
    expect(theProblem(await here.find(offsiteBackups)).id).toBe("backups:overwritable");
    setUp(here, { ...healthy(here), keys: { ...keys, canDelete: false, canErase: false, versioned: true } });
    const safe = await here.find(offsiteBackups);
    expect(safe.every((each) => each.level === "ok")).toBe(true);
    expect(safe[1].text).toMatch(/^no one on this server can erase the backups/);
  });

  test("a good drill says what could be brought back, beside the live server, and how long it takes", async () => {
    const here = place();
    const lastDrill = {
      at: at(here, 24),
      ok: true,
      seconds: 250,
      snapshot: "0123456789abcdef",
      snapshotAt: at(here, 24.5),
      enquiries: 12,
      logins: 3,
      commit: "abcdef0123456789",
      live: { enquiries: 13, logins: 3, commit: "fedcba9876543210" },
    };
    setUp(here, { ...healthy(here), lastDrill });
    const found = await here.find(offsiteBackups);
    expect(found.every((each) => each.level === "ok")).toBe(true);
    expect(found.map((each) => each.text)).toContainEqual(
      expect.stringMatching(
        /^recoverable as of .* UTC: 12 enquiries, 3 logins, content abcdef0 \(drilled .* UTC; expected recovery time about 4 min\); live now: 13 enquiries, 3 logins, content fedcba9$/,
      ),
    );
  });

  test("a failed drill is told at once; none for 40 days is a problem, counted from the first run that drills", async () => {
    const here = place();
    setUp(here, {
      ...healthy(here),
      lastDrill: { at: at(here, 1), ok: false, seconds: 30, error: "the repository in the backup cannot be read" },
    });
    const failed = theProblem(await here.find(offsiteBackups));
    expect(failed.id).toBe("backups:drill");
    expect(failed.blips).toBe(0);
    expect(failed.text).toMatch(
      /drill of .* failed: the latest backup did not restore whole \(the repository in the backup cannot be read\)/,
    );
    // Backed up for months, updated to a release that drills a day ago: its first month.
    setUp(here, { ...healthy(here), firstGood: good(here, 90 * 24), drillsFrom: at(here, 24) });
    expect((await here.find(offsiteBackups)).some((each) => each.level === "problem")).toBe(false);
    setUp(here, { ...healthy(here), firstGood: good(here, 90 * 24), drillsFrom: at(here, 41 * 24) });
    const late = theProblem(await here.find(offsiteBackups));
    expect(late.id).toBe("backups:undrilled");
    expect(late.fix).toMatch(/sitectl backups drill/);
  });

  test("a status.json that is not the backup service's says nothing has run", async () => {
    const here = place();
    setUp(here);
    here.write(path.join(here.paths.BACKUPS_DIR, BACKUPS_STATUS), '{"repository": 7}');
    expect(theProblem(await here.find(offsiteBackups)).text).toBe(
      "off-site backups are set, but no backup has run yet.",
    );
  });
});
