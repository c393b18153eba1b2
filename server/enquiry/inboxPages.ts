// The staff inbox's pages and its spreadsheet, drawn from an enquiry's record (its routes
// are inbox.ts). Every field is shown where src/enquiry/places.ts says, by today's labels;
// every page is made from escaped, visible text (server/lib/staffPage.ts).
import {
  LANGUAGES,
  isLanguage,
  ANSWER_SEPARATOR,
  FIELD_PLACES,
  FIXED_NAMES,
  placedIn,
  staffLines,
  type EnquirySettings,
} from "../../src/contract/enquiry";
import type { EstimateDetails } from "../../src/contract/estimate";
import { ago, escapeHtml, fileSize, shown, staffPage, staffTime } from "../lib/staffPage";
import type { Row } from "./inboxActions";
import { INBOX_PATH, cleanFileName } from "./message";
import type { Entry, State } from "./spool";

/** The newest enquiries a list shows at once (the spool's size bounds them anyway). */
export const LIST_LIMIT = 300;

export const DELIVERY: Record<State, string> = {
  pending: "Waiting to be e-mailed",
  sent: "E-mailed",
  failed: "Not e-mailed: the mail server refused it",
};

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

export function listPage(rows: Row[], words: EnquirySettings | null, show: "open" | "all", total: number): string {
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

export function enquiryPage(row: Row, words: EnquirySettings | null, notice: string): string {
  const { entry, record, handled } = row;
  const base = `${INBOX_PATH}${entry.id}`;
  const answer = (name: string, value: string | undefined) =>
    `<dt>${escapeHtml(name)}</dt><dd><bdi>${value ? shown(value) : "—"}</bdi></dd>`;
  // The fixed fields by today's labels; the questions by their labels when the enquiry came.
  const valueOf = (name: string) => (name === "service" ? record?.service : record?.values[name]);
  const fields = record
    ? staffLines(record.questions ?? [])
        .map((line) =>
          "fixed" in line
            ? answer(label(words, line.fixed), valueOf(line.fixed))
            : answer(line.question.label, record.values[line.question.name]?.split(ANSWER_SEPARATOR).join(", ")),
        )
        .join("\n")
    : "";
  const bodies = placedIn("body").map(
    (name) =>
      `<h2>${escapeHtml(label(words, name))}</h2>\n<div class="message"><bdi>${shown(record?.values[name] ?? "")}</bdi></div>`,
  );
  const filesLabel = placedIn("files")
    .map((name) => label(words, name))
    .join(", ");
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
${bodies.join("\n")}
<h2>${escapeHtml(filesLabel)}</h2>
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

export function csv(rows: Row[], words: EnquirySettings | null): string {
  // The fixed fields shown on a line or as a text, then the questions, then the files.
  const names = FIXED_NAMES.filter((name) => FIELD_PLACES[name] === "line" || FIELD_PLACES[name] === "body");
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
    placedIn("files")
      .map((name) => label(words, name))
      .join(", "),
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

/** A refusal or a fault on a page of the inbox, in its words. */
export const inboxProblemPage = (message: string) =>
  staffPage("Enquiries", `<h1>Enquiries</h1>\n<p class="notice problem">${escapeHtml(message)}</p>`, INBOX_PATH);
