// The desk's whole answer for one part: the checks (each with the content it comes from),
// the build-up, the tanks it fits, the price band and the lead time. Plain data in and
// out, no words: the page and the enquiry service put content's words to the answer, so
// both say the same from the same code.
import type { Data } from "../schema/fields";
import type { estimateSchema } from "../schema/estimate";
import { dayOf } from "../schema/validate";
import { buildUp, machineTo, type BuildUp } from "./growth";
import { priceBand, type PriceBand } from "./price";
import { envelopeOf, surfaceArea, type Envelope, type Shape } from "./shapes";
import { fitsOf, type Fit } from "./tanks";

export type Desk = Data<(typeof estimateSchema)["fields"]>;
export type DeskProcess = Desk["processes"][number];

/** A type or class a standard page offers, with the figures the desk checks against. */
export interface OfferedGrade {
  designation: string;
  /** The service page that applies it; any of the standard's services when left out. */
  service?: string;
  thickness?: { from: number; to: number };
}

export interface Part {
  service: string;
  /** The standard's page address and the type and class chosen, when the drawing names one. */
  standard?: { slug: string; grade: string; offered: readonly OfferedGrade[] };
  /** µm. */
  thickness: number;
  alloy?: string;
  /** The part's size, mm; left out when a shape gives it. */
  envelope?: Envelope;
  /** kg. */
  mass: number;
  /** dm², as the buyer knows it, or a shape to work it out from. */
  area: number | Shape;
  quantity: number;
  /** Lots a year, when the buyer says (the estimator's, not the price band's). */
  lots?: number;
  masked: { threads: number; bores: number };
  /** A size the drawing holds after finishing, mm. */
  finished?: { diameter: number; feature: "outside" | "bore" };
}

/** One thing the desk found, by what it is (the page says it in content's words). */
export type Check =
  | { kind: "grade"; fits: boolean; grade: OfferedGrade | undefined; offered: readonly OfferedGrade[] }
  | { kind: "thickness"; fits: boolean; range: { from: number; to: number }; source: "standard" | "process" }
  | { kind: "alloy"; advice: "suits" | "caution" | "unsuitable"; text: string }
  | { kind: "tanks"; fits: boolean; largest: [number, number, number] | undefined };

export interface Answer {
  process: DeskProcess;
  /** dm², and whether the desk worked it out from a shape. */
  area: number;
  areaFromShape: boolean;
  envelope: Envelope;
  checks: Check[];
  /** For a process that grows out of the surface; with the size to machine to when given. */
  growth?: BuildUp & { machineTo?: number };
  fits: Fit[];
  /** Null when prices are off or past their day, or no band holds the thickness. */
  price: (PriceBand & { currency: string; validUntil: string }) | null;
  /** Undefined when the figure is older than content lets it be shown. */
  leadTime?: { days: number; setOn: string };
}

const DAY_MS = 86_400_000;
/** A day of valid content ("YYYY-MM-DD", or the Date YAML reads it as). */
const dayString = (value: unknown) => dayOf(value) ?? String(value);

/** The grade chosen, the thickness range that holds for it, and which content said so. */
function thicknessRange(process: DeskProcess, part: Part) {
  const grade = part.standard?.offered.find((offered) => offered.designation === part.standard?.grade);
  if (grade?.thickness) return { grade, range: grade.thickness, source: "standard" as const };
  return { grade, range: process.thickness, source: "process" as const };
}

/** The answer for `part`, or null when the desk has no such process. `today` is "YYYY-MM-DD". */
export function answer(desk: Desk, part: Part, today: string): Answer | null {
  const process = desk.processes.find((candidate) => candidate.service === part.service);
  if (!process) return null;
  const areaFromShape = typeof part.area !== "number";
  const area = typeof part.area === "number" ? part.area : surfaceArea(part.area);
  const envelope = part.envelope ?? envelopeOf(part.area as Shape);
  const checks: Check[] = [];

  const { grade, range, source } = thicknessRange(process, part);
  if (part.standard) {
    const fitsProcess = !grade?.service || grade.service === part.service;
    checks.push({ kind: "grade", fits: Boolean(grade) && fitsProcess, grade, offered: part.standard.offered });
  }
  const inRange = part.thickness >= range.from && part.thickness <= range.to;
  checks.push({ kind: "thickness", fits: inRange, range, source });

  const note = desk.alloys
    .find((alloy) => alloy.name === part.alloy)
    ?.notes?.find((candidate) => candidate.service === part.service);
  if (note) checks.push({ kind: "alloy", advice: note.advice, text: note.text });

  const lines = desk.plants.flatMap((plant) =>
    plant.lines
      .filter((line) => line.services.includes(part.service))
      .map((line) => ({
        plant: plant.plant,
        name: line.name,
        inside: { length: line.tankLength, width: line.tankWidth, height: line.tankDepth },
        clearance: line.clearance,
        maxMass: line.maxMass,
      })),
  );
  const fits = fitsOf(lines, envelope, part.mass);
  const largest = fits.map((fit) => fit.largest).sort((a, b) => b[0] * b[1] * b[2] - a[0] * a[1] * a[2])[0];
  checks.push({ kind: "tanks", fits: fits.some((fit) => fit.fits), largest });

  const grows = process.outwardShare > 0 ? buildUp(part.thickness, process.outwardShare) : undefined;
  const growth = grows && {
    ...grows,
    machineTo: part.finished ? machineTo(part.finished.diameter, part.finished.feature, grows) : undefined,
  };

  const validUntil = dayString(desk.prices.validUntil);
  // A price past its day is no indication: the checks and the lead time still answer.
  const band =
    desk.prices.shown === "yes" && validUntil >= today
      ? priceBand(process, {
          thickness: part.thickness,
          area,
          masked: part.masked.threads + part.masked.bores,
          quantity: part.quantity,
        })
      : null;
  const price = band && { ...band, currency: desk.prices.currency, validUntil };

  const setOn = dayString(process.leadTime.setOn);
  const age = (Date.parse(`${today}T00:00:00Z`) - Date.parse(`${setOn}T00:00:00Z`)) / DAY_MS;
  const leadTime = age <= desk.leadTimeMaxAgeDays ? { days: process.leadTime.days, setOn } : undefined;

  return { process, area, areaFromShape, envelope, checks, growth, fits, price, leadTime };
}
