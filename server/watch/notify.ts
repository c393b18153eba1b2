// How a message reaches the operator: e-mail through the site's mail server, and an
// optional webhook (ntfy, a chat's incoming hook) as the second way, for when mail itself
// is what fails. Messages wait in an outbox (kept with the watch's state) until each way
// took them, so an alert written while the mail server was down arrives once it is back.
import nodemailer from "nodemailer";
import type { Message } from "../lib/mail";

export interface Outgoing extends Message {
  createdAt: number;
  /** Still to be e-mailed / posted to the webhook. */
  mail: boolean;
  hook: boolean;
  /** The last failure, said in the digest and by `sitectl alerts`. */
  lastError?: string;
}

export interface Channels {
  /** The mail server (SMTP_URL); "" when none is set. */
  smtpUrl: string;
  from: string;
  /** The operator's address (ALERT_TO); "" when none is set. A message may name another (Message.to). */
  to: string;
  /** https:// (or http:// on loopback); "" when none is set. */
  webhook: string;
}

/** The outbox never grows past this: the oldest messages go first. */
export const MAX_OUTBOX = 100;
const TIMEOUT_MS = 15_000;

/** An alert still not e-mailed after this long is a problem of its own (the webhook and staff's banner tell it). */
export const UNSENT_AFTER_MS = 30 * 60_000;

/** Why the operator's e-mail alerts are not going out, when one has waited UNSENT_AFTER_MS; null when they go. */
export function unsentMail(outbox: Outgoing[], now: number): string | null {
  const waiting = outbox.filter((item) => item.mail && now - item.createdAt >= UNSENT_AFTER_MS);
  if (!waiting.length) return null;
  const reason =
    waiting
      .map((item) => item.lastError)
      .filter(Boolean)
      .at(-1) ?? "no mail server took them";
  return `${waiting.length} alert e-mail(s) could not be sent since ${new Date(waiting[0].createdAt).toISOString().slice(0, 16).replace("T", " ")} UTC (${reason.slice(0, 200)})`;
}

/** Queues a message for every way set up now (a message to someone else by mail only). */
export function queue(outbox: Outgoing[], message: Message, channels: Channels, now: number, hook = true): Outgoing[] {
  const next = [
    ...outbox,
    {
      ...message,
      createdAt: now,
      mail: (message.to ?? channels.to) !== "",
      hook: hook && message.to === undefined && channels.webhook !== "",
    },
  ];
  return next.filter((item) => item.mail || item.hook).slice(-MAX_OUTBOX);
}

async function post(webhook: string, message: Message): Promise<void> {
  const response = await fetch(webhook, {
    method: "POST",
    // ntfy reads Title; other hooks take the body.
    headers: { "Content-Type": "text/plain; charset=utf-8", Title: message.subject.replace(/[^\x20-\x7e]/g, "?") },
    body: `${message.subject}\n\n${message.text}`,
    signal: AbortSignal.timeout(TIMEOUT_MS),
    redirect: "error",
  });
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`the webhook answered ${response.status}`);
}

/**
 * Sends what waits, oldest first; returns what is still to send. A mail server that cannot
 * be reached stops the mail for this run (the rest wait in order); the webhook goes on.
 */
export async function deliver(
  outbox: Outgoing[],
  channels: Channels,
  log: (line: string) => void,
): Promise<Outgoing[]> {
  const transport =
    channels.smtpUrl && outbox.some((item) => item.mail)
      ? nodemailer.createTransport({
          url: channels.smtpUrl,
          connectionTimeout: TIMEOUT_MS,
          greetingTimeout: TIMEOUT_MS,
          socketTimeout: TIMEOUT_MS,
        })
      : null;
  let mailDown = transport === null;
  let hookDown = !channels.webhook;
  const left: Outgoing[] = [];
  try {
    for (const item of outbox) {
      const next = { ...item };
      const recipient = next.to ?? channels.to;
      if (next.mail && !mailDown) {
        try {
          await transport!.sendMail({
            from: channels.from,
            to: recipient,
            subject: next.subject,
            text: next.text,
            html: next.html,
            attachments: next.images?.map((image) => ({
              filename: `${image.cid}.png`,
              content: Buffer.from(image.png, "base64"),
              contentType: "image/png",
              cid: image.cid,
            })),
          });
          next.mail = false;
          log(`watch: e-mailed ${recipient}: ${next.subject}`);
        } catch (error) {
          mailDown = true;
          next.lastError = `mail: ${(error as Error).message}`;
          log(`watch: could not e-mail ${recipient}: ${(error as Error).message}`);
        }
      }
      if (next.hook && !hookDown) {
        try {
          await post(channels.webhook, next);
          next.hook = false;
          log(`watch: posted to the webhook: ${next.subject}`);
        } catch (error) {
          hookDown = true;
          next.lastError = `webhook: ${(error as Error).message}`;
          log(`watch: could not post to the webhook: ${(error as Error).message}`);
        }
      }
      if (next.mail || next.hook) left.push(next);
    }
  } finally {
    transport?.close();
  }
  return left;
}
