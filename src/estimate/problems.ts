// The desk's problems in content's words, field by field, in the form's order: the same
// lines on the page (a summary that takes focus, each linking its field, as the quote
// form's) and in the enquiry service's reply to the form sent without JavaScript.
import type { Desk } from "./answer";
import { escape } from "./answerHtml";
import { FIELDS, type FieldName, type Problems } from "./form";

/** The summary above the form, and each field's own message. */
export const PROBLEMS_ID = "estimate-problems";
export const fieldId = (name: FieldName) => `estimate-${name}`;
export const errorId = (name: FieldName) => `${fieldId(name)}-error`;

type Words = Desk["words"];

/** A field's label in the desk's words (the shape's radio buttons are under "shape"). */
export const labelOf = (words: Words, name: FieldName): string => words[name === "areaMode" ? "shape" : name];

export interface ProblemLine {
  name: FieldName;
  /** Said under the field. */
  text: string;
  /** Said in the summary: the field's label and the problem. */
  line: string;
}

/** Each problem, in the order the form asks. */
export function problemLines(problems: Problems, words: Words): ProblemLine[] {
  return FIELDS.flatMap((name) => {
    const problem = problems[name];
    if (!problem) return [];
    const text = words.problems[problem];
    return [{ name, text, line: `${labelOf(words, name)}: ${text}` }];
  });
}

/** The summary's markup: its heading, and each problem linking its field. */
export function problemsHtml(lines: readonly ProblemLine[], summary: string): string {
  if (lines.length === 0) return "";
  const items = lines.map((line) => `<li><a href="#${fieldId(line.name)}">${escape(line.line)}</a></li>`);
  return `<h2>${escape(summary)}</h2><ul>${items.join("")}</ul>`;
}
