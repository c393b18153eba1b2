// An enquiry as the e-mail the company receives: plain text, every field on its own line,
// Reply-To the buyer, the files attached, and a Message-ID fixed now, so every delivery
// attempt sends the same message and the inbox can tell a repeat from a new one.
import MailComposer from "nodemailer/lib/mail-composer";
import {
  ANSWER_SEPARATOR,
  MIME_TYPES,
  formFields,
  formatOf,
  questionFields,
  DEFAULT_LANGUAGE,
  LANGUAGES,
  placedIn,
  staffLines,
  type EnquirySettings,
  type Language,
} from "../../src/contract/enquiry";
import type { EstimateDetails } from "../../src/contract/estimate";

export interface Drawing {
  fileName: string;
  content: Buffer;
}

export interface Enquiry {
  id: string;
  values: Record<string, string>;
  /** The files sent (a drawing, a specification, photos), in the order chosen. */
  files: Drawing[];
  /** The files are too large to e-mail: the message names them and says how to get them, and the spool keeps them. */
  filesKept?: boolean;
  receivedAt: Date;
  /** The language of the form the buyer used (English when not said). */
  language?: Language;
  /** The estimate desk's figures and answer, when the request came from it. */
  estimate?: EstimateDetails;
}

/** The estimate's part of the e-mail: every figure, then every line the desk said. */
export const estimateLines = (estimate: EstimateDetails): string[] => [
  "Estimate (the buyer's figures on the estimate desk, and what it told them):",
  ...estimate.inputs.map((input) => `  ${input.label}: ${input.value}`),
  ...(estimate.lines.length
    ? ["", ...estimate.lines.map((line) => `  ${line}`)]
    : ["  (The live desk could not read these figures: work it out by hand.)"]),
];

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** A file name safe as an attachment's name: no folders, no control characters, its extension kept. */
export function cleanFileName(original: string): string {
  const base = original.split(/[\\/]/).pop() ?? "";
  const cleaned = base
    .normalize("NFC")
    .replace(/[^\p{L}\p{N}._ ()-]+/gu, "_")
    .replace(/^[.\s]+/, "")
    .slice(-100);
  const format = formatOf(original);
  return cleaned && formatOf(cleaned) === format ? cleaned : `drawing.${original.split(".").pop()?.toLowerCase()}`;
}

/** Where staff read an enquiry on the site (the enquiry service's inbox behind the staff login). */
export const INBOX_PATH = "/admin/enquiries/";
export const inboxUrl = (siteUrl: string | undefined, id: string) => `${siteUrl ?? ""}${INBOX_PATH}${id}`;

const domainOf = (address: string) => address.split("@").pop() || "localhost";

