// How the enquiry service runs, from the environment (the operator's settings), where
// enquiries go among them: a setting a stolen staff login cannot change. What the company
// decides in content (how long they are kept, the words) comes from the live release
// instead (site.ts), so it follows what staff publish.
import os from "node:os";
import path from "node:path";
import { mailSender } from "../lib/mail";
import { EMAIL } from "../../src/contract/enquiry";
import { envNumber, hostPaths, readSettings } from "../lib/settings";

/** Where a local `npm run mail:catch` listens: `npm run host`'s SMTP server when SMTP_URL is not set. */
export const LOCAL_SMTP_URL = "smtp://127.0.0.1:2525";
/** Where `npm run host` sends enquiries when ENQUIRY_TO is not set (on a server, the operator sets it). */
export const LOCAL_ENQUIRY_TO = "quotes@localhost.invalid";

export interface EnquirySettingsEnv {
  port: number;
  /** The spool (pending/, sent/, failed/) and status.json. */
  dir: string;
  /** The release nginx serves: its _enquiry/settings.json and pages. */
  live: string;
  smtpUrl: string;
  /** Where enquiries are e-mailed (ENQUIRY_TO, the operator's: sitectl enquiries-to); none set, they wait. */
  to: string;
  /** The sender: the operator's ENQUIRY_FROM, never content's (server/lib/mail.ts mailSender). */
  from: string;
  /** Per address (IPv6: per /64). */
  postsPerMinute: number;
  /** From everyone together: what the inbox and the disk take at most in an hour. */
  postsPerHour: number;
  /** From everyone together: the bytes stored in an hour (drawings included); past it forms are refused. */
  bytesPerHour: number;
  /** A drawing larger than this is kept on the server and named in the e-mail rather than attached. */
  attachMaxBytes: number;
  /** From everyone together: the drawings' bytes e-mailed in an hour (the inbox's load); past it drawings are kept on the server. */
  mailBytesPerHour: number;
  /** The spool's whole size; sent enquiries go first (oldest first) to make room, and past it forms are refused. */
  spoolMaxBytes: number;
  /** Free space kept on the spool's disk, the same floor the publisher keeps for builds (HOST_MIN_FREE_MB). */
  minFreeBytes: number;
  /** How often the mail server is asked whether it takes mail, with nothing to send. */
  mailCheckMs: number;
  retryMs: number;
  retryMaxMs: number;
  /** The secret nginx sends with a staff login to the inbox (ENQUIRY_STAFF_SECRET); "" turns the inbox off. */
  staffSecret: string;
  /** Test only: exit right after the SMTP server accepts a message, before it is marked sent. */
  exitAfterAccept: boolean;
}

export function readEnquirySettings(env = process.env): EnquirySettingsEnv {
  const host = readSettings(env);
  const to = (env.ENQUIRY_TO ?? "").trim();
  if (to && !new RegExp(EMAIL.regex).test(to)) throw new Error(`ENQUIRY_TO must be an e-mail address; found "${to}"`);
  return {
    port: envNumber(env, "ENQUIRY_PORT", 8092),
    dir: path.resolve(env.ENQUIRY_DIR || path.join(host.hostDir, "enquiry")),
    live: hostPaths(host.hostDir).live,
    smtpUrl: env.SMTP_URL || LOCAL_SMTP_URL,
    to,
    // The server's own name stands in for the domain here; installs set ENQUIRY_FROM.
    from: mailSender({ ENQUIRY_FROM: env.ENQUIRY_FROM, SMTP_URL: env.SMTP_URL }, os.hostname()),
    postsPerMinute: envNumber(env, "ENQUIRY_POSTS_PER_MINUTE", 5),
    postsPerHour: envNumber(env, "ENQUIRY_POSTS_PER_HOUR", 60),
    bytesPerHour: envNumber(env, "ENQUIRY_MB_PER_HOUR", 200) * 1024 * 1024,
    attachMaxBytes: envNumber(env, "ENQUIRY_ATTACH_MB", 4) * 1024 * 1024,
    mailBytesPerHour: envNumber(env, "ENQUIRY_MAIL_MB_PER_HOUR", 25) * 1024 * 1024,
    spoolMaxBytes: envNumber(env, "ENQUIRY_SPOOL_MAX_MB", 2048) * 1024 * 1024,
    minFreeBytes: host.minFreeBytes,
    mailCheckMs: envNumber(env, "ENQUIRY_MAIL_CHECK_MINUTES", 10) * 60_000,
    retryMs: envNumber(env, "ENQUIRY_RETRY_MS", 30_000),
    retryMaxMs: envNumber(env, "ENQUIRY_RETRY_MAX_MS", 30 * 60_000),
    staffSecret: env.ENQUIRY_STAFF_SECRET ?? "",
    exitAfterAccept: env.ENQUIRY_EXIT_AFTER_ACCEPT === "1",
  };
}

/** The wait before the next try after `failures` failures in a row: doubling, capped. */
export const backoff = (
  failures: number,
  { retryMs, retryMaxMs }: Pick<EnquirySettingsEnv, "retryMs" | "retryMaxMs">,
) => Math.min(retryMs * 2 ** Math.max(0, failures - 1), retryMaxMs);
