/**
 * @jest-environment node
 */
// The CDN mirror's checks (server/watch/checks/mirror.ts): the bucket's state from the
// publisher's status record, and the CDN's home page from a real server on this machine.
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import type { MirrorStatus } from "../../../server/publisher/mirror/mirror";
import { mirror, mirrorCdn } from "../../../server/watch/checks/mirror";
import { levels, place, theProblem, type Place } from "./place";

const LIVE = '<html><script src="/app-1a2b.js"></script><script src="/page-3c4d.js"></script></html>';
const OLDER = '<html><script src="/app-0000.js"></script></html>';

/** A server whose publisher reports `state` for the bucket, with the live release "r1". */
function mirrored(state: MirrorStatus): Place {
  const here = place();
  here.publisherStatus({ mirror: state });
  here.write(path.join(here.paths.HOST_DIR, "live", "index.html"), LIVE);
  return here;
}
const synced: MirrorStatus = { state: "ok", bucket: "site-bucket", release: "r1", syncedAt: "2026-11-27T11:00:00Z" };

describe("mirror", () => {
  test("a note when there is none", async () => {
    expect(levels(await mirrored({ state: "off" }).find(mirror))).toEqual(["note"]);
  });

  test("ok: the bucket serves the live release; a note when deletions wait", async () => {
    expect(levels(await mirrored(synced).find(mirror))).toEqual(["ok"]);
    expect(levels(await mirrored({ ...synced, overLimit: 3 }).find(mirror))).toEqual(["ok", "note"]);
  });

  test("problem: a mirror is set but the publisher does not run it", async () => {
    const here = mirrored({ state: "off" });
    here.write(here.paths.MIRROR_ENV, "MIRROR_BUCKET=site-bucket\n");
    expect(theProblem(await here.find(mirror))).toMatchObject({
      id: "mirror",
      fix: "systemctl restart anodising-publisher; sitectl mirror",
    });
  });

  test("problem: copying fails and is retried, told after half an hour", async () => {
    const here = mirrored({ ...synced, state: "retrying", release: "r0", error: "AccessDenied", attempts: 3 });
    expect(theProblem(await here.find(mirror))).toMatchObject({
      id: "mirror",
      text: expect.stringContaining("fails (3 tries): AccessDenied; the bucket still serves r0, whole."),
      blips: 1,
    });
  });

  test("a note while the live release is being copied; a problem when it has taken 30 minutes", async () => {
    const here = mirrored({ ...synced, state: "syncing", release: "r0" });
    here.now = Date.parse(synced.syncedAt!) + 10 * 60_000;
    expect(levels(await here.find(mirror))).toEqual(["note"]);
    here.now = Date.parse(synced.syncedAt!) + 45 * 60_000;
    expect(theProblem(await here.find(mirror))).toMatchObject({
      id: "mirror",
      text: "the bucket site-bucket has not served the live release for 45 minutes (syncing).",
    });
  });
});

describe("mirrorCdn", () => {
  let answer = { status: 200, page: LIVE };
  const cdn = http.createServer((_request, response) => response.writeHead(answer.status).end(answer.page));
  beforeAll(() => new Promise<void>((resolve) => cdn.listen(0, "127.0.0.1", resolve)));
  afterAll(() => new Promise((resolve) => cdn.close(resolve)));
  const behindCdn = () => mirrored({ ...synced, publicUrl: `http://127.0.0.1:${(cdn.address() as AddressInfo).port}` });

  test("nothing to say without a public address, or while the bucket is behind", async () => {
    expect(await mirrored(synced).find(mirrorCdn)).toEqual([]);
    expect(await mirrored({ ...synced, release: "r0", publicUrl: "http://127.0.0.1:1" }).find(mirrorCdn)).toEqual([]);
  });

  test("ok: the CDN's home page names the live release's scripts", async () => {
    answer = { status: 200, page: LIVE };
    expect(levels(await behindCdn().find(mirrorCdn))).toEqual(["ok"]);
  });

  test("problem: the CDN serves an older home page", async () => {
    answer = { status: 200, page: OLDER };
    expect(theProblem(await behindCdn().find(mirrorCdn))).toMatchObject({
      id: "mirror-cdn",
      notice: "visitors reached through the CDN see an old version of the site",
      blips: 1,
    });
  });

  test("problem: the CDN answers an error", async () => {
    answer = { status: 503, page: "" };
    expect(theProblem(await behindCdn().find(mirrorCdn))).toMatchObject({
      id: "mirror-cdn",
      text: expect.stringMatching(/ answers 503\.$/),
    });
  });

  test("problem: the CDN does not answer", async () => {
    const here = mirrored({ ...synced, publicUrl: "http://127.0.0.1:1" });
    expect(theProblem(await here.find(mirrorCdn))).toMatchObject({
      id: "mirror-cdn",
      text: expect.stringMatching(/^http:\/\/127\.0\.0\.1:1\/ does not answer: /),
    });
  });
});
