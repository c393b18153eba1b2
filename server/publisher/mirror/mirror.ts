// The mirror: after every switch of the live release (a publish, a rollback, a start) the
// bucket is made to serve it too, for the CDN in front of it. The bucket cannot switch
// in one step as the `live` link does, so the order keeps every page whole instead:
// files, then page data, then pages (objects.ts), and nothing a kept release uses is
// deleted. A run that fails leaves the bucket serving what it served, each page whole,
// and is tried again (30 s, then doubling up to an hour); the status says so, and the
// server's own checks tell the operator. It never holds up publishing.
import path from "node:path";
import { readJson, writeFileAtomic } from "../../lib/files";
import { retryWait, type HostPaths } from "../../lib/settings";
import { liveRelease, type Release } from "../releases";
import { eachLimited, openBucket, type Bucket } from "./bucket";
import { PHASES, nginxTypes, releaseObjects } from "./objects";
import { plan } from "./plan";
import type { MirrorSettings } from "./settings";

/** What staff's panel and doctor read (in status.json). */
export interface MirrorStatus {
  state: "off" | "ok" | "syncing" | "retrying";
  /** Where: the endpoint and bucket, and the public address. */
  bucket?: string;
  publicUrl?: string;
  /** The release the bucket serves whole. */
  release?: string;
  syncedAt?: string;
  /** The last copy of a release: from the start of its run to its end, and what it uploaded. */
  seconds?: number;
  uploaded?: number;
  unchanged?: number;
  /** Deleted by the last run. */
  deleted?: number;
  /** Unused objects left for later: within the grace period, or over the limit. */
  waiting?: number;
  overLimit?: number;
  nextDeleteAt?: string;
  error?: string;
  attempts?: number;
  nextAttemptAt?: string;
}

/** The mirror's own memory (publisher/mirror.json): what the bucket holds, by release. */
interface Memory {
  release?: string;
  keys: string[];
  previous?: { release: string; keys: string[] };
  unusedSince: Record<string, string>;
}

const memoryFile = (paths: HostPaths) => path.join(paths.state, "mirror.json");

export class Mirror {
  private running = false;
  private again = false;
  private retryTimer: NodeJS.Timeout | undefined;
  private sweepTimer: NodeJS.Timeout | undefined;
  private attempts = 0;
  private stopped = false;

  constructor(
    private readonly paths: HostPaths,
    private readonly settings: MirrorSettings,
    private state: MirrorStatus,
    /** Called with the new state after every change. */
    private readonly report: (state: MirrorStatus) => void,
  ) {
    // A run starts as the publisher does (a restart picks up where a stop cut in).
    this.state = {
      ...state,
      state: state.state === "ok" ? "ok" : "syncing",
      bucket: `${settings.endpoint.replace(/\/+$/, "")}/${settings.bucket}`,
      publicUrl: settings.publicUrl || undefined,
    };
  }

  get current(): MirrorStatus {
    return this.state;
  }

