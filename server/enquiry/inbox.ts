// The staff's enquiries at /admin/enquiries/: the list (newest first), one enquiry in full
// with its file, "mark as handled", "send again by e-mail" and a spreadsheet (CSV). Served
// by the enquiry service itself, which alone may read its spool: nginx asks the login check
// (server/login/) first and passes the login with a secret only nginx and this service
// know (ENQUIRY_STAFF_SECRET; server/lib/staffLogin.ts), so neither the editor's user nor
// any other process on the machine can read enquiries by calling this service directly.
// Every page is made on the server from escaped, visible text (server/lib/staffPage.ts);
// every read is logged with the login.
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import {
  LANGUAGES,
  isLanguage,
  ANSWER_SEPARATOR,
  BEFORE_QUESTIONS,
  MIME_TYPES,
  formatOf,
  type EnquirySettings,
} from "../../src/contract/enquiry";
import type { EstimateDetails } from "../../src/contract/estimate";
import { crossSite } from "../lib/crossSite";
import { Refusal } from "../lib/refusal";
import { staffLoginFrom } from "../lib/staffLogin";
import { ago, attachmentHeader, escapeHtml, fileSize, shown, staffPage, staffTime } from "../lib/staffPage";
import { inboxActions, type Row } from "./inboxActions";
import type { MailBudget } from "./mailBudget";
import { INBOX_PATH, cleanFileName } from "./message";
import type { Entry, Spool, State } from "./spool";

/** The newest enquiries a list shows at once (the spool's size bounds them anyway). */
export const LIST_LIMIT = 300;

export interface InboxDeps {
  spool: Spool;
  /** The live release's words (field labels, services), or null when none is published. */
  words: () => EnquirySettings | null;
  /** The secret nginx sends with the login (ENQUIRY_STAFF_SECRET). */
  secret: string;
  log: (line: string) => void;
  /** A failed or sent enquiry was put back to be e-mailed. */
  resend: () => void;
  /** The hour's e-mail budget a send again counts against. */
  mailBudget: Pick<MailBudget, "sendAgain">;
}

const DELIVERY: Record<State, string> = {
  pending: "Waiting to be e-mailed",
  sent: "E-mailed",
  failed: "Not e-mailed: the mail server refused it",
};

/** The login nginx checked, from its headers; a Refusal when they are not nginx's. */
function staffLogin(request: FastifyRequest, secret: string): string {
  const login = staffLoginFrom((name) => {
    const value = request.headers[name];
    return typeof value === "string" ? value : undefined;
  }, secret);
  if (!login) throw new Refusal(401, "staff login required (through the site's /admin/)");
  return login;
}

const label = (words: EnquirySettings | null, name: string) => words?.labels[name] ?? name;

function deliveryCell(entry: Entry): string {
  const words = DELIVERY[entry.state];
  const reason = entry.state === "failed" && entry.attempts.lastError ? `: ${shown(entry.attempts.lastError)}` : "";
  return `<span class="state-${entry.state}">${words}</span>${reason}`;
}

function handledCell(handled: Row["handled"]): string {
  return handled
    ? `<span class="done">Handled</span> by ${shown(handled.by)}, ${staffTime(handled.at)}`
    : "Not yet handled";
}

/** The language of the form the buyer used, as sales read it ("German"); English before forms had one. */
const languageOf = (record: { language?: string } | undefined) =>
  record?.language && isLanguage(record.language) ? LANGUAGES[record.language].inEnglish : "English";

