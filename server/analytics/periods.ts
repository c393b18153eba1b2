// The periods an owner picks in the report. GoAccess has no date filter, so each period's
// lines are cut from the log (logLines.ts) and counted on their own. Days begin at midnight
// in the server's time zone, as the log's own times ($time_local) do.

export const PERIODS = [
  { id: "last-7-days", label: "Last 7 days" },
  { id: "last-30-days", label: "Last 30 days" },
  { id: "this-month", label: "This month" },
  { id: "last-month", label: "Last month" },
  { id: "last-365-days", label: "Last 365 days" },
] as const;

export type PeriodId = (typeof PERIODS)[number]["id"];

/** The report's first page. */
export const DEFAULT_PERIOD: PeriodId = "last-30-days";

export interface Range {
  /** Epoch ms, included. */
  from: number;
  /** Epoch ms, excluded. */
  to: number;
}

const DAY_MS = 24 * 60 * 60_000;

const startOfDay = (ms: number) => {
  const date = new Date(ms);
  return new Date(date.getFullYear(), date.getMonth(), date.getDate()).getTime();
};

/** `days` whole days back from midnight, today included. */
const lastDays = (now: number, days: number): Range => {
  const today = startOfDay(now);
  // Through local time: a day with a clock change is still one day.
  const first = new Date(today);
  first.setDate(first.getDate() - (days - 1));
  return { from: first.getTime(), to: today + DAY_MS };
};

export function periodRange(id: PeriodId, now: number): Range {
  const date = new Date(now);
  switch (id) {
    case "last-7-days":
      return lastDays(now, 7);
    case "last-30-days":
      return lastDays(now, 30);
    case "last-365-days":
      return lastDays(now, 365);
    case "this-month":
      return {
        from: new Date(date.getFullYear(), date.getMonth(), 1).getTime(),
        to: new Date(date.getFullYear(), date.getMonth() + 1, 1).getTime(),
      };
    case "last-month":
      return {
        from: new Date(date.getFullYear(), date.getMonth() - 1, 1).getTime(),
        to: new Date(date.getFullYear(), date.getMonth(), 1).getTime(),
      };
  }
}

/** The Monday that begins `ms`'s week, at midnight. */
export function weekStart(ms: number): number {
  const date = new Date(startOfDay(ms));
  date.setDate(date.getDate() - ((date.getDay() + 6) % 7));
  return date.getTime();
}
