// A desk the estimate tests own: every figure is the tests', never the company's content.
import type { Desk } from "../../src/estimate/answer";
import { estimateSchema } from "../../src/schema/estimate";

// Each word is its name ("word problems.range" inside a group).
const wordsOf = (fields: object, prefix = ""): Record<string, unknown> =>
  Object.fromEntries(
    Object.entries(fields).map(([key, field]) => [
      key,
      "fields" in field ? wordsOf(field.fields as object, `${prefix}${key}.`) : `word ${prefix}${key}`,
    ]),
  );
const words = wordsOf(estimateSchema.fields.words.fields);

// Each saying is its name and the values put in it, so a test reads what was filled in.
const sayings = Object.fromEntries(
  Object.entries(estimateSchema.fields.sayings.fields).map(([key, field]) => [
    key,
    [key, ...(field.hint?.match(/\{\w+\}/g) ?? [])].join(" "),
  ]),
);

export function desk(): Desk {
  return {
    slug: "estimate",
    title: "Estimate",
    description: "A test desk",
    linkLabel: "Estimate",
    heading: "Estimate",
    processes: [
      {
        service: "hard",
        thickness: { from: 20, to: 100 },
        outwardShare: 0.5,
        bands: [
          { from: 20, to: 40, low: 10, high: 14 },
          { from: 40, to: 100, low: 20, high: 30 },
        ],
        masking: { low: 50, high: 80 },
        lotMinimum: 1000,
        leadTime: { days: 7, setOn: "2026-01-10" },
      },
      {
        service: "colour",
        thickness: { from: 5, to: 25 },
        outwardShare: 0.33,
        colours: ["Black"],
        seals: ["Hot water"],
        bands: [{ from: 5, to: 25, low: 2, high: 3 }],
        masking: { low: 5, high: 10 },
        lotMinimum: 100,
        leadTime: { days: 4, setOn: "2025-06-01" },
      },
    ],
    alloys: [
      { name: "6061", notes: [{ service: "hard", advice: "suits", text: "hard on 6061" }] },
      { name: "A380", notes: [{ service: "hard", advice: "unsuitable", text: "too much silicon" }] },
    ],
    plants: [
      {
        plant: "North",
        lines: [
          {
            name: "Long",
            services: ["colour"],
            tankLength: 2500,
            tankWidth: 400,
            tankDepth: 800,
            clearance: 50,
            maxMass: 40,
          },
        ],
      },
      {
        plant: "South",
        lines: [
          {
            name: "Short",
            services: ["colour", "hard"],
            tankLength: 1500,
            tankWidth: 600,
            tankDepth: 900,
            clearance: 50,
            maxMass: 80,
          },
        ],
      },
    ],
    prices: { shown: "yes", currency: "INR", validUntil: "2026-03-31" },
    firmQuoteHours: 24,
    leadTimeMaxAgeDays: 30,
    words: words as Desk["words"],
    sayings: sayings as Desk["sayings"],
  };
}

/** A round bar the tests' desk takes, as the form sends it. */
export const shaftValues = {
  process: "hard",
  thickness: "50",
  areaMode: "roundBar",
  diameter: "40",
  length: "300",
  mass: "2",
  quantity: "10",
};
