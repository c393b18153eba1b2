// Staff logins: one `name:hash` line per login in EDITORS_FILE (outside the repository;
// default HOST_DIR/editors; on a server the login check's own folder), written atomically,
// mode 0600.
// Passwords are hashed with scrypt (Node's own crypto). Checking one costs about 0.1 s
// on purpose, and Decap makes dozens of requests, so a checked Authorization header is
// remembered for a few minutes (in memory, by its SHA-256) instead of hashing every time.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { writeFileAtomic } from "../lib/files";
import { addressKeys } from "../lib/addresses";
import { FailedLogins, nameKey } from "./failedLogins";

export const MIN_PASSWORD_LENGTH = 12;
const SCRYPT = { N: 2 ** 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };
const KEY_BYTES = 32;
/** How long a checked Authorization header is trusted without hashing again. */
const REMEMBER_MS = 5 * 60_000;
/** Password checks at once (one: the other core serves staff); others wait their turn, up to MAX_WAITING (then: busy). */
export const MAX_CONCURRENT_CHECKS = 1;
export const MAX_WAITING_CHECKS = 64;
const BLOCKED = { status: 403, reason: "too many wrong passwords; try again later" } as const;
const BUSY = { status: 403, reason: "too many logins at once; try again in a minute" } as const;
const scrypt = promisify(crypto.scrypt) as (
  password: string,
  salt: Buffer,
  length: number,
  options: crypto.ScryptOptions,
) => Promise<Buffer>;

export function hashPassword(password: string): string {
  const salt = crypto.randomBytes(16);
  const key = crypto.scryptSync(password, salt, KEY_BYTES, SCRYPT);
  return `$scrypt$N=${SCRYPT.N},r=${SCRYPT.r},p=${SCRYPT.p}$${salt.toString("base64")}$${key.toString("base64")}`;
}

function parseHash(hash: string) {
  const match = /^\$scrypt\$N=(\d+),r=(\d+),p=(\d+)\$([^$]+)\$([^$]+)$/.exec(hash);
  if (!match) return null;
  const [, N, r, p, salt, key] = match;
  const options = { N: Number(N), r: Number(r), p: Number(p), maxmem: SCRYPT.maxmem };
  return { salt: Buffer.from(salt, "base64"), key: Buffer.from(key, "base64"), options };
}

export function verifyPassword(password: string, hash: string): boolean {
  const parsed = parseHash(hash);
  if (!parsed) return false;
  const actual = crypto.scryptSync(password, parsed.salt, parsed.key.length, parsed.options);
  return crypto.timingSafeEqual(actual, parsed.key);
}

/** As verifyPassword, on libuv's thread pool: the editor's own thread goes on serving meanwhile. */
export async function verifyPasswordAsync(password: string, hash: string): Promise<boolean> {
  const parsed = parseHash(hash);
  if (!parsed) return false;
  const actual = await scrypt(password, parsed.salt, parsed.key.length, parsed.options);
  return crypto.timingSafeEqual(actual, parsed.key);
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

/**
 * Checks Basic credentials: good ones are remembered for REMEMBER_MS, wrong ones counted
 * (failedLogins.ts). Checks run on the thread pool, at most MAX_CONCURRENT_CHECKS at once,
 * so a flood of guesses neither blocks the editor nor takes every thread its file reads
 * need; an unknown name costs as much as a known one, so names cannot be told by timing.
 */
export class Gate {
  private remembered = new Map<string, { login: string; until: number }>();
  private readonly failures: FailedLogins;
  private fileStamp = "";
  private running = 0;
  private waiting: (() => void)[] = [];
  /** Checked against when the name is unknown: the same work as a real check. */
  private readonly decoy = hashPassword(crypto.randomBytes(16).toString("base64"));

  constructor(
    private readonly file: string,
    failuresFile?: string,
  ) {
    this.failures = new FailedLogins(failuresFile);
  }

  async check(authorization: string | undefined, address: string): Promise<Verdict> {
    const now = Date.now();
    const where = addressKeys(address);
    const byAddress = [
      { kind: "address" as const, key: where.address },
      { kind: "network" as const, key: where.network },
    ];
    if (this.failures.blocked(byAddress, now)) return BLOCKED;
    if (!authorization?.startsWith("Basic ")) return { status: 401, reason: "login required" };

    const decoded = Buffer.from(authorization.slice(6), "base64").toString("utf8");
    const at = decoded.indexOf(":");
    const [name, password] = [decoded.slice(0, at), decoded.slice(at + 1)];
    const keys = [...byAddress, { kind: "login" as const, key: `${where.address} ${nameKey(name)}` }];
    if (this.failures.blocked(keys, now)) return BLOCKED;

    this.forgetIfFileChanged();
    const key = crypto.createHash("sha256").update(authorization).digest("base64");
    const known = this.remembered.get(key);
    if (known && known.until > now) return { login: known.login };

    const hash = at > 0 ? readLogins(this.file).get(name) : undefined;
    const good = await this.inTurn(() => verifyPasswordAsync(password, hash ?? this.decoy));
    if (good === null) return BUSY;
    if (hash && good) {
      this.remembered.set(key, { login: name, until: Date.now() + REMEMBER_MS });
      return { login: name };
    }
    this.failures.count(keys);
    return { status: 401, reason: "wrong login or password" };
  }

  /** Writes the failed logins now (on shutdown). */
  close(): void {
    this.failures.flush();
  }

  /** Runs `work` when a slot is free; null when too many are waiting already. */
  private async inTurn<T>(work: () => Promise<T>): Promise<T | null> {
    if (this.running >= MAX_CONCURRENT_CHECKS) {
      if (this.waiting.length >= MAX_WAITING_CHECKS) return null;
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else this.running += 1;
    try {
      return await work();
    } finally {
      // The slot passes straight to the next in line, or is given back.
      const next = this.waiting.shift();
      if (next) next();
      else this.running -= 1;
    }
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
    // Good headers expire; a long-running editor drops them rather than keep them all.
    const now = Date.now();
    for (const [key, entry] of this.remembered) if (entry.until <= now) this.remembered.delete(key);
  }
}
