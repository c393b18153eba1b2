// How many columns a grid of cards takes at each breakpoint, so that no row but the
// first is left with one lone card (2 cards in 3 columns, or 3 + 1, look unfinished).

/** The spec's breakpoints a grid may widen at (xs is every width; the rest, src/styles/tokens.css). */
export const BREAKPOINTS = ["xs", "sm", "md", "lg", "xl"] as const;
export type Breakpoint = (typeof BREAKPOINTS)[number];

/** The most columns a grid may take from each breakpoint up (1 where none is named yet). */
export type MaxColumns = Partial<Record<Breakpoint, number>>;

export interface Columns {
  columns: number;
  /** The last card spans the whole row: no column count leaves it company. */
  lastSpans: boolean;
}

/**
 * The most columns, at most `max`, that leave no lone card on a last row: 4 cards in at
 * most 3 columns take 2 + 2, 5 take 3 + 2, 2 take 2. When every count leaves one alone
 * (7 in 3 or 2 columns), `max` columns and the last card spans its row.
 */
export function columnsFor(count: number, max: number): Columns {
  if (count <= max) return { columns: Math.max(count, 1), lastSpans: false };
  for (let columns = max; columns >= 2; columns--) {
    if (count % columns !== 1) return { columns, lastSpans: false };
  }
  return { columns: max, lastSpans: max > 1 };
}

/** Each breakpoint's columns, a breakpoint with no maximum of its own taking the one below's. */
export function columnsAt(count: number, max: MaxColumns): Record<Breakpoint, Columns> {
  let carried = 1;
  const result = {} as Record<Breakpoint, Columns>;
  for (const breakpoint of BREAKPOINTS) {
    carried = max[breakpoint] ?? carried;
    result[breakpoint] = columnsFor(count, carried);
  }
  return result;
}
