// Staff logins for the hosted editor: one `name:hash` line per login in EDITORS_FILE
// (outside the repository; default HOST_DIR/editors), written atomically, mode 0600.
// Passwords are hashed with scrypt (Node's own crypto). Checking one costs about 0.1 s
// on purpose, and Decap makes dozens of requests, so a checked Authorization header is
// remembered for a few minutes (in memory, by its SHA-256) instead of hashing every time.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { writeFileAtomic } from "../lib/files";

export const MIN_PASSWORD_LENGTH = 12;
export const LOGIN_NAME = /^[a-z][a-z0-9._-]{1,31}$/;
const SCRYPT = { N: 2 ** 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };
const KEY_BYTES = 32;
/** How long a checked Authorization header is trusted without hashing again. */
const REMEMBER_MS = 5 * 60_000;
/**
 * Wrong passwords within WINDOW_MS before a block for the rest of it: for one login from
 * one address (so a colleague's typos behind the same office address block only that
 * login), and for any logins from one address (guessing names).
 */
export const MAX_FAILURES = 10;
export const MAX_ADDRESS_FAILURES = 30;
const WINDOW_MS = 15 * 60_000;
const BLOCKED = { status: 403, reason: "too many wrong passwords; try again later" } as const;

export function hashPassword(password: string): string {
  const salt = crypto.randomBytes(16);
  const key = crypto.scryptSync(password, salt, KEY_BYTES, SCRYPT);
  return `$scrypt$N=${SCRYPT.N},r=${SCRYPT.r},p=${SCRYPT.p}$${salt.toString("base64")}$${key.toString("base64")}`;
}

export function verifyPassword(password: string, hash: string): boolean {
  const match = /^\$scrypt\$N=(\d+),r=(\d+),p=(\d+)\$([^$]+)\$([^$]+)$/.exec(hash);
  if (!match) return false;
  const [, N, r, p, salt, key] = match;
  const expected = Buffer.from(key, "base64");
  const actual = crypto.scryptSync(password, Buffer.from(salt, "base64"), expected.length, {
    N: Number(N),
    r: Number(r),
    p: Number(p),
    maxmem: SCRYPT.maxmem,
  });
  return crypto.timingSafeEqual(actual, expected);
}

export function readLogins(file: string): Map<string, string> {
  const logins = new Map<string, string>();
  if (!fs.existsSync(file)) return logins;
  for (const line of fs.readFileSync(file, "utf8").split("\n")) {
    const at = line.indexOf(":");
    if (at > 0) logins.set(line.slice(0, at), line.slice(at + 1).trim());
  }
  return logins;
}

export function writeLogins(file: string, logins: Map<string, string>): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const text = [...logins].map(([name, hash]) => `${name}:${hash}\n`).join("");
  writeFileAtomic(file, text, 0o600);
  fs.chmodSync(file, 0o600);
}

export type Verdict = { login: string } | { status: 401 | 403; reason: string };

/** Checks Basic credentials, remembering good ones and counting wrong ones (per login and address). */
export class Gate {
  private remembered = new Map<string, { login: string; until: number }>();
  private failures = new Map<string, number[]>();
  private fileStamp = "";

  constructor(private readonly file: string) {}

  check(authorization: string | undefined, address: string): Verdict {
    const now = Date.now();
    if (this.recentFailures(address, now).length >= MAX_ADDRESS_FAILURES) return BLOCKED;
    if (!authorization?.startsWith("Basic ")) return { status: 401, reason: "login required" };

    const decoded = Buffer.from(authorization.slice(6), "base64").toString("utf8");
    const at = decoded.indexOf(":");
    const [name, password] = [decoded.slice(0, at), decoded.slice(at + 1)];
    const pair = `${address} ${name}`;
    if (this.recentFailures(pair, now).length >= MAX_FAILURES) return BLOCKED;

    this.forgetIfFileChanged();
    const key = crypto.createHash("sha256").update(authorization).digest("base64");
    const known = this.remembered.get(key);
    if (known && known.until > now) return { login: known.login };

    const hash = at > 0 ? readLogins(this.file).get(name) : undefined;
    if (hash && verifyPassword(password, hash)) {
      this.remembered.set(key, { login: name, until: now + REMEMBER_MS });
      return { login: name };
    }
    for (const counted of [address, pair]) this.failures.set(counted, [...this.recentFailures(counted, now), now]);
    return { status: 401, reason: "wrong login or password" };
  }

  /** Wrong passwords counted under `key` within the window (older ones are forgotten). */
  private recentFailures(key: string, now: number): number[] {
    const recent = (this.failures.get(key) ?? []).filter((at) => now - at < WINDOW_MS);
    if (recent.length > 0) this.failures.set(key, recent);
    else this.failures.delete(key);
    return recent;
  }

  /** A login removed or changed takes effect at once. */
  private forgetIfFileChanged(): void {
    let stamp = "";
    try {
      const stat = fs.statSync(this.file);
      stamp = `${stat.mtimeMs}:${stat.size}:${stat.ino}`;
    } catch {
      // no file: no logins
    }
    if (stamp !== this.fileStamp) {
      this.remembered.clear();
      this.fileStamp = stamp;
    }
  }
}
