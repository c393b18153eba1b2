/**
 * @jest-environment node
 */
// The publisher's checks (server/watch/checks/publishing.ts) on a status record planted as
// the publisher writes it.
import fs from "node:fs";
import path from "node:path";
import { hostPaths } from "../../../server/lib/settings";
import {
  contentPush,
  buildFailed,
  contentRefused,
  contentWarnings,
  publishedAddress,
  publisher,
} from "../../../server/watch/checks/publishing";
import { levels, place, theProblem } from "./place";

const building = { commit: "feed5678", startedAt: "2026-11-27T11:58:00Z", clean: false, step: "build" as const };

describe("publisher", () => {
  test("ok: what is live", async () => {
    const here = place();
    here.publisherStatus();
    expect(await here.find(publisher)).toEqual([
      { level: "ok", text: expect.stringMatching(/^Live: commit c0ffee1, built /) },
    ]);
  });

  test("problem: no status record, or one that is not the publisher's own file", async () => {
    const here = place();
    expect(theProblem(await here.find(publisher))).toMatchObject({ id: "publisher-status" });
    // A link in its place is not read (root follows no link into a service's folder).
    const status = hostPaths(here.paths.HOST_DIR).status;
    here.write(path.join(here.paths.HOST_DIR, "elsewhere.json"), JSON.stringify({ live: null }));
    fs.mkdirSync(path.dirname(status), { recursive: true });
    fs.symlinkSync(path.join(here.paths.HOST_DIR, "elsewhere.json"), status);
    expect(theProblem(await here.find(publisher))).toMatchObject({ id: "publisher-status" });
  });

  // Issue 52, finding 6: a record of the wrong shape is a problem to tell, never a crash.
  test.each([
    ["a commit that is a number", { live: { release: "r1", commit: 5, builtAt: "" } }],
    ["a state it never writes", { state: "exploded" }],
    ["a history that is not a list", { history: "none" }],
    ["an error without its kind", { state: "failed", lastError: { commit: "c", message: "m", at: "t" } }],
  ])("problem: a record with %s is not read", async (_what, changes) => {
    const here = place();
    here.publisherStatus(changes as never);
    expect(theProblem(await here.find(publisher))).toMatchObject({
      id: "publisher-status",
      text: expect.stringMatching(/is not a record this server can read/),
    });
    for (const check of [contentRefused, buildFailed, contentPush, contentWarnings])
      expect(levels(await here.find(check)).filter((level) => level === "problem")).toEqual([]);
  });

  test("problem: nothing published; a note while the first build runs", async () => {
    const here = place();
    here.publisherStatus({ live: null });
    expect(theProblem(await here.find(publisher))).toMatchObject({ id: "unpublished", notice: "visitors get no site" });
    here.publisherStatus({ live: null, state: "building", building });
    expect(await here.find(publisher)).toEqual([
      { level: "note", text: "nothing published yet; the first build is running (build)" },
    ]);
  });
});

describe("contentRefused", () => {
  test("nothing to say after a good publish", async () => {
    const here = place();
    here.publisherStatus();
    expect(await here.find(contentRefused)).toEqual([]);
  });

  test("problem, staff's: the last change was refused, in the validator's words", async () => {
    const here = place();
    const lastError = {
      commit: "bad1",
      kind: "content" as const,
      message: "content/site.yaml › gstin: wrong",
      at: "x",
    };
    here.publisherStatus({ state: "failed", lastError });
    expect(theProblem(await here.find(contentRefused))).toMatchObject({
      id: "publish:content",
      text: "the last change was refused and is not on the site: content/site.yaml › gstin: wrong",
      staff: true,
    });
  });
});

