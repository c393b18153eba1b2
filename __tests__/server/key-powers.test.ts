/**
 * @jest-environment node
 */
// What the server's bucket keys can do to the stored history (server/backups/keyPowers.ts,
// review 4, M4), tried against a real S3-compatible server (s3rver): keys that may delete
// are erasable; the same bucket behind a policy that refuses deletes (a small proxy
// standing in for the provider's append-only key) keeps the probe object.
import type { ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { BUCKET, startBucket } from "../../server/tests/cdn";
import { freePort } from "../../server/tests/host";
import { bucketOf, keyPowers } from "../../server/backups/keyPowers";
import { VERDICT_LINES, verdictOf } from "../../server/backups/holding";
import type { Repository } from "../../server/backups/restic";

jest.setTimeout(60_000);

let dir: string;
let bucket: { child: ChildProcess; port: number };
let denying: http.Server;
let denyingPort: number;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "key-powers-"));
  bucket = await startBucket(dir);
  // An append-only key's policy: every request passes on, a DELETE is answered AccessDenied.
  denying = http.createServer((incoming, answer) => {
    if (incoming.method === "DELETE") {
      incoming.resume();
      answer.writeHead(403, { "Content-Type": "application/xml" });
      answer.end('<?xml version="1.0"?><Error><Code>AccessDenied</Code><Message>Access Denied</Message></Error>');
      return;
    }
    const onward = http.request(
      { host: "127.0.0.1", port: bucket.port, path: incoming.url, method: incoming.method, headers: incoming.headers },
      (reply) => {
        answer.writeHead(reply.statusCode ?? 502, reply.headers);
        reply.pipe(answer);
      },
    );
    incoming.pipe(onward);
  });
  await new Promise<void>((resolve) => denying.listen(0, "127.0.0.1", resolve));
  denyingPort = (denying.address() as { port: number }).port;
});

afterAll(async () => {
  await new Promise((resolve) => denying.close(resolve));
  bucket.child.kill("SIGTERM");
  fs.rmSync(dir, { recursive: true, force: true });
});

const target = (port: number): Repository => ({
  repository: `s3:http://127.0.0.1:${port}/${BUCKET}/www`,
  password: "not-used-by-the-probe",
  accessKeyId: "S3RVER",
  secretAccessKey: "S3RVER",
  region: "us-east-1",
});
const probeFile = () => path.join(dir, BUCKET, "www", "anodising-probe", "www.site.test._S3rver_object");

test("the bucket and prefix a restic address names", () => {
  expect(bucketOf("s3:https://s3.example.com/site-backups/www")).toEqual({
    endpoint: "https://s3.example.com",
    bucket: "site-backups",
    prefix: "www",
  });
  expect(bucketOf("s3:http://127.0.0.1:5006/b")).toEqual({
    endpoint: "http://127.0.0.1:5006",
    bucket: "b",
    prefix: "",
  });
  expect(bucketOf("/srv/backups/repository")).toBeNull();
});

test("keys that may delete, on a bucket that keeps no versions: an intruder could erase every backup", async () => {
  const powers = await keyPowers(target(bucket.port), "www.site.test");
  expect(powers).toMatchObject({ canDelete: true, canErase: true, versioned: false, locked: false });
  expect(verdictOf(powers!)).toBe("erasable");
  expect(VERDICT_LINES.erasable).toMatch(/^AN INTRUDER ON THIS SERVER COULD ERASE EVERY BACKUP/);
  // The probe cleaned up after itself.
  expect(fs.existsSync(probeFile())).toBe(false);
});

test("keys whose deletes are refused: the probe's object stays, and an overwrite is what is left to fear", async () => {
  const powers = await keyPowers(target(denyingPort), "www.site.test");
  expect(powers).toMatchObject({ canDelete: false, canErase: false, versioned: false, locked: false });
  expect(verdictOf(powers!)).toBe("overwritable");
  expect(fs.existsSync(probeFile())).toBe(true);
  // The same keys on a bucket that keeps versions; one whose keys may only hide (delete markers).
  expect(verdictOf({ ...powers!, versioned: true })).toBe("safe");
  expect(verdictOf({ ...powers!, versioned: true, canDelete: true })).toBe("hideable");
  expect(verdictOf({ ...powers!, versioned: true, canDelete: true, canErase: true })).toBe("erasable");
});

test("a bucket that cannot be written is an error, not a verdict", async () => {
  const closed = await freePort();
  await expect(keyPowers(target(closed), "www.site.test")).rejects.toThrow();
});
