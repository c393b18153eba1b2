/**
 * @jest-environment node
 */
// restic as the off-site backups use it (server/backups/restic.ts), against a real
// repository in a temporary folder: a backup, an incremental one, a restore byte for byte,
// the retention, a verify that passes and one that finds a damaged pack, a wrong password,
// a repository busy here or elsewhere told as busy (not damage).
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import {
  ResticError,
  backupFolder,
  initRepository,
  lastWords,
  lockFile,
  prune,
  repositoryExists,
  restoreSnapshot,
  snapshots,
  restic,
  storedBytes,
  verify,
  type Repository,
} from "../../server/backups/restic";
import { spawn, spawnSync, type ChildProcess } from "node:child_process";

// Each restic call derives the repository's key (scrypt): seconds apiece on a busy machine.
jest.setTimeout(120_000);

let dir: string;
let target: Repository;
let cache: string;
let source: string;

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "restic-"));
  cache = path.join(dir, "cache");
  source = path.join(dir, "stage");
  fs.mkdirSync(source);
  target = {
    repository: path.join(dir, "repository"),
    password: "a-password-of-the-recovery-sheet",
    accessKeyId: "",
    secretAccessKey: "",
    region: "us-east-1",
  };
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

const files = (root: string): Record<string, string> =>
  Object.fromEntries(
    (fs.readdirSync(root, { recursive: true }) as string[])
      .filter((name) => fs.statSync(path.join(root, name)).isFile())
      .map((name) => [
        name,
        crypto
          .createHash("sha256")
          .update(fs.readFileSync(path.join(root, name)))
          .digest("hex"),
      ]),
  );

test("a backup, an incremental one that adds only what changed, and a restore byte for byte", () => {
  expect(repositoryExists(target, cache)).toBe(false);
  initRepository(target, cache);
  expect(repositoryExists(target, cache)).toBe(true);
  fs.writeFileSync(path.join(source, "drawing.pdf"), crypto.randomBytes(2 ** 20));
  fs.mkdirSync(path.join(source, "spool"));
  fs.writeFileSync(path.join(source, "spool", "enquiry.eml"), "Subject: a quote\n\nFor 500 parts.\n");
  const first = backupFolder(target, cache, source, "www.site.test");
  expect(first.total).toBeGreaterThan(2 ** 20);
  expect(first.added).toBeGreaterThan(2 ** 20);

  fs.writeFileSync(path.join(source, "spool", "second.eml"), "Subject: another\n\nFor 20 parts.\n");
  const second = backupFolder(target, cache, source, "www.site.test");
  expect(second.filesNew).toBe(1);
  expect(second.added).toBeLessThan(64 * 1024);

  const kept = snapshots(target, cache);
  // restic 0.14 gives the new snapshot's ID short; 0.18 (Debian 13) whole.
  expect(kept.map((snapshot, i) => snapshot.id.startsWith([first, second][i].snapshot))).toEqual([true, true]);
  expect(kept[1].host).toBe("www.site.test");
  const into = path.join(dir, "restored");
  restoreSnapshot(target, cache, first.snapshot, into);
  const back = path.join(into, source);
  const now = files(source);
  delete now[path.join("spool", "second.eml")];
  expect(files(back)).toEqual(now);
  expect(storedBytes(target, cache)).toBeGreaterThan(0);
});

test("the retention keeps every backup of the last hours (restic's forget --prune)", () => {
  initRepository(target, cache);
  fs.writeFileSync(path.join(source, "a"), "one");
  backupFolder(target, cache, source, "www.site.test");
  fs.writeFileSync(path.join(source, "a"), "two");
  backupFolder(target, cache, source, "www.site.test");
  prune(target, cache, "www.site.test");
  // Both in the same hour: the hourly rule keeps the newest of it.
  expect(snapshots(target, cache)).toHaveLength(1);
});

test("a verify reads the data back, and finds a damaged pack", () => {
  initRepository(target, cache);
  fs.writeFileSync(path.join(source, "data"), crypto.randomBytes(2 ** 20));
  backupFolder(target, cache, source, "www.site.test");
  expect(() => verify(target, cache, "")).not.toThrow();
  expect(() => verify(target, cache, "10%")).not.toThrow();
  const packs = path.join(target.repository, "data");
  const pack = (fs.readdirSync(packs, { recursive: true }) as string[])
    .map((name) => path.join(packs, name))
    .filter((file) => fs.statSync(file).isFile())
    .sort((a, b) => fs.statSync(b).size - fs.statSync(a).size)[0];
  const bytes = fs.readFileSync(pack);
  bytes[Math.floor(bytes.length / 2)] ^= 0xff;
  fs.chmodSync(pack, 0o600);
  fs.writeFileSync(pack, bytes);
  let found = "";
  try {
    verify(target, cache, "");
  } catch (error) {
    expect(error).toBeInstanceOf(ResticError);
    found = (error as Error).message;
  }
  // What failed, not restic's closing advice.
  expect(found).toMatch(/Fatal: repository contains errors$/);
  expect(found).not.toMatch(/open an issue/);
});