function listPage(rows: Row[], words: EnquirySettings | null, show: "open" | "all", total: number): string {
  const open = rows.filter((row) => !row.handled).length;
  const shownRows = (show === "open" ? rows.filter((row) => !row.handled) : rows).slice(0, LIST_LIMIT);
  const cells = shownRows
    .map(({ entry, record, handled }) => {
      const who = record ? record.values.company || record.values.name : "";
      return `<tr>
  <td data-label="Reference"><a href="${INBOX_PATH}${entry.id}">${entry.id}</a></td>
  <td data-label="Received">${staffTime(entry.receivedAt)}</td>
  <td data-label="${escapeHtml(label(words, "company"))}"><bdi>${record ? shown(who) : '<span class="note">(kept before the inbox: open it)</span>'}</bdi></td>
  <td data-label="${escapeHtml(label(words, "service"))}"><bdi>${record ? shown(record.service) : ""}</bdi></td>
  <td data-label="Page they were on"><bdi>${record?.page ? shown(record.page) : '<span class="note">not known</span>'}</bdi></td>
  <td data-label="Language">${record ? languageOf(record) : ""}</td>
  <td data-label="E-mail">${deliveryCell(entry)}</td>
  <td data-label="Handled">${handledCell(handled)}</td>
</tr>`;
    })
    .join("\n");
  const filter =
    show === "open"
      ? `Showing the ${open} not yet handled. <a href="${INBOX_PATH}?show=all">Show all ${total}</a>`
      : `Showing all ${total}. <a href="${INBOX_PATH}">Show only the ${open} not yet handled</a>`;
  const table = shownRows.length
    ? `<table class="wide">
<thead><tr><th>Reference</th><th>Received</th><th>${escapeHtml(label(words, "company"))}</th><th>${escapeHtml(label(words, "service"))}</th><th>Page they were on</th><th>Language</th><th>E-mail</th><th>Handled</th></tr></thead>
<tbody>
${cells}
</tbody>
</table>`
    : `<p>${show === "open" ? "Every enquiry is handled." : "No enquiries are kept on the server."}</p>`;
  return staffPage(
    "Enquiries",
    `<h1>Enquiries</h1>
<p>${filter}. Newest first.${shownRows.length === LIST_LIMIT ? ` Only the newest ${LIST_LIMIT} are listed; the spreadsheet has them all.` : ""}</p>
<p><a href="${INBOX_PATH}enquiries.csv" download>Download all as a spreadsheet (CSV)</a></p>
${table}
<p class="note">Enquiries e-mailed and handled are deleted ${words ? `${words.retentionDays} days` : "some time"} after, as the privacy notice says; one nobody has handled and that could not be e-mailed is never deleted.</p>`,
    INBOX_PATH,
  );
}

/** The estimate desk's figures and what it told the buyer, when the request came from it. */
function estimateSection(estimate: EstimateDetails): string {
  const inputs = estimate.inputs.map(
    (input) => `<dt><bdi>${shown(input.label)}</bdi></dt><dd><bdi>${shown(input.value)}</bdi></dd>`,
  );
  const lines = estimate.lines.map((line) => `<li><bdi>${shown(line)}</bdi></li>`);
  return `<h2>Estimate</h2>
<p>The buyer's figures on the estimate desk, and what it told them (worked out again when the request came):</p>
<dl>
${inputs.join("\n")}
</dl>
${lines.length ? `<ul>${lines.join("\n")}</ul>` : "<p>The live desk could not read these figures: work it out by hand.</p>"}`;
}

