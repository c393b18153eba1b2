// The estimate form's fields and how what a buyer typed becomes a part: the same reading
// in the page (as the buyer types) and in the enquiry service (the form sent without
// JavaScript). Bounds here are sanity, not the company's figures: what the plants take is
// content (the lines), and a part larger than any line is answered, not refused.
import type { OfferedGrade, Part } from "./answer";
import type { Shape } from "./shapes";

/** Where the form goes without JavaScript: the enquiry service answers it. */
export const ESTIMATE_API = "/api/enquiry/estimate";
export const ESTIMATE_URL = `${(process.env.GATSBY_SERVER_URL ?? "").replace(/\/+$/, "")}${ESTIMATE_API}`;
/** Where the page says an estimate was given (its process, standard and language only), for the owner's report. */
export const ESTIMATE_COUNT_API = `${ESTIMATE_API}/count`;
export const ESTIMATE_COUNT_URL = `${ESTIMATE_URL}/count`;

/** The largest size, mass, count and thickness the form takes: past these a figure is a typing mistake. */
export const LIMITS = { mm: 100_000, kg: 100_000, count: 10_000_000, features: 1_000, microns: 1_000 } as const;

export const AREA_MODES = ["area", "plate", "block", "roundBar", "tube"] as const;
export type AreaMode = (typeof AREA_MODES)[number];

// The fields' names are a file of their own: the quote form's page reads them (carry.ts)
// without the reading below.
import { FIELDS, type FieldName, type Values } from "./fields";
export { FIELDS, type FieldName, type Values };

/** Why a field cannot be read: left empty, not a number, out of bounds, not a choice. */
export type Problem = "required" | "number" | "range" | "choice" | "bore";
export type Problems = Partial<Record<FieldName, Problem>>;

export interface StandardChoice {
  slug: string;
  designation: string;
  offered: readonly OfferedGrade[];
}

/** A positive number within `max`, or why not; "" when optional and left empty. */
function readNumber(raw: string | undefined, max: number, options: { whole?: boolean; zero?: boolean } = {}) {
  const text = (raw ?? "").trim().replace(",", ".");
  if (text === "") return { empty: true as const };
  const value = Number(text);
  if (!Number.isFinite(value) || (options.whole && !Number.isInteger(value))) return { problem: "number" as const };
  if (value > max || value < 0 || (!options.zero && value === 0)) return { problem: "range" as const };
  return { value };
}

/**
 * The part the values describe, or the problems, field by field. `processes` are the
 * desk's services, `standards` what the standard pages offer, `alloys` the desk's list.
 */
export function readPart(
  values: Values,
  choices: { processes: readonly string[]; standards: readonly StandardChoice[]; alloys: readonly string[] },
): { part: Part } | { problems: Problems } {
  const problems: Problems = {};
  const numbers: Partial<Record<FieldName, number>> = {};
  const need = (
    name: FieldName,
    max: number,
    options: { whole?: boolean; zero?: boolean; optional?: boolean } = {},
  ) => {
    const read = readNumber(values[name], max, options);
    if ("empty" in read) {
      if (!options.optional) problems[name] = "required";
    } else if ("problem" in read) problems[name] = read.problem;
    else numbers[name] = read.value;
  };

  const process = values.process ?? "";
  if (!process) problems.process = "required";
  else if (!choices.processes.includes(process)) problems.process = "choice";
  const standard = values.standard ? choices.standards.find((one) => one.slug === values.standard) : undefined;
  if (values.standard && !standard) problems.standard = "choice";
  if (standard && !standard.offered.some((grade) => grade.designation === values.grade)) problems.grade = "choice";
  const alloy = values.alloy || undefined;
  if (alloy && !choices.alloys.includes(alloy)) problems.alloy = "choice";

  need("thickness", LIMITS.microns);
  need("mass", LIMITS.kg);
  need("quantity", LIMITS.count, { whole: true });
  need("lots", LIMITS.count, { whole: true, optional: true });
  need("threads", LIMITS.features, { whole: true, zero: true, optional: true });
  need("bores", LIMITS.features, { whole: true, zero: true, optional: true });
  need("finished", LIMITS.mm, { optional: true });

  const mode = (values.areaMode || "area") as AreaMode;
  if (!AREA_MODES.includes(mode)) problems.areaMode = "choice";
  // The envelope: given for a known area; a shape gives its own.
  if (mode === "area" || mode === "plate" || mode === "block") {
    need("length", LIMITS.mm);
    need("width", LIMITS.mm);
    need("height", LIMITS.mm);
  }
  if (mode === "area") need("area", LIMITS.mm * LIMITS.mm);
  if (mode === "roundBar" || mode === "tube") {
    need("diameter", LIMITS.mm);
    need("length", LIMITS.mm);
  }
  if (mode === "tube") {
    need("inside", LIMITS.mm);
    if (numbers.inside !== undefined && numbers.diameter !== undefined && numbers.inside >= numbers.diameter)
      problems.inside = "bore";
  }
  const feature = values.feature === "bore" ? "bore" : "outside";
  if (Object.keys(problems).length > 0) return { problems };

  const n = numbers as Record<FieldName, number>;
  const shape: Shape | undefined =
    mode === "plate" || mode === "block"
      ? { kind: mode, length: n.length, width: n.width, height: n.height }
      : mode === "roundBar"
        ? { kind: "roundBar", diameter: n.diameter, length: n.length }
        : mode === "tube"
          ? { kind: "tube", outside: n.diameter, inside: n.inside, length: n.length }
          : undefined;
  const part: Part = {
    service: process,
    thickness: n.thickness,
    alloy,
    mass: n.mass,
    area: shape ?? n.area,
    envelope: shape ? undefined : { length: n.length, width: n.width, height: n.height },
    quantity: n.quantity,
    ...(numbers.lots !== undefined ? { lots: numbers.lots } : {}),
    masked: { threads: numbers.threads ?? 0, bores: numbers.bores ?? 0 },
    ...(standard ? { standard: { slug: standard.slug, grade: values.grade!, offered: standard.offered } } : {}),
    ...(numbers.finished !== undefined ? { finished: { diameter: numbers.finished, feature } } : {}),
  };
  return { part };
}
