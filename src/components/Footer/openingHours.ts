import { WEEKDAYS } from "../../constants";

type OpeningTime = { days: readonly string[]; opens: string; closes: string };

/** A Monday (1 January 2024): the day names come from the language itself, not from code. */
const MONDAY = Date.UTC(2024, 0, 1);
const DAY_MS = 86_400_000;

/**
 * A plant's hours as one short line in the page's language: "Mon–Sat 09:00–18:00",
 * "Mo.–Fr. 08:30–17:00". Days in a row become a range; others are listed.
 */
export function openingHoursText(hours: readonly OpeningTime[], language: string): string {
  const dayName = new Intl.DateTimeFormat(language, { weekday: "short", timeZone: "UTC" });
  const name = (index: number) => dayName.format(MONDAY + index * DAY_MS);
  return hours
    .map(({ days, opens, closes }) => {
      const indices = WEEKDAYS.map((day, index) => (days.includes(day) ? index : -1)).filter((index) => index >= 0);
      const runs: number[][] = [];
      for (const index of indices) {
        const run = runs.at(-1);
        if (run && run.at(-1) === index - 1) run.push(index);
        else runs.push([index]);
      }
      const named = runs.map((run) =>
        run.length > 2 ? `${name(run[0])}–${name(run.at(-1)!)}` : run.map(name).join(", "),
      );
      return `${named.join(", ")} ${opens}–${closes}`;
    })
    .join("; ");
}
