// The shapes of the records root reads from a service's folder (the publisher's status.json,
// the enquiry service's status.json and its spool's list): a service's user writes them, so
// root uses none before it is checked here. Each schema is typed as the record the service
// writes (publisher/status.ts, enquiry/spool.ts, enquiry/delivery.ts): TypeScript refuses a
// schema that lets through anything else, so the two cannot drift apart unnoticed.
import { z } from "zod";
import type { EnquirySettings } from "../../src/contract/enquiry";
import type { MailState } from "../enquiry/delivery";
import { STATES, type Entry, type SpoolStatus } from "../enquiry/spool";
import type { MirrorStatus } from "../publisher/mirror/mirror";
import type { Status } from "../publisher/status";

const count = z.number().int().nonnegative();
const text = z.string();
const optional = <T extends z.ZodType>(schema: T) => schema.optional();

const build = z.object({
  commit: text,
  commits: z.array(text),
  startedAt: text,
  finishedAt: optional(text),
  seconds: optional(z.number().nonnegative()),
  clean: z.boolean(),
  result: z.enum(["live", "failed", "technical", "interrupted"]),
  release: optional(text),
  message: optional(text),
});

const publishError = z.object({
  commit: text,
  kind: z.enum(["content", "technical"]),
  message: text,
  at: text,
  log: optional(text),
});

const mirror: z.ZodType<MirrorStatus> = z.object({
  state: z.enum(["off", "ok", "syncing", "retrying"]),
  bucket: optional(text),
  publicUrl: optional(text),
  release: optional(text),
  syncedAt: optional(text),
  seconds: optional(z.number().nonnegative()),
  uploaded: optional(count),
  unchanged: optional(count),
  deleted: optional(count),
  waiting: optional(count),
  overLimit: optional(count),
  nextDeleteAt: optional(text),
  error: optional(text),
  attempts: optional(count),
  nextAttemptAt: optional(text),
});

/** A record from a release that called the push "backup", read as this one's. */
const renamedPush = (record: unknown) => {
  if (!record || typeof record !== "object" || "push" in record || !("backup" in record)) return record;
  const { backup, ...rest } = record as Record<string, unknown>;
  return { ...rest, push: backup };
};

/** The publisher's status.json. */
export const publisherStatus = z.preprocess(
  renamedPush,
  z.object({
    state: z.enum(["idle", "building", "failed"]),
    message: text,
    head: z.object({ commit: text, subject: text, author: text, committedAt: text }).nullable(),
    live: z.object({ release: text, commit: text, builtAt: text }).nullable(),
    pinned: z.boolean(),
    building: z
      .object({
        commit: text,
        startedAt: text,
        clean: z.boolean(),
        step: z.enum(["checkout", "install", "validate", "build", "release"]),
      })
      .nullable()
      // Written as null, or left out of the JSON while nothing builds.
      .default(null),
    lastError: publishError.nullable(),
    warnings: z.array(text),
    nextChange: text.nullable(),
    history: z.array(build),
    push: z.object({
      remote: text,
      state: z.enum(["off", "ok", "pushing", "retrying"]),
      pushed: optional(text),
      pushedAt: optional(text),
      error: optional(text),
      attempts: optional(count),
      nextAttemptAt: optional(text),
    }),
    mirror,
    updatedAt: text,
    heartbeatMs: z.number().positive(),
  }) satisfies z.ZodType<Status>,
);

const mail: z.ZodType<MailState> = z.object({
  server: text,
  state: z.enum(["unchecked", "ok", "failing"]),
  since: text,
  checkedAt: text.nullable(),
  error: text,
  startedAt: text,
});

/** The enquiry service's status.json: its counts, where it sends enquiries, how its mail server answers. */
export const enquiryStatus: z.ZodType<SpoolStatus & { mail?: MailState }> = z.object({
  updatedAt: text,
  recipient: text,
  waiting: count,
  oldestWaiting: text.nullable(),
  failed: z.array(z.object({ id: text, receivedAt: text, error: text })),
  sent: count,
  mail: optional(mail),
});

/** One enquiry as `enquiries.ts --json` lists it (its time as text, made a Date after the check). */
export const spoolEntry: z.ZodType<Omit<Entry, "receivedAt"> & { receivedAt: string }> = z.object({
  id: text,
  state: z.enum(STATES),
  receivedAt: text,
  size: count,
  drawingSize: count,
  attempts: z.object({ attempts: count, nextAttemptAt: z.number().nonnegative(), lastError: text }),
});

/** What root and the watch use of the live pages' settings (the build's _enquiry/settings.json,
 *  the publisher's file): the address the pages were built for and the enquiries' sender. */
export const liveSettings: z.ZodType<Partial<Pick<EnquirySettings, "siteUrl" | "from">>> = z.object({
  siteUrl: optional(text),
  from: optional(text),
});
