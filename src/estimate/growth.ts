// What an anodic coating does to a part's sizes. An anodic film grows partly out of the
// surface and partly into it (hard anodising: about half each way); only the outward part
// changes a size. The share that grows out is content, per process, never a figure here.
//
// A diameter changes by twice the growth per surface (both sides of it). A 60° thread's
// pitch diameter changes by four times it: the coating lies on the flanks, normal to them,
// and a flank at 30° to the axis moves the pitch line 1 / sin 30° = 2 times as far per side.

/** A 60° thread's pitch diameter change per unit of growth on each flank. */
const THREAD_60_FACTOR = 2 / Math.sin(Math.PI / 6);

export interface BuildUp {
  /** µm each surface moves outward. */
  perSurface: number;
  /** µm a diameter (outside or bore) changes: bigger outside, smaller bore. */
  diameter: number;
  /** µm a 60° thread's pitch diameter changes. */
  threadPitchDiameter: number;
}

/** The build-up of `thickness` µm of coating of which `outwardShare` (0 to 1) grows out. */
export function buildUp(thickness: number, outwardShare: number): BuildUp {
  const perSurface = thickness * outwardShare;
  return { perSurface, diameter: 2 * perSurface, threadPitchDiameter: THREAD_60_FACTOR * perSurface };
}

/**
 * The size to machine to, mm, for a `finished` diameter after coating: an outside diameter
 * grows, so it is machined smaller; a bore closes, so it is machined larger.
 */
export function machineTo(finished: number, feature: "outside" | "bore", growth: BuildUp): number {
  const change = growth.diameter / 1000;
  return feature === "outside" ? finished - change : finished + change;
}
