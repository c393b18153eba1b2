// A part's surface area from a simple shape, for a buyer who does not know it: the figure
// every finishing rate is per. Plain arithmetic on millimetres, given back in dm² (the unit
// rate cards use), with the part's envelope for the tank check. No React, no Node: the
// estimate page's script and the enquiry service (which answers without JavaScript) both run it.

/** mm² in one dm². */
const MM2_PER_DM2 = 100 * 100;

export type Shape =
  /** A flat or square-edged part: length × width × thickness. */
  | { kind: "plate" | "block"; length: number; width: number; height: number }
  /** A solid round: its diameter and length. */
  | { kind: "roundBar"; diameter: number; length: number }
  /** A round tube, finished inside and out: outside and inside diameters and length. */
  | { kind: "tube"; outside: number; inside: number; length: number };

export const SHAPE_KINDS: readonly Shape["kind"][] = ["plate", "block", "roundBar", "tube"];

/** The box a part fits in, mm (any orientation: the tank check turns it). */
export interface Envelope {
  length: number;
  width: number;
  height: number;
}

/** The area the process treats, dm²: every face, the ends included. */
export function surfaceArea(shape: Shape): number {
  switch (shape.kind) {
    case "plate":
    case "block": {
      const { length: l, width: w, height: h } = shape;
      return (2 * (l * w + l * h + w * h)) / MM2_PER_DM2;
    }
    case "roundBar": {
      const { diameter: d, length: l } = shape;
      return (Math.PI * d * l + (2 * Math.PI * d * d) / 4) / MM2_PER_DM2;
    }
    case "tube": {
      const { outside: od, inside: id, length: l } = shape;
      const ends = (2 * Math.PI * (od * od - id * id)) / 4;
      return (Math.PI * (od + id) * l + ends) / MM2_PER_DM2;
    }
  }
}

/** The shape's envelope, mm. */
export function envelopeOf(shape: Shape): Envelope {
  switch (shape.kind) {
    case "plate":
    case "block":
      return { length: shape.length, width: shape.width, height: shape.height };
    case "roundBar":
      return { length: shape.length, width: shape.diameter, height: shape.diameter };
    case "tube":
      return { length: shape.length, width: shape.outside, height: shape.outside };
  }
}

/** What is wrong with a shape's sizes, or null: every size above zero, a tube's bore inside it. */
export function shapeProblem(shape: Shape): "size" | "bore" | null {
  const sizes = Object.entries(shape)
    .filter(([key]) => key !== "kind")
    .map(([, value]) => value as number);
  if (!sizes.every((size) => Number.isFinite(size) && size > 0)) return "size";
  if (shape.kind === "tube" && shape.inside >= shape.outside) return "bore";
  return null;
}
