// The contract between the site and the server, for the estimate desk: how a sent form is
// read (src/estimate/form.ts), the answer and its words (answer.ts, say.ts, answerHtml.ts,
// problems.ts),
// and where the page keeps its desk for the service (pageData.ts); how an estimate goes
// with a request for a quote (carry.ts), what staff are shown of it (details.ts) and the
// buyer's requirements of record (recordPdf.ts). The enquiry service
// answers a form sent without JavaScript with these, as the page does as the buyer types.
export { answer, type Part } from "../estimate/answer";
export { answerHtml } from "../estimate/answerHtml";
export {
  ESTIMATE_API,
  ESTIMATE_COUNT_API,
  FIELDS,
  readPart,
  type FieldName,
  type Problems,
  type Values,
} from "../estimate/form";
export { ANSWER_ID, DESK_DATA_ID, type DeskPageData } from "../estimate/pageData";
export { PROBLEMS_ID, errorId, fieldId, problemLines, problemsHtml } from "../estimate/problems";
export { say } from "../estimate/say";
export {
  ESTIMATE_FIELD,
  FIRM_QUOTE,
  MAX_ESTIMATE_CHARS,
  NEXT_FIELD,
  RECORD,
  decodeEstimate,
  encodeEstimate,
} from "../estimate/carry";
export { detailsOf, type EstimateDetails } from "../estimate/details";
export { RECORD_MAX_BYTES, recordReference, renderRecord } from "../estimate/recordPdf";
