// Days by the server's calendar: they begin at midnight in its time zone, as nginx's log
// times ($time_local) do. The enquiry tally and the owner's report count by them.

/** "2026-11-23" as that day's midnight by the server's calendar (dayKey's reverse). */
export function dayStart(day: string): Date {
  const [year, month, date] = day.split("-").map(Number);
  return new Date(year, month - 1, date);
}

/** "2026-11-23": a day by the server's calendar. */
export function dayKey(ms: number): string {
  const date = new Date(ms);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}
