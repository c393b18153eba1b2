// The one publishing host the server tests share: `npm run host` on a temporary HOST_DIR,
// its first release adopted from the suite's build, its repository's photos made small
// (./smallPhotos.ts: its builds are of publishing, not of images), every release mirrored
// to a bucket (s3rver) behind a CDN (nginx's proxy_cache), its commits pushed to a backup
// remote.
// publisher.spec.ts meets it new; staff.spec.ts then works on it as staff would on a
// server that has published for a while: its first publish is an incremental build, where
// a host of its own cost a second clean one (about 2 minutes on two cores). One worker runs
// the files in alphabetical order (Playwright's documented order), so publisher comes first;
// either file alone starts the host for itself.
import type { ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { test as base } from "@playwright/test";
import { cdnHeaders } from "../../deploy/headers";
import { APP_DIR } from "../lib/settings";
import { BUCKET, BucketLine, KEYS, startBucket, startCdn } from "./cdn";
import { START_MS, removeTestFolder, startHost, stopHost, type Host } from "./host";
import { smallPhotos } from "./smallPhotos";

/** Seconds an old release stays in the bucket after the next one is live. */
const GRACE_SECONDS = 20;

export interface Publishing {
  host: Host;
  /** The backup remote (a bare repository a test creates: pushes fail until then). */
  backup: string;
  /** The bucket's objects and the CDN's cache. */
  mirrorDir: string;
  bucket: { child: ChildProcess; port: number };
  /** The line between the host and the bucket, which a test can cut. */
  line: BucketLine;
  cdn: Awaited<ReturnType<typeof startCdn>>;
  /** Set when a test on this host failed: its folders stay for the post-mortem. */
  failed: boolean;
}

async function start(): Promise<Publishing> {
  const backup = path.join(fs.mkdtempSync("/tmp/host-backup-"), "site.git");
  const mirrorDir = fs.mkdtempSync("/tmp/mirror-test-");
  const bucket = await startBucket(path.join(mirrorDir, "objects"));
  const line = new BucketLine(bucket.port);
  const endpoint = await line.listen();
  // The CDN names the host (its headers), and the host's builds publish the site at the
  // CDN's address (MIRROR_URL, as sitectl mirror set writes it): the CDN starts for the
  // host's address, again if the host has to start on another port.
  let cdn: Awaited<ReturnType<typeof startCdn>> | undefined;
  const host = await startHost(async (url) => {
    await cdn?.stop();
    cdn = await startCdn(mirrorDir, bucket.port, cdnHeaders(url));
    return {
      HOST_SEED_RELEASE: path.join(APP_DIR, "public"),
      SITE_REMOTE: backup,
      PUSH_RETRY_SECONDS: "1",
      MIRROR_ENDPOINT: endpoint,
      MIRROR_BUCKET: BUCKET,
      MIRROR_REGION: "us-east-1",
      MIRROR_URL: cdn.url,
      ...KEYS,
      MIRROR_GRACE_HOURS: String(GRACE_SECONDS / 3600),
      MIRROR_RETRY_SECONDS: "1",
      // The form's address on pages from the CDN: this host.
      SERVER_URL: url,
    };
  }, smallPhotos);
  return { host, backup, mirrorDir, bucket, line, cdn: cdn!, failed: false };
}

async function stop(world: Publishing): Promise<void> {
  await stopHost(world.host);
  await world.cdn.stop();
  world.bucket.child.kill();
  world.line.close();
  if (world.failed) return;
  for (const dir of [world.host.dir, path.dirname(world.backup), world.mirrorDir]) removeTestFolder(dir);
}

/** Playwright's test with `publishing`, the shared host (started by the first file that asks). */
export const test = base.extend<{ keepWhenFailed: void }, { publishing: Publishing }>({
  publishing: [
    async ({}, use) => {
      const world = await start();
      await use(world);
      await stop(world);
    },
    { scope: "worker", timeout: START_MS + 60_000 },
  ],
  // After each test: a failure keeps the host's folders for the post-mortem.
  keepWhenFailed: [
    async ({ publishing }, use, testInfo) => {
      await use();
      if (testInfo.status !== testInfo.expectedStatus) publishing.failed = true;
    },
    { auto: true },
  ],
});
