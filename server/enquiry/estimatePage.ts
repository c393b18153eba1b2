// The estimate page answered without JavaScript: the built page (its scripts removed),
// its fields as the buyer sent them, and the answer where the page's script would have
// drawn it, from the desk the page itself carries (DESK_DATA_ID) and the same code. A
// field that cannot be read is marked on the field and listed above the answer.
import type { HTMLElement } from "node-html-parser";
import {
  ANSWER_ID,
  DESK_DATA_ID,
  FIELDS,
  PROBLEMS_ID,
  answer,
  answerHtml,
  errorId,
  fieldId,
  problemLines,
  problemsHtml,
  readPart,
  say,
  type DeskPageData,
  type Values,
} from "../../src/contract/estimate";
import { escapeHtml } from "../lib/html";

/** The most characters of one field that are read (a figure, a name from a list). */
const MAX_VALUE = 200;

/** The fields a sent form holds that the desk reads; the rest is ignored. */
export function valuesOf(fields: ReadonlyMap<string, readonly string[]>): Values {
  const values: Values = {};
  for (const name of FIELDS) {
    const value = fields.get(name)?.[0];
    if (value !== undefined) values[name] = value.slice(0, MAX_VALUE);
  }
  return values;
}

/** The desk the built page carries, or null (a page built before it carried one). */
export function deskOf(document: HTMLElement): DeskPageData | null {
  const element = document.getElementById(DESK_DATA_ID);
  if (!element) return null;
  return JSON.parse(element.textContent) as DeskPageData;
}

/** Fills `document` (the built page, scripts removed) with the values and the answer; false when nothing could be read. */
export function fillEstimate(document: HTMLElement, data: DeskPageData, values: Values, today: string): boolean {
  const form = document.querySelector("form");
  if (!form) return false;
  for (const name of FIELDS) {
    const value = values[name] ?? "";
    for (const input of form.querySelectorAll(`[name="${name}"]`)) {
      if (input.tagName === "SELECT") {
        for (const option of input.querySelectorAll("option")) {
          if (option.getAttribute("value") === value) option.setAttribute("selected", "");
          else option.removeAttribute("selected");
        }
      } else if (input.getAttribute("type") === "radio") {
        if (input.getAttribute("value") === value) input.setAttribute("checked", "");
        else input.removeAttribute("checked");
      } else input.setAttribute("value", value);
    }
  }
  const place = document.getElementById(ANSWER_ID);
  if (!place) return false;
  const { desk, standards, processNames, locale } = data;
  const read = readPart(values, {
    processes: desk.processes.map((process) => process.service),
    standards,
    alloys: desk.alloys.map((alloy) => alloy.name),
  });
  if (!("part" in read)) {
    // As the page does once the button is pressed: each problem under its field, and all
    // of them listed above the form, which takes focus. The answer keeps its waiting words.
    const lines = problemLines(read.problems, desk.words);
    for (const line of lines) {
      document.getElementById(fieldId(line.name))?.setAttribute("aria-invalid", "true");
      document.getElementById(errorId(line.name))?.set_content(escapeHtml(line.text));
    }
    const summary = document.getElementById(PROBLEMS_ID);
    if (!summary) return false;
    summary.set_content(problemsHtml(lines, desk.words.problems.summary));
    summary.setAttribute("autofocus", "");
    return true;
  }
  const found = answer(desk, read.part, today);
  if (!found) return false;
  const standard = standards.find((candidate) => candidate.slug === read.part.standard?.slug);
  const said = say(desk, found, read.part, {
    locale,
    process: processNames[read.part.service] ?? read.part.service,
    standard: standard?.designation,
  });
  place.set_content(
    answerHtml(said, {
      checks: desk.words.checksTitle,
      growth: desk.sayings.growthTitle,
      price: desk.sayings.priceTitle,
    }),
  );
  return true;
}
