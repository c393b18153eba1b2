// The answer as HTML: the one markup the page draws as the buyer types (EstimateDesk) and
// the enquiry service returns for a form sent without JavaScript. Every text is escaped.
import type { Said } from "./say";

export interface AnswerTitles {
  checks: string;
  growth: string;
  price: string;
}

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
export const escape = (text: string) => text.replace(/[&<>"']/g, (character) => ESCAPES[character]);

const list = (items: readonly string[], attributes: (index: number) => string = () => "") =>
  `<ul>${items.map((item, index) => `<li${attributes(index)}>${escape(item)}</li>`).join("")}</ul>`;

/** The answer's place before the part is described in full. */
export const waitingHtml = (waiting: string) => `<p>${escape(waiting)}</p>`;

/** The checks, the build-up and the price (each under its heading), the lead time and the firm-quote promise. */
export function answerHtml(said: Said, titles: AnswerTitles): string {
  const parts = [
    `<h3>${escape(titles.checks)}</h3>`,
    list(
      said.checks.map((check) => check.text),
      (index) => ` data-level="${said.checks[index].level}"`,
    ),
  ];
  if (said.growth.length) parts.push(`<h3>${escape(titles.growth)}</h3>`, list(said.growth));
  if (said.price.length) parts.push(`<h3>${escape(titles.price)}</h3>`, list(said.price));
  parts.push(`<p>${escape(said.leadTime)}</p>`, `<p>${escape(said.firmQuote)}</p>`);
  return parts.join("");
}
