// What staff do in their inbox, as plain functions of the spool: list the enquiries, read
// one, take one of its files or its e-mail, mark it handled or not, send it again. Each is
// given the staff login nginx proved (inbox.ts's routes check it, and the origin of a
// button's post, then turn what these return into pages, downloads and redirects) and logs
// what it did with it: every read is logged with the login.
import { attachmentsOf } from "./message";
import type { EnquiryRecord } from "./record";
import { ID_PATTERN } from "./reference";
import type { MailBudget } from "./mailBudget";
import type { Entry, Spool } from "./spool";
import { Refusal } from "../lib/refusal";

/** One enquiry as staff see it: from its record (or, for one stored before records, the e-mail alone). */
export interface Row {
  entry: Entry;
  record: EnquiryRecord | null;
  handled: { by: string; at: string } | null;
}

export interface InboxActionDeps {
  spool: Spool;
  log: (line: string) => void;
  /** A failed or sent enquiry was put back to be e-mailed: delivery may start. */
  resend: () => void;
  /** The hour's e-mail budget a send again counts against. */
  mailBudget: Pick<MailBudget, "sendAgain">;
}

export function inboxActions({ spool, log, resend, mailBudget }: InboxActionDeps) {
  const rowOf = (entry: Entry): Row => ({
    entry,
    record: spool.readRecord(entry.id, entry.state),
    handled: spool.handled(entry.id, entry.state),
  });
  const allRows = () =>
    (["pending", "failed", "sent"] as const)
      .flatMap((state) => spool.list(state))
      .sort((a, b) => b.receivedAt.getTime() - a.receivedAt.getTime())
      .map(rowOf);
  /** The enquiry `id`, kept on the server; a 404 Refusal when there is none (or `id` is not a reference). */
  const found = (id: string): Row => {
    const state = ID_PATTERN.test(id) ? spool.stateOf(id) : null;
    const entry = state && spool.list(state).find((candidate) => candidate.id === id);
    if (!entry) throw new Refusal(404, `no enquiry ${id.slice(0, 20)} is kept on the server`);
    return rowOf(entry);
  };

  return {
    /** Every enquiry kept, newest first. */
    list(login: string): Row[] {
      const rows = allRows();
      log(`enquiry: ${login} listed the enquiries`);
      return rows;
    },
    /** Every enquiry kept, newest first, for the spreadsheet. */
    spreadsheet(login: string): Row[] {
      const rows = allRows();
      log(`enquiry: ${login} downloaded all ${rows.length} enquiries as a spreadsheet`);
      return rows;
    },
    read(login: string, id: string): Row {
      const row = found(id);
      log(`enquiry: ${login} read ${row.entry.id}`);
      return row;
    },
    /** The enquiry's file number `index` (from 0), as sent: attached to the e-mail or kept on the server. */
    file(login: string, id: string, index: number): { name: string; content: Buffer } {
      const { entry, record } = found(id);
      const file = record?.files[index];
      if (!file) throw new Refusal(404, "no such file with this enquiry");
      // An enquiry's files were all attached, or all kept on the server, in the order sent.
      const content = file.attached ? attachmentsOf(spool.read(entry.id))[index] : spool.readDrawing(entry.id, index);
      if (!content) throw new Refusal(404, "the file is no longer kept on the server");
      log(`enquiry: ${login} downloaded file ${index + 1} of ${entry.id}`);
      return { name: file.name, content };
    },
    /** The e-mail as it was (or will be) sent. */
    email(login: string, id: string): { id: string; content: Buffer } {
      const { entry } = found(id);
      log(`enquiry: ${login} downloaded the e-mail of ${entry.id}`);
      return { id: entry.id, content: spool.read(entry.id) };
    },
    /** Marks it handled by `login` (or not handled); its reference. */
    mark(login: string, id: string, handled: boolean): string {
      const { entry } = found(id);
      spool.markHandled(entry.id, handled ? login : null);
      log(`enquiry: ${login} marked ${entry.id} ${handled ? "handled" : "not handled"}`);
      return entry.id;
    },
    /** Puts it back to be e-mailed again; its reference. */
    sendAgain(login: string, id: string): string {
      const { entry } = found(id);
      if (!mailBudget.sendAgain(entry.size)) {
        log(`enquiry: refused to e-mail ${entry.id} again for ${login}: the hour's e-mail budget is spent`);
        throw new Refusal(
          429,
          "The e-mails of the last hour have reached the server's limit (ENQUIRY_MAIL_MB_PER_HOUR): send it again in an hour, or download its e-mail here.",
        );
      }
      spool.askToSend(entry.id, entry.state);
      log(`enquiry: ${login} asked to e-mail ${entry.id} again`);
      resend();
      return entry.id;
    },
  };
}
