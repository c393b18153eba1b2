// One run of the server's watch, after the checks: the policy's step, the messages it
// calls for queued with the weekly digest when due, then sent. Kept apart from the checks
// (which need the installed server) so that the server tests drive it against a real SMTP
// server and webhook with problems of every kind.
import { z } from "zod";
import type { Message } from "../lib/mail";
import { noticeMessage } from "./messages";
import { deliver, queue, type Channels, type Outgoing } from "./notify";
import { digestDue, emptyState, step, type Problem, type WatchState } from "./policy";

export type Saved = WatchState & { outbox: Outgoing[] };

export const emptySaved = (): Saved => ({ ...emptyState(), outbox: [] });

const time = z.number();
const problem = z.object({
  id: z.string(),
  text: z.string(),
  fix: z.string(),
  notice: z.string(),
  blips: z.number(),
  stage: time.optional(),
  staffAfterMs: time.optional(),
});
/**
 * The watch's state.json as site-watch writes it: root (`sitectl alerts`) uses none of it
 * before it is checked here. Typed as Saved, so the two cannot drift apart.
 */
export const savedSchema: z.ZodType<Saved> = z.object({
  tracked: z.record(
    z.string(),
    z.object({
      problem,
      since: time,
      failures: time,
      toldAt: time.optional(),
      remindedAt: time.optional(),
      resolvedAt: time.optional(),
    }),
  ),
  ended: z.array(z.object({ id: z.string(), text: z.string(), since: time, until: time })),
  lastDigestAt: time.optional(),
  outbox: z.array(
    z.object({
      subject: z.string(),
      text: z.string(),
      to: z.string().optional(),
      html: z.string().optional(),
      images: z.array(z.object({ cid: z.string(), png: z.string(), alt: z.string() })).optional(),
      createdAt: time,
      mail: z.boolean(),
      hook: z.boolean(),
      lastError: z.string().optional(),
    }),
  ),
});

export interface RunInput {
  problems: Problem[];
  now: number;
  channels: Channels;
  domain: string;
  /** The weekly digests (the operator's, the owner's), made only when due (or `digestNow`). */
  digest: (state: WatchState) => Promise<Message[]>;
  digestNow?: boolean;
  /** Called with the state and outbox before sending: a crash while sending repeats a message, never loses one. */
  save: (saved: Saved) => void;
  log: (line: string) => void;
}

export async function watchRun(saved: Saved, input: RunInput): Promise<Saved> {
  const { now, channels } = input;
  const { state, notices } = step(saved, input.problems, now);
  let outbox = saved.outbox;
  for (const notice of notices) {
    outbox = queue(outbox, noticeMessage(notice, input.domain, now), channels, now);
    input.log(`${notice.kind}: ${notice.problem.text}`);
  }
  if (state.lastDigestAt === undefined) state.lastDigestAt = now;
  if (input.digestNow || digestDue(state, now)) {
    // By e-mail only: the webhook is for what needs someone now.
    for (const message of await input.digest(state)) outbox = queue(outbox, message, channels, now, false);
    state.lastDigestAt = now;
    input.log("digest: queued");
  }
  input.save({ ...state, outbox });
  const next = { ...state, outbox: await deliver(outbox, channels, input.log) };
  input.save(next);
  return next;
}
