// How an estimate travels from the desk to the quote form: as one hidden field
// (ESTIMATE_FIELD) holding the buyer's figures only, never the answer, which the enquiry
// service works out again from the live desk (details.ts). The quote form's page reads
// this file alone, not the desk's arithmetic.
import { ESTIMATE_FIELD, MAX_ESTIMATE_CHARS } from "../enquiry/pages";
import { FIELDS, type Values } from "./fields";

/** The desk's firm-quote button (name and value): the enquiry service answers it with the quote form. */
export const NEXT_FIELD = "next";
export const FIRM_QUOTE = "quote";
/** The desk's button that downloads the requirements of record (the same field, another value). */
export const RECORD = "record";

// The quote form's hidden field that carries the desk's figures, and its most characters.
export { ESTIMATE_FIELD, MAX_ESTIMATE_CHARS };
/** The most characters of one figure or choice read from it. */
const MAX_VALUE = 200;

/** The figures as one field's text ("process=hard&thickness=50"), the empty ones left out. */
export function encodeEstimate(values: Values): string {
  const query = new URLSearchParams();
  for (const name of FIELDS) if (values[name]) query.set(name, values[name]!);
  return query.toString();
}

/** The figures in such a text; anything not a field of the desk is ignored. */
export function decodeEstimate(text: string): Values {
  const query = new URLSearchParams(text.slice(0, MAX_ESTIMATE_CHARS));
  const values: Values = {};
  for (const name of FIELDS) {
    const value = query.get(name);
    if (value) values[name] = value.slice(0, MAX_VALUE);
  }
  return values;
}

/** The quote form's address carrying the estimate: its process chosen, its figures in the hidden field. */
export const quoteHref = (formPath: string, values: Values) =>
  `${formPath}?service=${encodeURIComponent(values.process ?? "")}&${ESTIMATE_FIELD}=${encodeURIComponent(encodeEstimate(values))}`;
