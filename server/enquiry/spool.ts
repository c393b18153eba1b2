// The spool: each enquiry is one file, the exact e-mail that will be sent, written
// durably (fsync, atomic rename, folder fsync) before the visitor is told it arrived.
// Its folder says its state: pending/ → sent/ (kept for the retention period) or failed/.
// A pending enquiry's delivery attempts are noted beside it (<id>.json).
import fs from "node:fs";
import path from "node:path";
import { readJson, syncFolder, writeFileAtomic } from "../lib/files";

export const STATES = ["pending", "sent", "failed"] as const;
export type State = (typeof STATES)[number];

/** A reference: ten characters from an alphabet without look-alikes (no I, L, O, U). */
export const ID_PATTERN = /^[0-9A-HJKMNP-TV-Z]{10}$/;
const FILE = /^([0-9A-HJKMNP-TV-Z]{10})\.eml$/;

export interface Attempts {
  attempts: number;
  /** Epoch ms before which it is not tried again. */
  nextAttemptAt: number;
  lastError: string;
}

export interface Entry {
  id: string;
  state: State;
  receivedAt: Date;
  size: number;
  attempts: Attempts;
}

export interface SpoolStatus {
  updatedAt: string;
  waiting: number;
  oldestWaiting: string | null;
  failed: { id: string; receivedAt: string; error: string }[];
  sent: number;
}

const NO_ATTEMPTS: Attempts = { attempts: 0, nextAttemptAt: 0, lastError: "" };

export class Spool {
  /** What this process last wrote to status.json, without its time: unchanged counts are not rewritten. */
  private writtenStatus = "";

  constructor(readonly dir: string) {}

  folder = (state: State) => path.join(this.dir, "spool", state);
  file = (state: State, id: string) => path.join(this.folder(state), `${id}.eml`);
  private attemptsFile = (id: string) => path.join(this.folder("pending"), `${id}.json`);
  statusFile = () => path.join(this.dir, "status.json");

  /**
   * Creates the folders: the spool private to the service, its status readable by nginx
   * (the service runs with UMask=0077, so the public modes are set explicitly).
   */
  prepare(): void {
    fs.mkdirSync(this.dir, { recursive: true });
    fs.chmodSync(this.dir, 0o755);
    fs.mkdirSync(path.join(this.dir, "spool"), { recursive: true, mode: 0o700 });
    for (const state of STATES) fs.mkdirSync(this.folder(state), { recursive: true, mode: 0o700 });
  }

  /** Where an enquiry is, if anywhere. */
  stateOf(id: string): State | null {
    return STATES.find((state) => fs.existsSync(this.file(state, id))) ?? null;
  }

  /** Stores a new enquiry; returns once it is on disk for good. */
  add(id: string, message: Buffer): void {
    writeFileAtomic(this.file("pending", id), message, 0o600);
  }

  read(id: string): Buffer {
    const state = this.stateOf(id);
    if (!state) throw new Error(`no enquiry ${id}`);
    return fs.readFileSync(this.file(state, id));
  }

  /** Every enquiry in one state, oldest first. */
  list(state: State): Entry[] {
    let names: string[];
    try {
      names = fs.readdirSync(this.folder(state));
    } catch {
      return [];
    }
    return names
      .flatMap((name) => {
        const id = FILE.exec(name)?.[1];
        if (!id) return [];
        try {
          const stat = fs.statSync(path.join(this.folder(state), name));
          const attempts = (state !== "sent" && readJson<Attempts>(this.attemptsFile(id))) || NO_ATTEMPTS;
          return [{ id, state, receivedAt: stat.mtime, size: stat.size, attempts }];
        } catch {
          return []; // moved meanwhile
        }
      })
      .sort((a, b) => a.receivedAt.getTime() - b.receivedAt.getTime());
  }

  noteAttempt(id: string, attempts: Attempts): void {
    writeFileAtomic(this.attemptsFile(id), JSON.stringify(attempts), 0o600);
  }

  /** pending → sent or failed (keeping what the last attempt said); failed → pending to retry. */
  move(id: string, from: State, to: State, lastError = ""): void {
    if (to === "failed") this.noteAttempt(id, { ...this.attempts(id), lastError });
    const target = this.file(to, id);
    fs.renameSync(this.file(from, id), target);
    syncFolder(this.folder(to));
    syncFolder(this.folder(from));
    if (to === "sent") fs.rmSync(this.attemptsFile(id), { force: true });
    if (to === "pending") this.noteAttempt(id, NO_ATTEMPTS);
  }

  /** The attempts noted for a pending or failed enquiry. */
  attempts(id: string): Attempts {
    return readJson<Attempts>(this.attemptsFile(id)) ?? NO_ATTEMPTS;
  }

  /** Deletes enquiries in `state` (sent, or failed) received more than `days` ago; returns how many. */
  expire(days: number, now = Date.now(), state: "sent" | "failed" = "sent"): number {
    const old = this.list(state).filter((entry) => now - entry.receivedAt.getTime() > days * 86_400_000);
    for (const entry of old) this.remove(state, entry.id);
    if (old.length) syncFolder(this.folder(state));
    return old.length;
  }

  /** Enquiries received within the last `ms`, whatever became of them. */
  receivedWithin(ms: number, now = Date.now()): number {
    return STATES.flatMap((state) => this.list(state)).filter((entry) => now - entry.receivedAt.getTime() < ms).length;
  }

  /**
   * Makes room for `bytes` more within `maxBytes`, deleting sent enquiries, oldest
   * first (they are in the inbox already); false when waiting and failed ones alone
   * leave no room.
   */
  makeRoom(bytes: number, maxBytes: number): boolean {
    const all = STATES.flatMap((state) => this.list(state));
    const sent = all.filter((entry) => entry.state === "sent");
    let total = all.reduce((sum, entry) => sum + entry.size, 0) + bytes;
    while (total > maxBytes && sent.length > 0) {
      const oldest = sent.shift()!;
      this.remove("sent", oldest.id);
      total -= oldest.size;
    }
    return total <= maxBytes;
  }

  private remove(state: State, id: string): void {
    fs.rmSync(this.file(state, id), { force: true });
    if (state === "failed") fs.rmSync(this.attemptsFile(id), { force: true });
  }

  /** Counts for staff (/admin/enquiries.json): no one's name, address or message. */
  status(): SpoolStatus {
    const pending = this.list("pending");
    return {
      updatedAt: new Date().toISOString(),
      waiting: pending.length,
      oldestWaiting: pending[0]?.receivedAt.toISOString() ?? null,
      failed: this.list("failed").map((entry) => ({
        id: entry.id,
        receivedAt: entry.receivedAt.toISOString(),
        error: entry.attempts.lastError,
      })),
      sent: this.list("sent").length,
    };
  }

  /** Rewrites status.json when the counts changed (the service looks at the spool every few seconds). */
  writeStatus(): void {
    const { updatedAt, ...counts } = this.status();
    const key = JSON.stringify(counts);
    if (key === this.writtenStatus && fs.existsSync(this.statusFile())) return;
    writeFileAtomic(this.statusFile(), `${JSON.stringify({ updatedAt, ...counts }, null, 2)}\n`, 0o644, true);
    this.writtenStatus = key;
  }
}
