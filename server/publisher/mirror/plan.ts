// What one mirror run does, decided before any request: which objects to upload (only
// those missing or changed, in PHASES order) and which to delete. An object no kept
// release uses is deleted only once it has been unused for the grace period (a page
// still open in a browser, or held by a cache, may ask for it), and at most `maxDeletes`
// in one run (Hugo's guard: a wrong bucket or a broken build never empties the site).
import type { MirrorObject } from "./objects";

export interface Listed {
  key: string;
  /** The ETag without its quotes. */
  etag: string;
}

export interface PlanInput {
  /** The live release's objects, in upload order. */
  objects: MirrorObject[];
  /** What the bucket holds now. */
  listed: Listed[];
  /** Keys of the release live before this one: kept, for pages cached or open elsewhere. */
  keep: ReadonlySet<string>;
  /** When each key not in a kept release was first seen unused (ISO time). */
  unusedSince: Readonly<Record<string, string>>;
  now: Date;
  graceMs: number;
  maxDeletes: number;
}

export interface Plan {
  uploads: MirrorObject[];
  /** Due for deletion, at most maxDeletes. */
  deletes: string[];
  /** Unused, not yet due or over the limit: deleted by a later run. */
  waiting: number;
  /** Due, but over maxDeletes: deleted by the next publish. */
  overLimit: number;
  /** When the earliest waiting deletion falls due (ISO time), if any waits. */
  nextDeleteAt?: string;
  /** unusedSince for the next run. */
  unusedSince: Record<string, string>;
}

export function plan({ objects, listed, keep, unusedSince, now, graceMs, maxDeletes }: PlanInput): Plan {
  const inBucket = new Map(listed.map((object) => [object.key, object.etag]));
  const live = new Set(objects.map((object) => object.key));
  const uploads = objects.filter((object) => inBucket.get(object.key) !== object.md5);

  const nextUnused: Record<string, string> = {};
  const due: string[] = [];
  let nextDue = Infinity;
  for (const key of [...inBucket.keys()].sort()) {
    if (live.has(key) || keep.has(key)) continue;
    const since = unusedSince[key] ?? now.toISOString();
    nextUnused[key] = since;
    const dueAt = Date.parse(since) + graceMs;
    if (dueAt <= now.getTime()) due.push(key);
    else nextDue = Math.min(nextDue, dueAt);
  }
  // Over the limit: left for the next publish (a timer running the runs back to back
  // would make the limit no guard at all).
  const deletes = due.slice(0, maxDeletes);
  const deleting = new Set(deletes);
  return {
    uploads,
    deletes,
    waiting: Object.keys(nextUnused).length - deletes.length,
    overLimit: due.length - deletes.length,
    nextDeleteAt: Number.isFinite(nextDue) ? new Date(nextDue).toISOString() : undefined,
    unusedSince: Object.fromEntries(Object.entries(nextUnused).filter(([key]) => !deleting.has(key))),
  };
}