function enquiryPage(row: Row, words: EnquirySettings | null, notice: string): string {
  const { entry, record, handled } = row;
  const base = `${INBOX_PATH}${entry.id}`;
  const answer = (name: string, value: string | undefined) =>
    `<dt>${escapeHtml(name)}</dt><dd><bdi>${value ? shown(value) : "—"}</bdi></dd>`;
  // The fixed fields by today's labels; the questions by their labels when the enquiry came.
  const fields = record
    ? [
        ...BEFORE_QUESTIONS.map((name) =>
          answer(label(words, name), name === "service" ? record.service : record.values[name]),
        ),
        ...(record.questions ?? []).map((question) =>
          answer(question.label, record.values[question.name]?.split(ANSWER_SEPARATOR).join(", ")),
        ),
      ].join("\n")
    : "";
  const files = (record?.files ?? []).map(
    (file, index) =>
      `<li><a href="${base}/file/${index}" download>Download <bdi>${shown(cleanFileName(file.name))}</bdi></a> (${fileSize(file.bytes)}${file.attached ? ", also attached to the e-mail" : ", too large to e-mail: kept here only"}). As sent: <bdi>${shown(file.name)}</bdi></li>`,
  );
  const resend =
    entry.state === "pending"
      ? `<p class="note">It is being e-mailed; nothing to do.</p>`
      : `<form method="post" action="${base}/send"><button type="submit" class="secondary">Send again by e-mail</button></form>`;
  const handle = handled
    ? `<form method="post" action="${base}/not-handled"><button type="submit" class="secondary">Mark as not handled</button></form>`
    : `<form method="post" action="${base}/handled"><button type="submit">Mark as handled</button></form>`;
  return staffPage(
    `Enquiry ${entry.id}`,
    `<h1>Enquiry ${entry.id}</h1>
${notice ? `<p class="notice" role="status">${escapeHtml(notice)}</p>` : ""}
<p>Received ${staffTime(entry.receivedAt)} (${ago(entry.receivedAt)}). ${deliveryCell(entry)}. ${handledCell(handled)}.</p>
<div class="actions">${handle}${resend}</div>
${
  record
    ? `<dl>
<dt>Page they were on</dt><dd><bdi>${record.page ? shown(record.page) : "not known"}</bdi></dd>
<dt>Language</dt><dd>${languageOf(record)}${record.language && record.language !== "en" ? " (answer in it)" : ""}</dd>
${fields}
</dl>
${record.estimate ? estimateSection(record.estimate) : ""}
<h2>${escapeHtml(label(words, "message"))}</h2>
<div class="message"><bdi>${shown(record.values.message ?? "")}</bdi></div>
<h2>${escapeHtml(label(words, "drawing"))}</h2>
${files.length ? `<ul>${files.join("\n")}</ul>` : "<p>None sent.</p>"}`
    : `<p>This enquiry came before the site kept enquiries as data: download the e-mail to read it.</p>`
}
<p><a href="${base}/email.eml" download>Download the e-mail as it was sent (.eml)</a> · <a href="${INBOX_PATH}">All enquiries</a></p>`,
    INBOX_PATH,
  );
}

/** One spreadsheet cell: quoted, and never read as a formula by a spreadsheet program. */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
}

function csv(rows: Row[], words: EnquirySettings | null): string {
  const names = [...BEFORE_QUESTIONS, "message"];
  // A column for every question any enquiry answered, by its label, in the order first met.
  const questions = [...new Set(rows.flatMap(({ record }) => (record?.questions ?? []).map((q) => q.label)))];
  const head = [
    "Reference",
    "Received",
    "E-mail",
    "Handled by",
    "Handled at",
    "Page they were on",
    "Language",
    ...names.map((name) => label(words, name)),
    ...questions,
    label(words, "drawing"),
  ];
  const lines = rows.map(({ entry, record, handled }) => [
    entry.id,
    entry.receivedAt.toISOString(),
    DELIVERY[entry.state],
    handled?.by ?? "",
    handled?.at ?? "",
    record?.page ?? "",
    record ? languageOf(record) : "",
    ...names.map((name) => (name === "service" ? (record?.service ?? "") : (record?.values[name] ?? ""))),
    ...questions.map((question) => {
      const name = record?.questions?.find((q) => q.label === question)?.name;
      return name ? (record?.values[name] ?? "").split(ANSWER_SEPARATOR).join("; ") : "";
    }),
    (record?.files ?? []).map((file) => file.name).join("; "),
  ]);
  // A byte-order mark: spreadsheet programs then read the file as UTF-8.
  return `\ufeff${[head, ...lines].map((line) => line.map(csvCell).join(",")).join("\r\n")}\r\n`;
}

const download = (reply: FastifyReply, name: string, type: string, body: Buffer | string) =>
  reply
    .code(200)
    .type(type)
    .header("Content-Disposition", attachmentHeader(name))
    .header("X-Content-Type-Options", "nosniff")
    .header("Content-Security-Policy", "sandbox; default-src 'none'")
    .header("Cache-Control", "private, no-store")
    .send(body);