test("a wrong password is refused, and restic's words never carry a secret", () => {
  initRepository(target, cache);
  const wrong = { ...target, password: "not-the-password-at-all" };
  expect(repositoryExists(wrong, cache)).toBe(false);
  let message = "";
  try {
    snapshots(wrong, cache);
  } catch (error) {
    message = (error as Error).message;
  }
  expect(message).toMatch(/password/i);
  expect(message).not.toContain(wrong.password);
  const keyed = { ...target, accessKeyId: "AKIAEXAMPLE", secretAccessKey: "s3cr3t/Key+value" };
  expect(lastWords("error: s3cr3t/Key+value was refused for AKIAEXAMPLE", keyed)).toBe(
    "error: (hidden) was refused for (hidden)",
  );
  const check = [
    "using temporary cache in /tmp/restic-check-cache-1",
    "check snapshots, trees and blobs",
    "Pack ID does not match, want 3f4a0b1c, got 8d1e2f3a",
    "[0:01] 100.00%  1 / 1 snapshots",
    "The repository contains damaged pack files. These damaged files must be removed to repair the repository.",
    "restic repair snapshots --forget",
    "Damaged pack files can be caused by backend problems, hardware problems or bugs in restic.",
    "Fatal: repository contains errors",
  ].join("\n");
  expect(lastWords(check, target)).toBe(
    "Pack ID does not match, want 3f4a0b1c, got 8d1e2f3a / Fatal: repository contains errors",
  );
  // restic 0.17 on (Debian 13) writes a --json run's errors as JSON.
  const json = [
    '{"message_type":"status","percent_done":0}',
    '{"message_type":"exit_error","code":12,"message":"Fatal: wrong password or no key found"}',
  ];
  expect(lastWords(json.join("\n"), target)).toBe("Fatal: wrong password or no key found");
  expect(lastWords("something odd\nthen this\nand that\nat the end", target)).toBe("then this / and that / at the end");
});

/** Resolves once `until` holds, polling; the test's own timeout bounds it. */
async function waitFor(until: () => boolean): Promise<void> {
  while (!until()) await new Promise((resolve) => setTimeout(resolve, 50));
}

/** What a call says when it fails: its error. */
function failureOf(call: () => unknown): ResticError {
  try {
    call();
  } catch (error) {
    return error as ResticError;
  }
  throw new Error("the call did not fail");
}

describe("a busy repository (review 4, L3)", () => {
  let holder: ChildProcess | undefined;
  // flock leaves the lock with the command it starts: the holder's whole group goes.
  const release = () => holder?.pid && spawnSync("kill", ["-KILL", "--", `-${holder.pid}`]);
  afterEach(release);

  test("a call waits its turn behind another of this server's, and says busy (not damage) when the wait runs out", async () => {
    initRepository(target, cache);
    // Another task here (the weekly verify) holds this server's turn.
    holder = spawn("flock", [lockFile(cache), "sleep", "600"], { stdio: "ignore", detached: true });
    await waitFor(() => spawnSync("flock", ["--nonblock", lockFile(cache), "true"]).status === 1);
    const busy = failureOf(() => restic(target, cache, ["snapshots"], { waitSeconds: 1 }));
    expect(busy).toBeInstanceOf(ResticError);
    expect(busy.busy).toBe(true);
    expect(busy.message).toMatch(/another backup task on this server held the repository/);
    // Calls that take no lock do not wait.
    expect(snapshots(target, cache)).toEqual([]);
    release();
    await waitFor(() => spawnSync("flock", ["--nonblock", lockFile(cache), "true"]).status === 0);
    expect(() => restic(target, cache, ["snapshots"], { waitSeconds: 1 })).not.toThrow();
  });

  test("a lock restic holds from elsewhere is busy too", async () => {
    initRepository(target, cache);
    // A backup elsewhere, reading its standard input, holds restic's own (shared) lock meanwhile.
    holder = spawn("restic", ["backup", "--stdin", "--host", "elsewhere"], {
      env: {
        PATH: process.env.PATH,
        RESTIC_REPOSITORY: target.repository,
        RESTIC_PASSWORD: target.password,
        RESTIC_CACHE_DIR: path.join(dir, "elsewhere-cache"),
      },
      stdio: ["pipe", "ignore", "ignore"],
      detached: true,
    });
    const locks = path.join(target.repository, "locks");
    await waitFor(() => fs.existsSync(locks) && fs.readdirSync(locks).length > 0);
    // forget takes an exclusive lock: refused while the other holds its own.
    const busy = failureOf(() => restic(target, cache, ["forget", "--keep-last", "1", "--prune"], { waitSeconds: 1 }));
    expect(busy.busy).toBe(true);
    expect(busy.message).toMatch(/lock/i);
  });
});
