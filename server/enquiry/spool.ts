// The spool: each enquiry is one file, the exact e-mail that will be sent, written
// durably (fsync, atomic rename, folder fsync) before the visitor is told it arrived.
// Its folder says its state: pending/ → sent/ (kept for the retention period) or failed/.
// A pending enquiry's delivery attempts are noted beside it (<id>.json), and files too
// large to e-mail are kept beside it (<id>.drawing, <id>.drawing-2 …) until the enquiry
// goes. What the buyer
// typed is kept as data too (<id>.form.json, for the staff's inbox, server/enquiry/inbox.ts),
// and who marked it handled, when (<id>.handled.json).
import fs from "node:fs";
import path from "node:path";
import { MAX_FILES } from "../../src/contract/enquiry";
import { TEMPORARY_FILE, readJson, syncFolder, writeFileAtomic } from "../lib/files";
import { REFERENCE } from "./reference";
import type { EnquiryRecord, Handled } from "./record";

export const STATES = ["pending", "sent", "failed"] as const;
export type State = (typeof STATES)[number];

const FILE = new RegExp(`^(${REFERENCE})\\.eml$`);
/** A kept file's companion: the first ".drawing" (as when a form took one), then ".drawing-2" … */
const keptFile = (index: number) => (index === 0 ? ".drawing" : `.drawing-${index + 1}`);
const KEPT_FILES = Array.from({ length: MAX_FILES }, (_, index) => keptFile(index));
/** What goes with an enquiry from folder to folder, beside its e-mail. */
const COMPANIONS = [...KEPT_FILES, ".form.json", ".handled.json"];
/** Every file the spool's folders may hold: an e-mail, its attempts (.json), its companions (sitectl backup checks). */
export const SPOOL_FILE = new RegExp(
  `^${REFERENCE}(\\.eml|\\.json|${COMPANIONS.map((kind) => kind.replaceAll(".", "\\.")).join("|")})$`,
);

export interface Attempts {
  attempts: number;
  /** Epoch ms before which it is not tried again. */
  nextAttemptAt: number;
  lastError: string;
  /**
   * Epoch ms when someone asked to send it now (`--retry`, staff's "send again"): the
   * service then tries the mail server even while it waits out a down server's backoff.
   */
  retryAskedAt?: number;
}

export interface Entry {
  id: string;
  state: State;
  receivedAt: Date;
  /** The e-mail's bytes (what the inbox receives). */
  size: number;
  /** Files kept on the server rather than attached: their bytes together, 0 when none. */
  drawingSize: number;
  attempts: Attempts;
}

export interface SpoolStatus {
  updatedAt: string;
  /** Where enquiries are e-mailed (the operator's ENQUIRY_TO), "" while none is set. */
  recipient: string;
  waiting: number;
  oldestWaiting: string | null;
  failed: { id: string; receivedAt: string; error: string }[];
  sent: number;
}

const NO_ATTEMPTS: Attempts = { attempts: 0, nextAttemptAt: 0, lastError: "" };

export class Spool {
  /** What this process last wrote to status.json, without its time: unchanged counts are not rewritten. */
  private writtenStatus = "";

  /** `recipient`: where the service sends enquiries, told to staff in the status (not read by the spool itself). */
  constructor(
    readonly dir: string,
    private readonly recipient = "",
  ) {}

  folder = (state: State) => path.join(this.dir, "spool", state);
  file = (state: State, id: string) => path.join(this.folder(state), `${id}.eml`);
  private attemptsFile = (id: string) => path.join(this.folder("pending"), `${id}.json`);
  private companion = (state: State, id: string, kind: string) => path.join(this.folder(state), `${id}${kind}`);
  /** A file kept on the server (the first, or the `index`th), beside its enquiry in whatever state. */
  drawingFile = (state: State, id: string, index = 0) => this.companion(state, id, keptFile(index));
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

