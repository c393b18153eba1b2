// The estimate desk without JavaScript, as plain work: what a sent form is answered with
// (the quote form carrying the figures, the requirements of record, or the desk's page
// with its answer), from the live desk. The route (estimateRoutes.ts) only reads the
// request and sends what this returns.
import { FIRM_QUOTE, NEXT_FIELD, RECORD } from "../../src/contract/estimate";
import type { Language } from "../../src/contract/enquiry";
import { valuesOf } from "./estimatePage";
import type { LiveSite } from "./site";

export type EstimateReply =
  | { kind: "page"; status: 200 | 404; body: string }
  | { kind: "pdf"; reference: string; pdf: Buffer };

/** A part a buyer described in full on the desk: what the owner's report counts. */
export type Counted = (process: string, standard: string, language: Language) => void;

/**
 * The answer to the desk's form `fields`, sent from a page in `language` on `today`. A
 * described part is counted once, whichever button was pressed.
 */
export async function answerEstimate(
  site: LiveSite,
  fields: ReadonlyMap<string, readonly string[]>,
  language: Language,
  today: string,
  count: Counted,
): Promise<EstimateReply> {
  const values = valuesOf(fields);
  const part = site.estimatePart(values, language);
  if (part) count(part.service, part.standard?.slug ?? "", language);
  const next = fields.get(NEXT_FIELD)?.[0];
  // The firm-quote button: the quote form with the figures, once they describe a part.
  const quote = next === FIRM_QUOTE ? site.quoteWithEstimate(values, language) : null;
  if (quote) return { kind: "page", status: 200, body: quote };
  // The requirements of record: the PDF, made now and kept nowhere.
  const record = next === RECORD ? await site.estimateRecord(values, language, today) : null;
  if (record) return { kind: "pdf", ...record };
  const page = site.estimate(values, language, today);
  return page ? { kind: "page", status: 200, body: page } : { kind: "page", status: 404, body: site.notFound() };
}
