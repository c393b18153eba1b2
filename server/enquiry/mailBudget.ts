// The hour's e-mail budget (ENQUIRY_MAIL_MB_PER_HOUR), shared by the intake and the staff's
// inbox: the e-mails of the enquiries received in the last hour (the spool knows them) and
// of those staff sent again (counted here). Without the second, one login could mail any
// enquiry with its drawing again and again (issue 52, finding 9). The count of sends again
// lives in the service's memory: a restart forgets it, which only an operator can cause.
import type { Spool } from "./spool";

export const HOUR_MS = 60 * 60_000;

export class MailBudget {
  private resent: { at: number; bytes: number }[] = [];

  constructor(
    private readonly spool: Pick<Spool, "receivedWithin">,
    readonly bytesPerHour: number,
    private readonly clock: () => number = Date.now,
  ) {}

  /** Bytes of the e-mails sent again in the last hour. */
  resentBytes(): number {
    const since = this.clock() - HOUR_MS;
    this.resent = this.resent.filter((send) => send.at > since);
    return this.resent.reduce((sum, send) => sum + send.bytes, 0);
  }

  /** Bytes e-mailed in the last hour: enquiries received and enquiries sent again. */
  spent(): number {
    const received = this.spool.receivedWithin(HOUR_MS, this.clock()).reduce((sum, entry) => sum + entry.size, 0);
    return received + this.resentBytes();
  }

  /** Counts an e-mail of `bytes` to be sent again, when it fits in the hour; false when it does not. */
  sendAgain(bytes: number): boolean {
    if (this.spent() + bytes > this.bytesPerHour) return false;
    this.resent.push({ at: this.clock(), bytes });
    return true;
  }
}