  /**
   * Removes what a writer killed mid-write left in the spool (a power cut, an out-of-memory
   * kill): its temporary files, never renamed into place, so never stored. Only the
   * service calls it, as it starts, before it writes anything itself. Returns their names.
   */
  removeLeftovers(): string[] {
    const removed: string[] = [];
    for (const state of STATES) {
      for (const entry of fs.readdirSync(this.folder(state), { withFileTypes: true })) {
        if (!entry.isFile() || !TEMPORARY_FILE.test(entry.name)) continue;
        fs.rmSync(path.join(this.folder(state), entry.name), { force: true });
        removed.push(`${state}/${entry.name}`);
      }
    }
    return removed;
  }

  /** Where an enquiry is, if anywhere. */
  stateOf(id: string): State | null {
    return STATES.find((state) => fs.existsSync(this.file(state, id))) ?? null;
  }

  /**
   * Stores a new enquiry (its companions first: the e-mail's file is what makes it exist);
   * returns once it is on disk for good.
   */
  add(id: string, message: Buffer, keptFiles: readonly Buffer[] = [], record?: EnquiryRecord): void {
    keptFiles.forEach((content, index) => writeFileAtomic(this.drawingFile("pending", id, index), content, 0o600));
    if (record) writeFileAtomic(this.companion("pending", id, ".form.json"), JSON.stringify(record), 0o600);
    writeFileAtomic(this.file("pending", id), message, 0o600);
  }

  /** What the buyer typed, as data; null for an enquiry stored before the inbox kept it. (`state`: where it is, when the caller knows.) */
  readRecord(id: string, state = this.stateOf(id)): EnquiryRecord | null {
    return (state && readJson<EnquiryRecord>(this.companion(state, id, ".form.json"))) || null;
  }

  /** Who marked an enquiry handled, and when; null while nobody has. */
  handled(id: string, state = this.stateOf(id)): Handled | null {
    return (state && readJson<Handled>(this.companion(state, id, ".handled.json"))) || null;
  }

  /** Marks an enquiry handled by `login` (or not handled, with null). */
  markHandled(id: string, login: string | null, now = new Date()): void {
    const state = this.stateOf(id);
    if (!state) throw new Error(`no enquiry ${id}`);
    const file = this.companion(state, id, ".handled.json");
    if (login) writeFileAtomic(file, JSON.stringify({ by: login, at: now.toISOString() } satisfies Handled), 0o600);
    else {
      fs.rmSync(file, { force: true });
      syncFolder(this.folder(state));
    }
  }

