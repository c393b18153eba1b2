// The requirements of record: what a buyer described on the estimate desk and what the
// desk told them, as a tagged PDF for their files, in their language, drawn with the
// capability statement's own writer. The enquiry service makes it on request from the
// live desk (details.ts) and keeps nothing: its reference is a digest of the figures and
// the day, so the same part on the same day has the same reference.
import { createHash } from "node:crypto";
import { Writer } from "../build/companyPdfs/render";
import type { Desk } from "./answer";
import { encodeEstimate } from "./carry";
import type { EstimateDetails } from "./details";
import type { Values } from "./form";

/** The most bytes the document may have (a buyer's files, an e-mail). */
export const RECORD_MAX_BYTES = 300 * 1024;

export interface RecordFacts {
  companyName: string;
  /** The published address. */
  website: string;
  /** The desk's language ("en"). */
  language: string;
  /** "YYYY-MM-DD". */
  day: string;
}

/** "E-3F9A21C4": the figures' and the day's digest. */
export const recordReference = (values: Values, day: string) =>
  `E-${createHash("sha256")
    .update(`${day}\n${encodeEstimate(values)}`)
    .digest("hex")
    .slice(0, 8)
    .toUpperCase()}`;

export async function renderRecord(
  details: EstimateDetails,
  words: Desk["words"],
  facts: RecordFacts & { reference: string },
): Promise<Buffer> {
  const title = `${facts.companyName}: ${words.recordTitle}`;
  const writer = new Writer(title, facts.companyName, facts.language, { issued: facts.day, version: facts.reference });
  writer.heading(1, title);
  writer.labelled(words.recordReference, facts.reference);
  writer.labelled(words.recordDate, facts.day);
  writer.heading(2, words.recordFigures);
  for (const input of details.inputs) writer.labelled(input.label, input.value);
  writer.heading(2, words.answerTitle);
  writer.list(details.lines);
  return writer.finish((page, pages) =>
    [facts.companyName, facts.website, `${words.recordDate} ${facts.day}`, facts.reference, `${page}/${pages}`].join(
      "  ·  ",
    ),
  );
}