describe("buildFailed", () => {
  test("nothing to say when idle; a note while a build runs", async () => {
    const here = place();
    here.publisherStatus();
    expect(await here.find(buildFailed)).toEqual([]);
    here.publisherStatus({ state: "building", building });
    expect(await here.find(buildFailed)).toEqual([{ level: "note", text: "Building commit feed567: build." }]);
  });

  test("problem: a technical failure, with the last line of its build log", async () => {
    const here = place();
    const log = "publisher/logs/20261127-feed.log";
    here.write(path.join(here.paths.HOST_DIR, log), "success a step\nERROR: JavaScript heap out of memory\n\n");
    here.publisherStatus({
      state: "failed",
      lastError: { commit: "feed", kind: "technical", message: "x", at: "y", log },
    });
    const problem = theProblem(await here.find(buildFailed));
    expect(problem).toMatchObject({ id: "publish:technical" });
    expect(problem.staff).toBeUndefined();
    expect(problem.text).toMatch(
      /^the last build failed for a technical reason: ERROR: JavaScript heap out of memory \(log: /,
    );
  });
});

describe("contentPush", () => {
  test("nothing to say while it pushes; a problem, after an hour, while it retries", async () => {
    const here = place();
    here.publisherStatus({ push: { remote: "git@backup:site.git", state: "ok" } });
    expect(await here.find(contentPush)).toEqual([]);
    here.publisherStatus({ push: { remote: "git@backup:site.git", state: "retrying", error: "Permission denied" } });
    expect(theProblem(await here.find(contentPush))).toMatchObject({
      id: "content-push",
      text: "the off-server push of the content to git@backup:site.git fails: Permission denied",
      blips: 4,
    });
  });
});

describe("contentWarnings", () => {
  test("each warning a note for staff", async () => {
    const here = place();
    here.publisherStatus({ warnings: ["a page nothing links to"] });
    expect(await here.find(contentWarnings)).toEqual([
      { level: "note", text: "content: a page nothing links to", staff: true },
    ]);
    expect(levels(await place().find(contentWarnings))).toEqual([]);
  });
});

// Issue 52, finding 8: the published address is the operator's; live pages built for
// another one are told, with the command that builds them again.
describe("publishedAddress", () => {
  const liveNaming = (here: ReturnType<typeof place>, siteUrl: string) =>
    here.write(
      path.join(hostPaths(here.paths.HOST_DIR).live, "_enquiry", "settings.json"),
      JSON.stringify({ siteUrl }),
    );

  test("ok: the live pages name https://DOMAIN, or the address the operator set", async () => {
    const here = place();
    liveNaming(here, `https://${here.settings.domain}`);
    expect(levels(await here.find(publishedAddress))).toEqual(["ok"]);
    here.settings.siteUrl = "https://www.published.test";
    expect(theProblem(await here.find(publishedAddress))).toMatchObject({
      id: "published-address",
      fix: "sitectl republish",
      text: expect.stringContaining("not the site's address https://www.published.test/"),
    });
    liveNaming(here, "https://www.published.test");
    expect(levels(await here.find(publishedAddress))).toEqual(["ok"]);
  });

  test("with the mirror on, the CDN's address is the published one", async () => {
    const here = place();
    liveNaming(here, `https://${here.settings.domain}`);
    here.write(here.paths.MIRROR_ENV, "MIRROR_BUCKET=site-bucket\nMIRROR_URL=https://cdn.published.test\n");
    expect(theProblem(await here.find(publishedAddress))).toMatchObject({ id: "published-address" });
    liveNaming(here, "https://cdn.published.test");
    expect(levels(await here.find(publishedAddress))).toEqual(["ok"]);
  });

  test("nothing to say before anything is live", async () => {
    expect(await place().find(publishedAddress)).toEqual([]);
  });

  test("nothing to say of a settings file that is not the build's (no address, or not text)", async () => {
    const here = place();
    for (const written of ["{", JSON.stringify({ siteUrl: 42 }), JSON.stringify({ from: "x@y.test" })]) {
      here.write(path.join(hostPaths(here.paths.HOST_DIR).live, "_enquiry", "settings.json"), written);
      expect(await here.find(publishedAddress)).toEqual([]);
    }
  });
});
