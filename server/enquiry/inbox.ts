// The staff's enquiries at /admin/enquiries/: the list (newest first), one enquiry in full
// with its file, "mark as handled", "send again by e-mail" and a spreadsheet (CSV). Served
// by the enquiry service itself, which alone may read its spool: nginx asks the login check
// (server/login/) first and passes the login with a secret only nginx and this service
// know (ENQUIRY_STAFF_SECRET; server/lib/staffLogin.ts), so neither the editor's user nor
// any other process on the machine can read enquiries by calling this service directly.
// These are its routes; its pages are inboxPages.ts's, its work inboxActions.ts's (every
// read is logged with the login).
import type { FastifyInstance, FastifyReply } from "fastify";
import { MIME_TYPES, formatOf, type EnquirySettings } from "../../src/contract/enquiry";
import type { StaffGate } from "../lib/staffLogin";
import { headersOf } from "./http";
import { attachmentHeader } from "../lib/staffPage";
import { inboxActions } from "./inboxActions";
import { csv, enquiryPage, listPage } from "./inboxPages";
import type { MailBudget } from "./mailBudget";
import { INBOX_PATH, cleanFileName } from "./message";
import type { Spool } from "./spool";

export interface InboxDeps {
  spool: Spool;
  /** The live release's words (field labels, services), or null when none is published. */
  words: () => EnquirySettings | null;
  /** The login nginx checked (with ENQUIRY_STAFF_SECRET). */
  gate: StaffGate;
  log: (line: string) => void;
  /** A failed or sent enquiry was put back to be e-mailed. */
  resend: () => void;
  /** The hour's e-mail budget a send again counts against. */
  mailBudget: Pick<MailBudget, "sendAgain">;
}

type Inbox = ReturnType<typeof inboxActions>;
type Words = () => EnquirySettings | null;
type Id = { Params: { id: string } };

const NOTICES: Record<string, string> = {
  handled: "Marked as handled.",
  "not-handled": "Marked as not handled.",
  send: "It will be e-mailed again within a few seconds.",
};

const html = (reply: FastifyReply, status: number, body: string) =>
  reply.code(status).type("text/html; charset=utf-8").header("Cache-Control", "private, no-store").send(body);

const download = (reply: FastifyReply, name: string, type: string, body: Buffer | string) =>
  reply
    .code(200)
    .type(type)
    .header("Content-Disposition", attachmentHeader(name))
    .header("X-Content-Type-Options", "nosniff")
    .header("Content-Security-Policy", "sandbox; default-src 'none'")
    .header("Cache-Control", "private, no-store")
    .send(body);

const after = (reply: FastifyReply, id: string, done: string) =>
  reply.code(303).header("Location", `${INBOX_PATH}${id}?done=${done}`).header("Cache-Control", "no-store").send();

export function registerInbox(app: FastifyInstance, { spool, words, gate, log, resend, mailBudget }: InboxDeps): void {
  // Buttons post empty forms; nothing else is read from their bodies.
  app.addContentTypeParser(
    "application/x-www-form-urlencoded",
    { parseAs: "string", bodyLimit: 1024 },
    (_r, _b, done) => done(null, {}),
  );
  const inbox = inboxActions({ spool, log, resend, mailBudget });
  // The words of the live release, or none while it cannot be read: the pages still open.
  const wordsNow = () => {
    try {
      return words();
    } catch {
      return null;
    }
  };
  registerPages(app, inbox, gate, wordsNow);
  registerDownloads(app, inbox, gate);
  registerButtons(app, inbox, gate);
}

/** The list, the spreadsheet and one enquiry's page. */
function registerPages(app: FastifyInstance, inbox: Inbox, gate: StaffGate, words: Words) {
  app.get<{ Querystring: { show?: string } }>(INBOX_PATH, async (request, reply) => {
    const rows = inbox.list(gate.login(headersOf(request)));
    return html(reply, 200, listPage(rows, words(), request.query.show === "all" ? "all" : "open", rows.length));
  });

  app.get(`${INBOX_PATH}enquiries.csv`, async (request, reply) => {
    const rows = inbox.spreadsheet(gate.login(headersOf(request)));
    const day = new Date().toISOString().slice(0, 10);
    return download(reply, `enquiries-${day}.csv`, "text/csv; charset=utf-8", csv(rows, words()));
  });

  app.get<Id & { Querystring: { done?: string } }>(`${INBOX_PATH}:id`, async (request, reply) => {
    const row = inbox.read(gate.login(headersOf(request)), request.params.id);
    return html(reply, 200, enquiryPage(row, words(), NOTICES[request.query.done ?? ""] ?? ""));
  });
}

/** An enquiry's files and its e-mail as sent. */
function registerDownloads(app: FastifyInstance, inbox: Inbox, gate: StaffGate) {
  app.get<{ Params: { id: string; index: string } }>(`${INBOX_PATH}:id/file/:index`, async (request, reply) => {
    const login = gate.login(headersOf(request));
    const index = /^\d{1,2}$/.test(request.params.index) ? Number(request.params.index) : -1;
    const file = inbox.file(login, request.params.id, index);
    const format = formatOf(file.name);
    const type = format ? MIME_TYPES[format] : "application/octet-stream";
    return download(reply, cleanFileName(file.name), type, file.content);
  });

  app.get<Id>(`${INBOX_PATH}:id/email.eml`, async (request, reply) => {
    const email = inbox.email(gate.login(headersOf(request)), request.params.id);
    return download(reply, `enquiry-${email.id}.eml`, "message/rfc822", email.content);
  });
}

/** The buttons: handled, not handled, send again (from the staff's own pages only). */
function registerButtons(app: FastifyInstance, inbox: Inbox, gate: StaffGate) {
  app.post<Id>(`${INBOX_PATH}:id/handled`, async (request, reply) =>
    after(reply, inbox.mark(gate.change(headersOf(request)), request.params.id, true), "handled"),
  );
  app.post<Id>(`${INBOX_PATH}:id/not-handled`, async (request, reply) =>
    after(reply, inbox.mark(gate.change(headersOf(request)), request.params.id, false), "not-handled"),
  );
  app.post<Id>(`${INBOX_PATH}:id/send`, async (request, reply) =>
    after(reply, inbox.sendAgain(gate.change(headersOf(request)), request.params.id), "send"),
  );
}
