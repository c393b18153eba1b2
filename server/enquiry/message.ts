// An enquiry as the e-mail the company receives: plain text, every field on its own line,
// Reply-To the buyer, the drawing attached, and a Message-ID fixed now, so every delivery
// attempt sends the same message and the inbox can tell a repeat from a new one.
import MailComposer from "nodemailer/lib/mail-composer";
import { FIELDS, MIME_TYPES, formatOf } from "../../src/enquiry/rules";
import type { EnquirySettings } from "../../src/enquiry/pages";

export interface Drawing {
  fileName: string;
  content: Buffer;
}

export interface Enquiry {
  id: string;
  values: Record<string, string>;
  drawing: Drawing | null;
  receivedAt: Date;
}

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

const domainOf = (address: string) => address.split("@").pop() || "localhost";

export function composeMessage(enquiry: Enquiry, settings: EnquirySettings, from: string): Promise<Buffer> {
  const { values, drawing } = enquiry;
  const service = settings.services.find((choice) => choice.slug === values.service)?.title ?? values.service;
  const lines = FIELDS.filter((rule) => rule.name !== "message" && rule.name !== "consent").map(
    (rule) => `${settings.labels[rule.name]}: ${rule.name === "service" ? service : values[rule.name] || "-"}`,
  );
  const text = [
    `${settings.referenceLabel}: ${enquiry.id}`,
    "",
    ...lines,
    ...(drawing ? [`${settings.labels.drawing}: ${cleanFileName(drawing.fileName)}`] : []),
    "",
    `${settings.labels.message}:`,
    values.message,
    "",
  ].join("\n");
  const subject = settings.subject
    .replaceAll("{reference}", enquiry.id)
    .replaceAll("{service}", service)
    .replaceAll("{company}", values.company || values.name);
  const composer = new MailComposer({
    from: { name: settings.companyName, address: from },
    to: settings.to,
    replyTo: { name: values.name, address: values.email },
    subject,
    text,
    date: enquiry.receivedAt,
    messageId: `<${enquiry.id}.enquiry@${domainOf(from)}>`,
    headers: { "X-Enquiry-Reference": enquiry.id },
    attachments: drawing
      ? [
          {
            filename: cleanFileName(drawing.fileName),
            content: drawing.content,
            contentType: MIME_TYPES[formatOf(drawing.fileName)!],
          },
        ]
      : [],
  });
  return composer.compile().build();
}

/** The envelope of a stored message: its From and To addresses (the service wrote both). */
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
