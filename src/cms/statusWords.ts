// The publisher's state in staff's words, with its age: "Live since 10:42 (3 minutes ago),
// including your change of 10:41"; publishing, with the usual time; not published, why and
// what to do; the publisher silent for too long, and whom to call. Pure: the panel
// (PublishStatus.tsx) gives it the status record, the time and the staff login.

/** The publisher's record as /admin/status.json gives it (server/publisher/status.ts Status). */
export interface PublisherStatus {
  state: "idle" | "building" | "failed";
  message: string;
  head?: { commit: string; author: string; committedAt: string } | null;
  live: { release?: string; commit: string; builtAt: string } | null;
  pinned?: boolean;
  building?: { commit: string; startedAt: string } | null;
  lastError?: { commit: string; kind: "content" | "technical"; message: string; at: string } | null;
  history?: { result: string; seconds?: number }[];
  warnings?: string[];
  updatedAt?: string;
  /** How often the publisher rewrites the record while it runs; older than a few of these is stale. */
  heartbeatMs?: number;
  /** The copy served by the CDN (server/publisher/mirror/mirror.ts MirrorStatus). */
  mirror?: {
    state: "off" | "ok" | "syncing" | "retrying";
    publicUrl?: string;
    release?: string;
    syncedAt?: string;
    nextAttemptAt?: string;
  };
}

export interface Operator {
  name: string;
  phone: string;
}

/** A record this many heartbeats old means the publisher has stopped. */
export const STALE_HEARTBEATS = 3;
/** Builds whose time makes the estimate. */
const ESTIMATE_FROM = 5;

export const clock = (iso: string) => new Date(iso).toLocaleTimeString("en-GB", { hour: "2-digit", minute: "2-digit" });

export function ago(iso: string, now: number): string {
  const seconds = Math.max(0, Math.round((now - new Date(iso).getTime()) / 1000));
  const [amount, unit] =
    seconds < 90
      ? [seconds, "second"]
      : seconds < 90 * 60
        ? [Math.round(seconds / 60), "minute"]
        : seconds < 36 * 3600
          ? [Math.round(seconds / 3600), "hour"]
          : [Math.round(seconds / 86400), "day"];
  return `${amount} ${unit}${amount === 1 ? "" : "s"} ago`;
}

/** The usual time of a publish: the median of the last few good ones, in seconds; null when none. */
export function usualSeconds(history: PublisherStatus["history"] = []): number | null {
  const times = history
    .filter((build) => build.result === "live" && typeof build.seconds === "number")
    .slice(0, ESTIMATE_FROM)
    .map((build) => build.seconds!)
    .sort((a, b) => a - b);
  return times.length ? Math.round(times[Math.floor(times.length / 2)]) : null;
}

const call = (operator: Operator | null) =>
  operator ? `call ${operator.name} on ${operator.phone}` : "call the server's operator";

export interface StatusWords {
  /** idle/building/failed as the record says, or stale when the publisher has gone silent. */
  tone: "idle" | "building" | "failed" | "stale";
  text: string;
}

/** The status in words; `login` makes "your change", `operator` says whom to call. */
export function statusWords(
  status: PublisherStatus,
  now: number,
  login: string | null,
  operator: Operator | null,
): StatusWords {
  const whose = (author: string | undefined) => (author && author === login ? "your" : author ? `${author}'s` : "the");
  const head = status.head ?? null;
  const change = head ? `${whose(head.author)} change of ${clock(head.committedAt)}` : "the latest change";
  const Change = change.charAt(0).toUpperCase() + change.slice(1);

  const heartbeat = status.heartbeatMs ?? 0;
  if (heartbeat && status.updatedAt && now - new Date(status.updatedAt).getTime() > STALE_HEARTBEATS * heartbeat) {
    return {
      tone: "stale",
      text: `The publisher is not running (no word from it since ${clock(status.updatedAt)}, ${ago(status.updatedAt, now)}): changes are saved but not published. Please ${call(operator)}.`,
    };
  }
  if (status.state === "building" && status.building) {
    const usual = usualSeconds(status.history);
    const started = new Date(status.building.startedAt).getTime();
    const late = usual !== null && now - started > (2 * usual + 60) * 1000;
    return {
      tone: "building",
      text: `Publishing ${change} (${usual === null ? "a few minutes" : `about ${usual} seconds`}; started ${ago(status.building.startedAt, now)})${late ? ": taking longer than usual" : ""}.`,
    };
  }
  if (status.state === "failed" && status.lastError) {
    const error = status.lastError;
    return error.kind === "content"
      ? {
          tone: "failed",
          text: `${Change} was not published: ${error.message} The site is unchanged. Correct it in the editor and publish again, or undo it under Changes.`,
        }
      : {
          tone: "failed",
          text: `${Change} was not published: a technical problem on the server (${clock(error.at)}). The site is unchanged. Please ${call(operator)}.`,
        };
  }
  if (!status.live) return { tone: "idle", text: "Nothing is published yet." };
  const since = `Live since ${clock(status.live.builtAt)} (${ago(status.live.builtAt, now)})`;
  if (status.pinned) {
    return {
      tone: "idle",
      text: `${since}: the server's operator rolled the site back to an earlier version; the next change publishes again.`,
    };
  }
  if (head && head.commit !== status.live.commit) {
    return { tone: "building", text: `${since}. ${Change} is waiting to be published.` };
  }
  return { tone: "idle", text: head ? `${since}, including ${change}.` : `${since}.` };
}

/**
 * The CDN's copy in staff's words, or null when there is none: whether visitors reached
 * through the CDN see what the server shows.
 */
export function mirrorWords(status: PublisherStatus, now: number): StatusWords | null {
  const mirror = status.mirror;
  if (!mirror || mirror.state === "off") return null;
  const where = mirror.publicUrl ? ` (${mirror.publicUrl.replace(/^https?:\/\//, "")})` : "";
  const current = status.live && mirror.release === status.live.release;
  if (mirror.state === "syncing") return { tone: "building", text: `Copying the site to the CDN${where}…` };
  if (mirror.state === "retrying") {
    return {
      tone: "failed",
      text: `The CDN's copy${where} could not be brought up to date${mirror.release ? "; it still shows the version before" : ""}. The server tries again${mirror.nextAttemptAt ? ` at ${clock(mirror.nextAttemptAt)}` : ""}; if this stays, tell the server's operator.`,
    };
  }
  if (!current) return { tone: "building", text: `The CDN's copy${where} is being brought up to date.` };
  return {
    tone: "idle",
    text: `The CDN's copy${where} is the same${mirror.syncedAt ? ` since ${clock(mirror.syncedAt)} (${ago(mirror.syncedAt, now)})` : ""}.`,
  };
}