/** The e-mail for `enquiry`, from `from` to `to` (the operator's address; none yet: the message names none). */
export function composeMessage(enquiry: Enquiry, settings: EnquirySettings, from: string, to: string): Promise<Buffer> {
  const { values, files } = enquiry;
  const service = settings.services.find((choice) => choice.slug === values.service)?.title ?? values.service;
  const answer = (name: string) => (name === "service" ? service : values[name]);
  // The short answers in the page's order, content's questions labelled, several answers on one line.
  const fields = staffLines(questionFields(formFields(settings.form))).map((line) =>
    "fixed" in line
      ? `${settings.labels[line.fixed]}: ${answer(line.fixed) || "-"}`
      : `${line.question.words.label}: ${(values[line.question.name] ?? "").split(ANSWER_SEPARATOR).join(", ") || "-"}`,
  );
  // The files' list under the files field's label; each long text under its own.
  const filesLabel = placedIn("files")
    .map((name) => settings.labels[name])
    .join(", ");
  const bodies = placedIn("body").flatMap((name) => ["", `${settings.labels[name]}:`, values[name] ?? ""]);
  const language = enquiry.language ?? DEFAULT_LANGUAGE;
  // Sales answer in the buyer's language: said only when it is not English.
  const languageLine =
    language === DEFAULT_LANGUAGE
      ? []
      : [`Language: ${LANGUAGES[language].inEnglish} (the buyer used the form in it: answer in it)`];
  const lines = [...languageLine, ...fields];
  const text = [
    `${settings.referenceLabel}: ${enquiry.id}`,
    "",
    ...lines,
    ...(files.length ? [`${filesLabel}: ${files.map((file) => cleanFileName(file.fileName)).join(", ")}`] : []),
    ...(files.length && enquiry.filesKept
      ? [
          `(${megabytes(files.reduce((sum, file) => sum + file.content.length, 0))} together, too large to e-mail: kept on the web server with this enquiry; download them from the enquiry's page below, or the server's operator sends them on:`,
          ...files.map(
            (file, index) =>
              `  sitectl enquiries --drawing ${enquiry.id}${index ? ` ${index + 1}` : ""} ${cleanFileName(file.fileName)}`,
          ),
          ")",
        ]
      : []),
    ...(enquiry.estimate ? ["", ...estimateLines(enquiry.estimate)] : []),
    ...bodies,
    "",
    "--",
    `In the site's enquiries (staff login): ${inboxUrl(settings.siteUrl, enquiry.id)}`,
    "",
  ].join("\n");
  const subject = settings.subject
    .replaceAll("{reference}", enquiry.id)
    .replaceAll("{service}", service)
    .replaceAll("{company}", values.company || values.name);
  const composer = new MailComposer({
    from: { name: settings.companyName, address: from },
    ...(to ? { to } : {}),
    replyTo: { name: values.name, address: values.email },
    subject,
    text,
    date: enquiry.receivedAt,
    messageId: `<${enquiry.id}.enquiry@${domainOf(from)}>`,
    headers: { "X-Enquiry-Reference": enquiry.id, "X-Enquiry-Language": language },
    attachments: enquiry.filesKept
      ? []
      : files.map((file) => ({
          filename: cleanFileName(file.fileName),
          content: file.content,
          contentType: MIME_TYPES[formatOf(file.fileName)!],
        })),
  });
  return composer.compile().build();
}

/** The envelope of a stored message: its From and To addresses (the service wrote both; To may be missing). */
export function envelopeOf(message: Buffer): { from: string; to: string[] } {
  const head = message.subarray(0, Math.max(0, message.indexOf("\r\n\r\n")) || 8192).toString("utf8");
  const header = (name: string) => {
    const match = new RegExp(`^${name}: (.*(?:\\r\\n[ \\t].*)*)`, "im").exec(head)?.[1] ?? "";
    return /<([^>]+)>/.exec(match)?.[1] ?? match.trim();
  };
  return { from: header("From"), to: [header("To")] };
}

/** A stored message's Message-ID. */
export const messageIdOf = (message: Buffer) =>
  /^Message-ID: (<[^>]+>)/im.exec(message.subarray(0, 8192).toString("utf8"))?.[1] ?? "";

/**
 * The attached files of a message this service composed (in base64, as composeMessage
 * writes them), in order; none when it has none. Not a general MIME parser: it reads
 * only the shape made above.
 */
export function attachmentsOf(message: Buffer): Buffer[] {
  const text = message.toString("latin1");
  const boundary = /^Content-Type: multipart\/mixed;\s*boundary="([^"]+)"/im.exec(text)?.[1];
  if (!boundary) return [];
  return text.split(`\r\n--${boundary}`).flatMap((part) => {
    const end = part.indexOf("\r\n\r\n");
    if (end < 0) return [];
    const head = part.slice(0, end);
    const attached =
      /^Content-Disposition: attachment/im.test(head) && /^Content-Transfer-Encoding: base64/im.test(head);
    return attached ? [Buffer.from(part.slice(end + 4).replace(/--\s*$/, ""), "base64")] : [];
  });
}
