// The publisher's record: `memory.json` (what it alone writes: what it built, what
// failed, the history) and `status.json` (what staff and tests read at
// /admin/status.json), which is the memory plus what is on disk right now (the live
// release, a rollback pin) and the branch's head. Both are written atomically.
import fs from "node:fs";
import path from "node:path";
import { readJson, writeFileAtomic } from "../lib/files";
import { HISTORY_LENGTH, type HostPaths } from "../lib/settings";
import type { MirrorStatus } from "./mirror/mirror";
import { liveRelease, readPin } from "./releases";

export interface Build {
  commit: string;
  /** Every commit this build published (the ones that arrived while another was building). */
  commits: string[];
  startedAt: string;
  finishedAt?: string;
  seconds?: number;
  /** Gatsby's cache was dropped first (code changed, or the last build was interrupted). */
  clean: boolean;
  result: "live" | "failed" | "technical" | "interrupted";
  release?: string;
  message?: string;
}

export interface PublishError {
  commit: string;
  /** content: the validator refused a file; technical: anything else (details in the log). */
  kind: "content" | "technical";
  message: string;
  at: string;
  log?: string;
}

/** The push of each published commit to SITE_REMOTE (server/publisher/push.ts). */
export interface RemotePush {
  /** The remote, with any password masked; "" when SITE_REMOTE is not set. */
  remote: string;
  state: "off" | "ok" | "pushing" | "retrying";
  pushed?: string;
  pushedAt?: string;
  error?: string;
  attempts?: number;
  nextAttemptAt?: string;
}

/** Where a build is: staff see it, and tests wait on it rather than on time. */
export type Step = "checkout" | "install" | "validate" | "build" | "release";

export interface Memory {
  /** The last commit a build was tried for, good or bad: a restart does not retry it. */
  lastAttempted?: string;
  /** The commit the build folder's Gatsby cache comes from. */
  lastBuilt?: string;
  /** The code commit the build folder's Gatsby cache was built with: new code builds clean. */
  lastCode?: string;
  /** Drop Gatsby's cache before the next build. */
  cleanNext: boolean;
  /** Set while a build runs; found at start, it means the last run was killed. */
  building?: { commit: string; startedAt: string; clean: boolean; step: Step };
  lastError: PublishError | null;
  /** The content check's warnings about the commit last published (a page nothing links to). */
  warnings?: string[];
  /** The first later day the live content's build would differ (a document lapses): the daily republish's cue. */
  nextChange?: string | null;
  history: Build[];
  push: RemotePush;
  /** The bucket behind the CDN (absent in a record from before the mirror). */
  mirror?: MirrorStatus;
}

export interface Head {
  commit: string;
  subject: string;
  author: string;
  committedAt: string;
}

export interface Status {
  state: "idle" | "building" | "failed";
  /** One line for staff. */
  message: string;
  head: Head | null;
  live: { release: string; commit: string; builtAt: string } | null;
  /** Rolled back by `npm run rollback`: stays on this release until the next publish. */
  pinned: boolean;
  building: Memory["building"] | null;
  lastError: PublishError | null;
  /** What the live content should fix, though it was published (a page nothing links to). */
  warnings: string[];
  /** Memory's nextChange: "YYYY-MM-DD" or null. */
  nextChange: string | null;
  history: Build[];
  push: RemotePush;
  mirror: MirrorStatus;
  updatedAt: string;
  /** The publisher rewrites this record this often while it runs: staff see a stale one as "not running". */
  heartbeatMs: number;
}

/** How often a running publisher rewrites status.json, when nothing else changed it. */
export const HEARTBEAT_MS = 60_000;

export const TECHNICAL_MESSAGE = "Technical problem, site unchanged.";

export function readMemory(paths: HostPaths): Memory {
  const kept = readJson<Memory & { backup?: RemotePush }>(paths.memory);
  // Kept by a release that called the push "backup".
  if (kept && !kept.push && kept.backup) {
    kept.push = kept.backup;
    delete kept.backup;
  }
  return (
    kept ?? {
      cleanNext: true,
      lastError: null,
      history: [],
      push: { remote: "", state: "off" },
    }
  );
}

export function writeMemory(paths: HostPaths, memory: Memory): void {
  memory.history = memory.history.slice(0, HISTORY_LENGTH);
  writeFileAtomic(paths.memory, JSON.stringify(memory, null, 2) + "\n", 0o600);
}

export function composeStatus(paths: HostPaths, memory: Memory, head: Head | null): Status {
  const live = liveRelease(paths);
  const failed = !memory.building && memory.lastError !== null && memory.lastError.commit === memory.lastAttempted;
  const state: Status["state"] = memory.building ? "building" : failed ? "failed" : "idle";
  const short = (commit: string) => commit.slice(0, 7);
  const message =
    state === "building"
      ? `Publishing ${short(memory.building!.commit)}…`
      : state === "failed"
        ? `Not published: ${memory.lastError!.message}`
        : live
          ? `Live: ${short(live.commit)}.`
          : "Nothing published yet.";
  return {
    state,
    message,
    head,
    live: live && { release: live.id, commit: live.commit, builtAt: live.builtAt },
    pinned: live !== null && readPin(paths) === live.id,
    building: memory.building ?? null,
    lastError: memory.lastError,
    warnings: memory.warnings ?? [],
    nextChange: memory.nextChange ?? null,
    history: memory.history,
    push: memory.push,
    mirror: memory.mirror ?? { state: "off" },
    updatedAt: new Date().toISOString(),
    heartbeatMs: HEARTBEAT_MS,
  };
}

export function writeStatus(paths: HostPaths, status: Status): void {
  fs.mkdirSync(path.dirname(paths.status), { recursive: true });
  // Readable by nginx, which serves it at /admin/status.json.
  writeFileAtomic(paths.status, JSON.stringify(status, null, 2) + "\n", 0o644);
}
