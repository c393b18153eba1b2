// Sends pending enquiries by SMTP, oldest first, one at a time. A message the server
// accepted moves to sent/; one it refuses for good (5xx) moves to failed/; anything else
// (no connection, 4xx) is tried again later, waiting twice as long each time up to a
// limit. Delivery is at least once: a crash between the server's "accepted" and the move
// sends the same message, with the same Message-ID, again on restart.
import nodemailer, { type Transporter } from "nodemailer";
import { envelopeOf } from "./message";
import { backoff, type EnquirySettingsEnv } from "./settings";
import type { Spool } from "./spool";

/** How often the spool is looked at besides after each new enquiry (a `--retry` from the command line). */
export const POLL_MS = 2_000;

type SmtpError = Error & { responseCode?: number; code?: string };

/** A refusal that will not change by trying again: the SMTP server's 5xx. */
export const isPermanent = (error: SmtpError) => (error.responseCode ?? 0) >= 500;
/** The server could not be reached or stopped answering: no message can go now. */
const isServerDown = (error: SmtpError) => error.responseCode === undefined;

/**
 * Whether the mail server takes mail, as this running service finds it with the settings it
 * started with (status.json's `mail`): what doctor and the server's checks read, never the
 * settings file alone.
 */
export interface MailState {
  /** host:port of SMTP_URL (no login). */
  server: string;
  state: "unchecked" | "ok" | "failing";
  /** When the state last changed. */
  since: string;
  checkedAt: string | null;
  error: string;
  /** When this service started: a settings file changed after it is not in use yet. */
  startedAt: string;
}