export function registerInbox(
  app: FastifyInstance,
  { spool, words, secret, log, resend, mailBudget }: InboxDeps,
): void {
  // Buttons post empty forms; nothing else is read from their bodies.
  app.addContentTypeParser(
    "application/x-www-form-urlencoded",
    { parseAs: "string", bodyLimit: 1024 },
    (_r, _b, done) => done(null, {}),
  );
  const inbox = inboxActions({ spool, log, resend, mailBudget });

  const html = (reply: FastifyReply, status: number, body: string) =>
    reply.code(status).type("text/html; charset=utf-8").header("Cache-Control", "private, no-store").send(body);
  /** A button's post: from the staff's own page only; the login nginx checked. */
  const poster = (request: FastifyRequest) => {
    const login = staffLogin(request, secret);
    const refused = crossSite((name) => request.headers[name] as string | undefined);
    if (refused) throw new Refusal(403, `cross-site request refused (${refused})`);
    return login;
  };
  const wordsNow = () => {
    try {
      return words();
    } catch {
      return null;
    }
  };
  const after = (reply: FastifyReply, id: string, done: string) =>
    reply.code(303).header("Location", `${INBOX_PATH}${id}?done=${done}`).header("Cache-Control", "no-store").send();
  const NOTICES: Record<string, string> = {
    handled: "Marked as handled.",
    "not-handled": "Marked as not handled.",
    send: "It will be e-mailed again within a few seconds.",
  };

  app.get<{ Querystring: { show?: string } }>(INBOX_PATH, async (request, reply) => {
    const rows = inbox.list(staffLogin(request, secret));
    return html(reply, 200, listPage(rows, wordsNow(), request.query.show === "all" ? "all" : "open", rows.length));
  });

  app.get(`${INBOX_PATH}enquiries.csv`, async (request, reply) => {
    const rows = inbox.spreadsheet(staffLogin(request, secret));
    const day = new Date().toISOString().slice(0, 10);
    return download(reply, `enquiries-${day}.csv`, "text/csv; charset=utf-8", csv(rows, wordsNow()));
  });

  app.get<{ Params: { id: string }; Querystring: { done?: string } }>(`${INBOX_PATH}:id`, async (request, reply) => {
    const row = inbox.read(staffLogin(request, secret), request.params.id);
    return html(reply, 200, enquiryPage(row, wordsNow(), NOTICES[request.query.done ?? ""] ?? ""));
  });

  app.get<{ Params: { id: string; index: string } }>(`${INBOX_PATH}:id/file/:index`, async (request, reply) => {
    const login = staffLogin(request, secret);
    const index = /^\d{1,2}$/.test(request.params.index) ? Number(request.params.index) : -1;
    const file = inbox.file(login, request.params.id, index);
    const format = formatOf(file.name);
    return download(
      reply,
      cleanFileName(file.name),
      format ? MIME_TYPES[format] : "application/octet-stream",
      file.content,
    );
  });

  app.get<{ Params: { id: string } }>(`${INBOX_PATH}:id/email.eml`, async (request, reply) => {
    const email = inbox.email(staffLogin(request, secret), request.params.id);
    return download(reply, `enquiry-${email.id}.eml`, "message/rfc822", email.content);
  });

  app.post<{ Params: { id: string } }>(`${INBOX_PATH}:id/handled`, async (request, reply) =>
    after(reply, inbox.mark(poster(request), request.params.id, true), "handled"),
  );

  app.post<{ Params: { id: string } }>(`${INBOX_PATH}:id/not-handled`, async (request, reply) =>
    after(reply, inbox.mark(poster(request), request.params.id, false), "not-handled"),
  );

  app.post<{ Params: { id: string } }>(`${INBOX_PATH}:id/send`, async (request, reply) =>
    after(reply, inbox.sendAgain(poster(request), request.params.id), "send"),
  );
}
