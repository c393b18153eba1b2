// An estimate as the company keeps it with a request for a quote: every input in the
// desk's words and every line the buyer saw (checks, build-up, price, lead time), worked
// out again from the same desk and the same code from the figures the quote form carried
// (carry.ts): what staff read is never text a browser made up.
import { answer } from "./answer";
import { FIELDS, readPart, type FieldName, type Values } from "./form";
import type { DeskPageData } from "./pageData";
import { labelOf } from "./problems";
import { say, type Said } from "./say";

export interface EstimateDetails {
  /** Each figure and choice the buyer gave, by its label on the desk. */
  inputs: { label: string; value: string }[];
  /** What the desk said, in order: the checks (a problem marked "!"), the build-up, the price, the lead time. */
  lines: string[];
}

/** A choice as the desk shows it (the process's name, the standard's designation, a shape's word). */
function shown(data: DeskPageData, name: FieldName, value: string): string {
  const { words } = data.desk;
  if (name === "process") return data.processNames[value] ?? value;
  if (name === "standard") return data.standards.find((standard) => standard.slug === value)?.designation ?? value;
  if (name === "areaMode" && value in words) return words[value as keyof typeof words] as string;
  if (name === "feature") return value === "bore" ? words.bore : words.outside;
  return value;
}

/** The inputs alone, by the desk's labels (a desk that can no longer read them: the figures still count). */
export function inputsOf(data: DeskPageData, values: Values): EstimateDetails["inputs"] {
  return FIELDS.filter((name) => values[name]).map((name) => ({
    label: labelOf(data.desk.words, name),
    value: shown(data, name, values[name]!),
  }));
}

/** Every line of the answer, as one list. */
export const linesOf = (said: Said): string[] => [
  ...said.checks.map((check) => (check.level === "problem" ? `! ${check.text}` : check.text)),
  ...said.growth,
  ...said.price,
  said.leadTime,
];

/** The inputs and the answer for `values` on `data`'s desk as of `today`; the lines empty when it cannot read them. */
export function detailsOf(data: DeskPageData, values: Values, today: string): EstimateDetails {
  const { desk, standards, processNames, locale } = data;
  const inputs = inputsOf(data, values);
  const read = readPart(values, {
    processes: desk.processes.map((process) => process.service),
    standards,
    alloys: desk.alloys.map((alloy) => alloy.name),
  });
  if (!("part" in read)) return { inputs, lines: [] };
  const found = answer(desk, read.part, today);
  if (!found) return { inputs, lines: [] };
  const standard = standards.find((candidate) => candidate.slug === read.part.standard?.slug);
  const said = say(desk, found, read.part, {
    locale,
    process: processNames[read.part.service] ?? read.part.service,
    standard: standard?.designation,
  });
  return { inputs, lines: linesOf(said) };
}