/** host:port of an SMTP URL, without the login. */
export function mailServerOf(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.hostname}:${parsed.port || (parsed.protocol === "smtps:" ? 465 : 587)}`;
  } catch {
    return "(SMTP_URL is not a URL)";
  }
}

export class Delivery {
  private transport: Transporter;
  private running = false;
  private again = false;
  private timer: NodeJS.Timeout | undefined;
  private poll: NodeJS.Timeout | undefined;
  /** Connection failures in a row, when the last one was, and when the server is worth trying again. */
  private downFailures = 0;
  private downSince = 0;
  private downUntil = 0;
  private check: NodeJS.Timeout | undefined;
  private readonly started = new Date().toISOString();
  mail: MailState;

  constructor(
    private readonly spool: Spool,
    private readonly settings: Pick<
      EnquirySettingsEnv,
      "smtpUrl" | "to" | "retryMs" | "retryMaxMs" | "exitAfterAccept" | "mailCheckMs"
    >,
    private readonly log: (line: string) => void,
  ) {
    // SMTP_URL as nodemailer reads it: smtp://user:pass@host:587, smtps://…:465, ?tls options.
    // One connection kept open between messages (pool): a backlog goes out in seconds.
    this.transport = nodemailer.createTransport({
      url: settings.smtpUrl,
      pool: true,
      maxConnections: 1,
      connectionTimeout: 15_000,
      greetingTimeout: 15_000,
      socketTimeout: 60_000,
    });
    this.mail = {
      server: mailServerOf(settings.smtpUrl),
      state: "unchecked",
      since: this.started,
      checkedAt: null,
      error: "",
      startedAt: this.started,
    };
  }

  start(): void {
    this.poll = setInterval(() => this.kick(), POLL_MS);
    // The mail server asked now and every mailCheckMs, even with nothing to send: a
    // server gone wrong is known before an enquiry waits for it.
    this.check = setInterval(() => void this.verify(), this.settings.mailCheckMs);
    void this.verify();
    this.kick();
  }

  stop(): void {
    clearInterval(this.poll);
    clearInterval(this.check);
    clearTimeout(this.timer);
    this.transport.close();
  }

  /** Asks the mail server for a session and the login (no message), unless a send just told. */
  private async verify(): Promise<void> {
    const last = this.mail.checkedAt ? Date.parse(this.mail.checkedAt) : 0;
    if (Date.now() - last < this.settings.mailCheckMs / 2) return;
    const transport = nodemailer.createTransport({
      url: this.settings.smtpUrl,
      connectionTimeout: 15_000,
      greetingTimeout: 15_000,
      socketTimeout: 30_000,
    });
    try {
      await transport.verify();
      this.noteMail(true);
    } catch (error) {
      const failure = error as SmtpError;
      this.noteMail(false, `${failure.responseCode ?? failure.code ?? "error"}: ${failure.message}`);
    } finally {
      transport.close();
      this.writeStatus();
    }
  }

  private noteMail(works: boolean, error = ""): void {
    const now = new Date().toISOString();
    const state = works ? "ok" : "failing";
    if (state !== this.mail.state) this.mail.since = now;
    this.mail = { ...this.mail, state, checkedAt: now, error: error.slice(0, 300) };
  }

  /** Looks at the spool now (or right after the round under way). */
  kick(): void {
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = true;
    this.round()
      .catch((error) => this.log(`enquiry: delivery: ${(error as Error).stack}`))
      .finally(() => {
        this.running = false;
        this.writeStatus();
        if (this.again) {
          this.again = false;
          this.kick();
        }
      });
  }

  private writeStatus(): void {
    try {
      this.spool.writeStatus(this.mail);
    } catch (error) {
      this.log(`enquiry: could not write status.json: ${(error as Error).message}`);
    }
  }

  private async round(): Promise<void> {
    // No address set by the operator: every enquiry waits (kept, listed, counted).
    if (!this.settings.to) return;
    const now = Date.now();
    const pending = this.spool.list("pending");
    // While the mail server is believed down, wait out its backoff, unless someone asked
    // to send an enquiry since it was last found down (`--retry` promises seconds, not 30 min).
    const asked = pending.some((entry) => (entry.attempts.retryAskedAt ?? 0) > this.downSince);
    if (now < this.downUntil && !asked) return this.wakeAt(this.downUntil);
    let next = Infinity;
    for (const entry of pending) {
      if (entry.attempts.nextAttemptAt > now) {
        next = Math.min(next, entry.attempts.nextAttemptAt);
        continue;
      }
      const outcome = await this.send(entry.id);
      if (outcome === "down") return this.wakeAt(this.downUntil);
      if (typeof outcome === "number") next = Math.min(next, outcome);
    }
    if (next < Infinity) this.wakeAt(next);
  }

  private wakeAt(time: number): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.kick(), Math.max(0, time - Date.now()));
  }

  /** Sends one enquiry; "down" when the server cannot be reached, or when to try it again. */
  private async send(id: string): Promise<"sent" | "failed" | "down" | number> {
    let message: Buffer;
    try {
      message = this.spool.read(id);
    } catch {
      return "sent"; // moved meanwhile (a command-line retry or export)
    }
    try {
      // To the operator's address now (ENQUIRY_TO), whatever the stored message's To says.
      const envelope = { from: envelopeOf(message).from, to: [this.settings.to] };
      await this.transport.sendMail({ envelope, raw: message });
    } catch (failure) {
      const error = failure as SmtpError;
      const reason = `${error.responseCode ?? error.code ?? "error"}: ${error.message}`.slice(0, 500);
      if (isPermanent(error)) {
        this.spool.move(id, "pending", "failed", reason);
        this.log(`enquiry: ${id} refused for good by the mail server (${reason}); in failed/`);
        return "failed";
      }
      if (isServerDown(error)) {
        this.noteMail(false, reason);
        this.downFailures += 1;
        this.downSince = Date.now();
        this.downUntil = this.downSince + backoff(this.downFailures, this.settings);
        this.log(`enquiry: mail server unreachable (${reason}); trying again in ${this.downUntil - Date.now()} ms`);
        return "down";
      }
      this.noteMail(false, reason);
      const attempts = this.spool.attempts(id).attempts + 1;
      const nextAttemptAt = Date.now() + backoff(attempts, this.settings);
      this.spool.noteAttempt(id, { attempts, nextAttemptAt, lastError: reason });
      this.log(`enquiry: ${id} deferred by the mail server (${reason}); attempt ${attempts}`);
      return nextAttemptAt;
    }
    this.downFailures = 0;
    this.noteMail(true);
    if (this.settings.exitAfterAccept) {
      this.log(
        `enquiry: ${id} accepted by the mail server; exiting before marking it sent (ENQUIRY_EXIT_AFTER_ACCEPT)`,
      );
      process.exit(75);
    }
    this.spool.move(id, "pending", "sent");
    this.log(`enquiry: ${id} sent`);
    return "sent";
  }
}