  /** A file kept on the server for an enquiry (the first, or the `index`th), or null when attached or none. */
  readDrawing(id: string, index = 0): Buffer | null {
    const state = this.stateOf(id);
    if (!state || !fs.existsSync(this.drawingFile(state, id, index))) return null;
    return fs.readFileSync(this.drawingFile(state, id, index));
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
          const kept = KEPT_FILES.map((kind, index) =>
            names.includes(`${id}${kind}`) ? fs.statSync(this.drawingFile(state, id, index)).size : 0,
          );
          const drawingSize = kept.reduce((sum, bytes) => sum + bytes, 0);
          return [{ id, state, receivedAt: stat.mtime, size: stat.size, drawingSize, attempts }];
        } catch {
          return []; // moved meanwhile
        }
      })
      .sort((a, b) => a.receivedAt.getTime() - b.receivedAt.getTime());
  }

  noteAttempt(id: string, attempts: Attempts): void {
    writeFileAtomic(this.attemptsFile(id), JSON.stringify(attempts), 0o600);
  }

  /** pending → sent or failed (keeping what the last attempt said); failed or sent → pending to send again. */
  move(id: string, from: State, to: State, lastError = ""): void {
    if (to === "failed") this.noteAttempt(id, { ...this.attempts(id), lastError });
    const target = this.file(to, id);
    // Its companions first: an enquiry is never anywhere its drawing or record is not.
    for (const kind of COMPANIONS) {
      const file = this.companion(from, id, kind);
      if (fs.existsSync(file)) fs.renameSync(file, this.companion(to, id, kind));
    }
    fs.renameSync(this.file(from, id), target);
    syncFolder(this.folder(to));
    syncFolder(this.folder(from));
    if (to === "sent") fs.rmSync(this.attemptsFile(id), { force: true });
    if (to === "pending") this.noteAttempt(id, NO_ATTEMPTS);
  }

  /**
   * Someone asks to send it now: a failed or sent one back to pending, its attempts
   * forgotten, and the time asked noted for the running service (Delivery) to act on.
   */
  askToSend(id: string, from: State, now = Date.now()): void {
    if (from !== "pending") this.move(id, from, "pending");
    this.noteAttempt(id, { ...NO_ATTEMPTS, retryAskedAt: now });
  }

  /** The attempts noted for a pending or failed enquiry. */
  attempts(id: string): Attempts {
    return readJson<Attempts>(this.attemptsFile(id)) ?? NO_ATTEMPTS;
  }

  /**
   * Deletes sent enquiries received more than `days` ago, and failed ones a person marked
   * handled more than `days` ago; returns how many. Waiting ones and failed ones nobody has
   * handled are never deleted unseen.
   */
  expire(days: number, now = Date.now()): number {
    const limit = days * 86_400_000;
    const sent = this.list("sent").filter((entry) => now - entry.receivedAt.getTime() > limit);
    const failed = this.list("failed").filter((entry) => {
      const handled = this.handled(entry.id, "failed");
      return handled !== null && now - Date.parse(handled.at) > limit;
    });
    for (const entry of [...sent, ...failed]) this.remove(entry.state, entry.id);
    if (sent.length) syncFolder(this.folder("sent"));
    if (failed.length) syncFolder(this.folder("failed"));
    return sent.length + failed.length;
  }

  /** Enquiries received within the last `ms`, whatever became of them. */
  receivedWithin(ms: number, now = Date.now()): Entry[] {
    return STATES.flatMap((state) => this.list(state)).filter((entry) => now - entry.receivedAt.getTime() < ms);
  }

  /**
   * Makes room for `bytes` more within `maxBytes`, deleting sent enquiries, oldest
   * first (they are in the inbox already); false when waiting and failed ones alone
   * leave no room.
   */
  makeRoom(bytes: number, maxBytes: number): boolean {
    const all = STATES.flatMap((state) => this.list(state));
    const sent = all.filter((entry) => entry.state === "sent");
    let total = all.reduce((sum, entry) => sum + entry.size + entry.drawingSize, 0) + bytes;
    while (total > maxBytes && sent.length > 0) {
      const oldest = sent.shift()!;
      this.remove("sent", oldest.id);
      total -= oldest.size + oldest.drawingSize;
    }
    return total <= maxBytes;
  }

  private remove(state: State, id: string): void {
    fs.rmSync(this.file(state, id), { force: true });
    for (const kind of COMPANIONS) fs.rmSync(this.companion(state, id, kind), { force: true });
    if (state === "failed") fs.rmSync(this.attemptsFile(id), { force: true });
  }

  /** Counts for staff (/admin/enquiries.json): no one's name, address or message. */
  status(): SpoolStatus {
    const pending = this.list("pending");
    return {
      updatedAt: new Date().toISOString(),
      recipient: this.recipient,
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

  /**
   * Rewrites status.json when the counts (or `mail`, the delivery's view of the mail
   * server) changed: the service looks at the spool every few seconds.
   */
  writeStatus(mail?: object): void {
    const { updatedAt, ...counts } = this.status();
    const key = JSON.stringify({ ...counts, mail });
    if (key === this.writtenStatus && fs.existsSync(this.statusFile())) return;
    writeFileAtomic(this.statusFile(), `${JSON.stringify({ updatedAt, ...counts, mail }, null, 2)}\n`, 0o644, true);
    this.writtenStatus = key;
  }
}
