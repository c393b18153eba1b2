import { date, list, object, paragraph, pdf, text, type Data } from "../../schema/fields";
import { FILE_KINDS, megabytes } from "../../schema/files";
import { eyebrow, title } from "../../schema/pieces";
import type { SectionCheck } from "../sectionCheck";

const document = object("Document", {
  title: text("Title (for example: ISO 9001:2015 certificate)"),
  file: pdf(`The file (a PDF, at most ${megabytes(FILE_KINDS.pdf.maxBytes)})`),
  issued: date("Issued on", { required: false }),
  validUntil: date("Valid until: after this day the page no longer offers it", { required: false }),
});

/** Files to download: certificates, datasheets, declarations. */
export const schema = object("Documents (certificates, datasheets: PDF downloads)", {
  eyebrow: eyebrow(),
  title: title(),
  intro: paragraph("Introduction", { required: false }),
  labels: object("Words shown before a document's dates", {
    issued: text("Before the issue date (for example: Issued)"),
    validUntil: text("Before the last valid day (for example: Valid until)"),
  }),
  documents: list("Documents", document, { min: 1 }),
});

/** A valid example, for the tests that draw and hydrate every kind of section. */
export const example: Data<typeof schema.fields> = {
  title: "Example documents",
  labels: { issued: "Issued", validUntil: "Valid until" },
  documents: [
    { title: "Example certificate", file: "documents/example.pdf", issued: "2025-04-01", validUntil: "2999-03-31" },
  ],
};

/** The section's `type` in content (GraphQL's DocumentsSection). */
export const type = "documents";

/** What a built page shows of it beyond its heading (scripts/check-build.ts runs it). */
// The built files and the build's day are the script's to read.
export const check: SectionCheck<Data<typeof schema.fields> & { anchor?: string }> = (_page, section, tools) =>
  tools.documents(section);
