// An indicative price band from the rate card staff edit: per process, a price per dm²
// from–to for each thickness band, masking per feature, and a lot minimum. Per part, the
// area at the band's rate plus the masking; per lot, the parts' sum, never under the lot
// minimum. Every figure is content; this only does the arithmetic.

export interface Band {
  /**
   * µm, from and to both included. Bands meet (5–25, 25–60) so that no figure between
   * whole microns (25.5) falls in a gap; where two meet, the thinner band's price holds.
   */
  from: number;
  to: number;
  /** Price per dm², low and high. */
  low: number;
  high: number;
}

export interface Rates {
  bands: readonly Band[];
  /** Per masked feature (a thread, a bore), low and high. */
  masking: { low: number; high: number };
  /** The least a lot is charged. */
  lotMinimum: number;
}

export interface PriceBand {
  perPart: { low: number; high: number };
  perLot: { low: number; high: number };
  /** The lot minimum raised the lot's price (its low end, and the high too when that is under it). */
  atMinimum: boolean;
}

/** The thickness band `thickness` µm falls in, or undefined (not offered at that thickness). */
export const bandFor = (rates: Rates, thickness: number): Band | undefined =>
  [...rates.bands].sort((a, b) => a.from - b.from).find((band) => thickness >= band.from && thickness <= band.to);

/** The band for `quantity` parts of `area` dm² with `masked` features each; null when no band holds the thickness. */
export function priceBand(
  rates: Rates,
  input: { thickness: number; area: number; masked: number; quantity: number },
): PriceBand | null {
  const band = bandFor(rates, input.thickness);
  if (!band) return null;
  const perPart = {
    low: input.area * band.low + input.masked * rates.masking.low,
    high: input.area * band.high + input.masked * rates.masking.high,
  };
  const lot = { low: perPart.low * input.quantity, high: perPart.high * input.quantity };
  const perLot = { low: Math.max(lot.low, rates.lotMinimum), high: Math.max(lot.high, rates.lotMinimum) };
  return { perPart, perLot, atMinimum: lot.low < rates.lotMinimum };
}
