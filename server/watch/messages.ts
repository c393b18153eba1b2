// What the operator reads: an alert when a problem starts, a daily reminder while it lasts,
// one when it is resolved, and the weekly digest. Plain text: read on a phone, quoted in a
// reply, and never markup whatever a check's text holds.
import { plain, when, type Message } from "../lib/mail";
import type { Notice } from "./policy";

/** "3 h 20 min", "2 days 4 h": how long something lasted. */
export function duration(ms: number): string {
  const minutes = Math.max(1, Math.round(ms / 60_000));
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h${minutes % 60 ? ` ${minutes % 60} min` : ""}`;
  return `${Math.floor(hours / 24)} days${hours % 24 ? ` ${hours % 24} h` : ""}`;
}

/** A subject: one line, no control character at all. */
const subject = (text: string) => text.replace(/[\u0000-\u001f\u007f-\u009f]+/g, " ").slice(0, 200);

const FOOTER = (domain: string) =>
  `\n--\nSent by ${domain}'s own checks (anodising-watch.timer, every 15 minutes). On the server:\n` +
  `  sitectl doctor     everything, with each fix\n  sitectl alerts     who is told, and how`;

export function noticeMessage(notice: Notice, domain: string, now: number): Message {
  const { problem } = notice;
  if (notice.kind === "resolved") {
    return {
      subject: subject(`[${domain}] Resolved: ${problem.text}`),
      text: [
        `Resolved after ${duration(notice.until - notice.since)}:`,
        `  ${plain(problem.text)}`,
        ``,
        `Began: ${when(notice.since)}`,
        `Seen resolved: ${when(notice.until)}`,
        FOOTER(domain),
      ].join("\n"),
    };
  }
  const lead = notice.kind === "started" ? "PROBLEM" : `Still a problem after ${duration(now - notice.since)}`;
  return {
    subject: subject(`[${domain}] ${lead}: ${problem.text}`),
    text: [
      `What is wrong:`,
      `  ${plain(problem.text)}`,
      ``,
      `Since: ${when(notice.since)}`,
      ``,
      `What visitors and staff notice:`,
      `  ${plain(problem.notice)}`,
      ``,
      `The fix:`,
      `  ${plain(problem.fix)}`,
      ``,
      notice.kind === "started"
        ? `You will be reminded daily while it lasts, and told when it is resolved.`
        : `A reminder comes daily while it lasts.`,
      FOOTER(domain),
    ].join("\n"),
  };
}

export interface WeekFigures {
  domain: string;
  from: number;
  to: number;
  /** Releases that went live in the week: when, and the commit's first 7 characters. */
  published: { at: string; commit: string }[];
  failedPublishes: number;
  enquiries: { received: number; sent: number; waiting: number; failed: number };
  certificateDays: number | null;
  diskFreeMb: number;
  /** The off-site backups: where, the last good one, its size, what is kept (or that none are set). */
  backups: string;
  /** What staff should fix in the content (a document lapsing, a page nothing links to). */
  contentWarnings: string[];
  /** Problems told this week that ended, and ones that last. */
  ended: { text: string; since: number; until: number }[];
  lasting: { text: string; since: number }[];
}

/** The weekly "all is well" (or not): a missing one is itself a signal. */
export function digestMessage(week: WeekFigures): Message {
  const wrong = week.lasting.length;
  const lines = [
    `The week from ${when(week.from)} to ${when(week.to)}.`,
    ``,
    wrong ? `${wrong} problem(s) now:` : `All is well: no problem now.`,
    ...week.lasting.map((item) => `  - ${plain(item.text)} (since ${when(item.since)})`),
    ``,
    `Published: ${week.published.length} release(s)${week.failedPublishes ? `, ${week.failedPublishes} publish(es) refused or failed` : ""}`,
    ...week.published.slice(0, 10).map((item) => `  - ${item.at.slice(0, 16).replace("T", " ")} UTC  ${item.commit}`),
    `Enquiries: ${week.enquiries.received} received, ${week.enquiries.sent} e-mailed; now ${week.enquiries.waiting} waiting, ${week.enquiries.failed} refused by the mail server`,
    `Certificate: ${week.certificateDays === null ? "none served here" : `${week.certificateDays} days left`}`,
    `Disk: ${week.diskFreeMb} MB free`,
    `Off-site backups: ${plain(week.backups)}`,
    week.contentWarnings.length
      ? `Content warnings for staff (the editor shows them too):`
      : `No content warning for staff.`,
    ...week.contentWarnings.slice(0, 10).map((warning) => `  - ${plain(warning)}`),
    ``,
    week.ended.length ? `Problems during the week, now resolved:` : `No problem came and went during the week.`,
    ...week.ended.map(
      (item) => `  - ${plain(item.text)} (${when(item.since)}, lasted ${duration(item.until - item.since)})`,
    ),
    FOOTER(week.domain),
  ];
  return {
    subject: `[${week.domain}] Weekly: ${wrong ? `${wrong} problem(s)` : "all is well"}, ${week.enquiries.received} enquiries, ${week.published.length} published`,
    text: lines.join("\n"),
  };
}
