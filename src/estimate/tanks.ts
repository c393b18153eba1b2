// Whether a part goes in a plant's line: its envelope, turned any way, inside the tank's
// inside sizes less the clearance the line keeps on every side, and its mass within what
// the line's jigs carry. The lines, their sizes, clearance and mass are content (per plant).
import type { Envelope } from "./shapes";

export interface Line {
  /** The plant the line is in, and its own name, as content names them. */
  plant: string;
  name: string;
  /** The tank's inside sizes, mm. */
  inside: Envelope;
  /** mm kept clear of the tank on every side (jigs, anodes, circulation). */
  clearance: number;
  /** The most one part may weigh on the line, kg. */
  maxMass: number;
}

export interface Fit {
  line: Line;
  fits: boolean;
  /** Why not: too large (in what turns it best), too heavy. */
  tooLarge: boolean;
  tooHeavy: boolean;
  /** The largest envelope the line takes, mm, largest size first. */
  largest: [number, number, number];
}

const sorted = (box: Envelope): [number, number, number] =>
  [box.length, box.width, box.height].sort((a, b) => b - a) as [number, number, number];

/** The largest envelope a line takes, largest size first (zero where the clearance leaves none). */
export function largestPart(line: Line): [number, number, number] {
  return sorted(line.inside).map((size) => Math.max(0, size - 2 * line.clearance)) as [number, number, number];
}

/**
 * Whether the part fits the line in some orientation. Turning a box square to the tank's
 * sides, it fits exactly when its sizes, largest first, are each within the tank's,
 * largest first (a part tilted across a diagonal is not how parts are jigged).
 */
export function fitOn(line: Line, part: Envelope, mass: number): Fit {
  const largest = largestPart(line);
  const tooLarge = sorted(part).some((size, i) => size > largest[i]);
  const tooHeavy = mass > line.maxMass;
  return { line, fits: !tooLarge && !tooHeavy, tooLarge, tooHeavy, largest };
}

/** Every line's answer, those that take the part first. */
export function fitsOf(lines: readonly Line[], part: Envelope, mass: number): Fit[] {
  return lines.map((line) => fitOn(line, part, mass)).sort((a, b) => Number(b.fits) - Number(a.fits));
}