  /** Makes the bucket serve the live release soon; calls during a run ask for one more after it. */
  sync(): void {
    if (this.stopped) return;
    clearTimeout(this.retryTimer);
    this.attempts = 0;
    void this.run();
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.retryTimer);
    clearTimeout(this.sweepTimer);
  }

  private set(state: Partial<MirrorStatus>): void {
    this.state = { ...this.state, ...state };
    this.report(this.state);
  }

  private async run(): Promise<void> {
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = true;
    this.again = false;
    const live = liveRelease(this.paths);
    if (!live) {
      this.running = false;
      return;
    }
    const startedAt = Date.now();
    this.set({ state: "syncing" });
    const bucket = openBucket(this.settings);
    try {
      const { copied, deletions, nextDeleteAt } = await this.mirror(bucket, live);
      this.attempts = 0;
      this.set({
        state: "ok",
        // A run that only deleted (a sweep, a restart) leaves the last copy's figures.
        ...(copied && {
          release: live.id,
          syncedAt: new Date().toISOString(),
          seconds: (Date.now() - startedAt) / 1000,
          ...copied,
        }),
        ...deletions,
        nextDeleteAt,
        error: undefined,
        attempts: 0,
        nextAttemptAt: undefined,
      });
      this.scheduleSweep(nextDeleteAt);
    } catch (error) {
      this.attempts += 1;
      const wait = retryWait(this.settings.retryMs, this.attempts);
      console.error(`mirror: ${live.id} to ${this.state.bucket} failed: ${describe(error)}`);
      this.set({
        state: "retrying",
        error: describe(error),
        attempts: this.attempts,
        nextAttemptAt: new Date(Date.now() + wait).toISOString(),
      });
      this.retryTimer = setTimeout(() => void this.run(), wait);
      this.retryTimer.unref();
    } finally {
      bucket.close();
      this.running = false;
    }
    // The live release changed (or a sweep fell due) while this run went on.
    if (this.again && !this.stopped) {
      clearTimeout(this.retryTimer);
      void this.run();
    }
  }

  /** One run: uploads in order, then deletes what is due. */
  private async mirror(bucket: Bucket, live: Release) {
    const memory = readJson<Memory>(memoryFile(this.paths)) ?? { keys: [], unusedSince: {} };
    const objects = releaseObjects(path.join(this.paths.releases, live.id), new Set(live.hashed), nginxTypes());
    // Switching release: the one the bucket served until now is kept; the same one again
    // (a sweep, a restart, a retry): the one it replaced still is.
    const switching = memory.release !== live.id;
    const previous = switching ? memory.release && { release: memory.release, keys: memory.keys } : memory.previous;
    const planned = plan({
      objects,
      listed: await bucket.list(),
      keep: new Set(previous ? previous.keys : []),
      unusedSince: memory.unusedSince,
      now: new Date(),
      graceMs: this.settings.graceMs,
      maxDeletes: this.settings.maxDeletes,
    });
    for (const phase of PHASES) {
      await eachLimited(
        planned.uploads.filter((object) => object.phase === phase),
        (object) => bucket.put(object),
      );
    }
    await eachLimited(planned.deletes, (key) => bucket.remove(key));
    const next: Memory = {
      release: live.id,
      keys: objects.map((object) => object.key),
      previous: previous || undefined,
      unusedSince: planned.unusedSince,
    };
    writeFileAtomic(memoryFile(this.paths), JSON.stringify(next) + "\n", 0o600);
    const copied = switching || planned.uploads.length > 0 || this.state.release !== live.id;
    return {
      copied: copied && { uploaded: planned.uploads.length, unchanged: objects.length - planned.uploads.length },
      deletions: { deleted: planned.deletes.length, waiting: planned.waiting, overLimit: planned.overLimit },
      nextDeleteAt: planned.nextDeleteAt,
    };
  }

  /** A run when the next unused object's grace period ends. */
  private scheduleSweep(at: string | undefined): void {
    clearTimeout(this.sweepTimer);
    if (!at || this.stopped) return;
    // At least a second later: the run's own clock and the plan's may differ by a tick.
    this.sweepTimer = setTimeout(() => this.sync(), Math.max(Date.parse(at) - Date.now(), 0) + 1000);
    this.sweepTimer.unref();
  }
}

/** An SDK error in a line: its name, its message and the HTTP status, never the request. */
function describe(error: unknown): string {
  const { name, message, $metadata } = error as {
    name?: string;
    message?: string;
    $metadata?: { httpStatusCode?: number };
  };
  const status = $metadata?.httpStatusCode ? ` (HTTP ${$metadata.httpStatusCode})` : "";
  return `${name && name !== "Error" ? `${name}: ` : ""}${(message ?? String(error)).split("\n")[0]}${status}`.slice(
    0,
    300,
  );
}
