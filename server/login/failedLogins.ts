// Wrong passwords, counted so that guessing stops: bounded in memory whatever the number
// of addresses and names tried, and kept on disk so that a restart forgets no block.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { writeFileAtomic } from "../lib/files";

/** Wrong passwords within WINDOW_MS that block, for the rest of it: */
export const LIMITS = {
  /** one login from one address (a colleague's typos behind the office address block only that login); */
  login: 10,
  /** any logins from one address (guessing names); an IPv6 address counts per /64; */
  address: 30,
  /** any logins from one network (IPv4 /16, IPv6 /48): a range of addresses cannot take turns. */
  network: 100,
} as const;
export const WINDOW_MS = 15 * 60_000;
/** At most this many addresses, networks and login-address pairs are remembered (the oldest go first). */
export const MAX_TRACKED = 20_000;
/** The file is written at most this often while failures come in. */
const SAVE_EVERY_MS = 1_000;

export class FailedLogins {
  /** key → times of recent failures, oldest first; a Map keeps keys in the order last touched. */
  private failures = new Map<string, number[]>();
  private saveTimer: NodeJS.Timeout | undefined;

  constructor(private readonly file?: string) {
    this.load();
  }

  /** Whether any of `keys` has reached its limit (the key's kind is its first word). */
  blocked(keys: { kind: keyof typeof LIMITS; key: string }[], now = Date.now()): boolean {
    return keys.some(({ kind, key }) => this.recent(`${kind} ${key}`, now).length >= LIMITS[kind]);
  }

  count(keys: { kind: keyof typeof LIMITS; key: string }[], now = Date.now()): void {
    for (const { kind, key } of keys) {
      const name = `${kind} ${key}`;
      const times = [...this.recent(name, now), now].slice(-LIMITS[kind]);
      this.failures.delete(name);
      this.failures.set(name, times);
    }
    while (this.failures.size > MAX_TRACKED) this.failures.delete(this.failures.keys().next().value as string);
    this.scheduleSave();
  }

  get size(): number {
    return this.failures.size;
  }

  /** Writes what is pending now (on shutdown). */
  flush(): void {
    clearTimeout(this.saveTimer);
    this.saveTimer = undefined;
    this.save();
  }

  private recent(name: string, now: number): number[] {
    const times = this.failures.get(name);
    if (!times) return [];
    const recent = times.filter((at) => now - at < WINDOW_MS);
    if (recent.length === 0) this.failures.delete(name);
    else if (recent.length < times.length) this.failures.set(name, recent);
    return recent;
  }

  private scheduleSave(): void {
    if (!this.file || this.saveTimer) return;
    this.saveTimer = setTimeout(() => {
      this.saveTimer = undefined;
      this.save();
    }, SAVE_EVERY_MS);
    this.saveTimer.unref();
  }

  private save(): void {
    if (!this.file) return;
    const now = Date.now();
    const live = [...this.failures].filter(([, times]) => times.some((at) => now - at < WINDOW_MS));
    try {
      fs.mkdirSync(path.dirname(this.file), { recursive: true });
      writeFileAtomic(this.file, JSON.stringify(Object.fromEntries(live)), 0o600, true);
    } catch (error) {
      console.error(`editor: could not keep the failed logins in ${this.file}: ${(error as Error).message}`);
    }
  }

  private load(): void {
    if (!this.file || !fs.existsSync(this.file)) return;
    try {
      const saved = JSON.parse(fs.readFileSync(this.file, "utf8")) as Record<string, unknown>;
      const now = Date.now();
      for (const [name, times] of Object.entries(saved).slice(-MAX_TRACKED)) {
        if (!Array.isArray(times)) continue;
        const recent = times.filter((at): at is number => typeof at === "number" && now - at < WINDOW_MS);
        if (recent.length > 0) this.failures.set(name, recent);
      }
    } catch (error) {
      console.error(`editor: ${this.file} could not be read (${(error as Error).message}); starting without it`);
    }
  }
}

/** A login name as it is counted: hashed, so a long or odd name costs no more memory. */
export const nameKey = (name: string) => crypto.createHash("sha256").update(name).digest("base64").slice(0, 16);
