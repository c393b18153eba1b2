// The owner's report as data: what GoAccess counted in each period, joined with the
// enquiries' tally and named from the live release. Pure: the tests give it counts and a
// clock. render.ts makes the pages of it; the weekly digest reads it (summary.json).
import { z } from "zod";
import type { Counted, Row } from "./goaccess";
import { dayKey, dayStart } from "../lib/days";
import { periodRange, weekStart, type PeriodId, PERIODS } from "./periods";
import { pagePath, type SiteFacts } from "./site";
import type { EstimateEntry, TallyEntry } from "../enquiry/tally";
import { LANGUAGES, isLanguage } from "../../src/contract/enquiry";

/** A count: a whole number, never below zero. */
const count = z.number().int().nonnegative();
const namedSchema = z.object({ name: z.string(), visitors: count });
export type Named = z.infer<typeof namedSchema>;
const perDay = { visitors: count, pageViews: count, enquiries: count };

/**
 * One period of the report. The shape is stated once, here: the types come from it, and
 * summary.json (written by the report's user, read as root by the digest and the checks)
 * is checked against it before use (build.ts, summaryFrom).
 */
const periodReportSchema = z.object({
  id: z.enum(PERIODS.map((period) => period.id) as [PeriodId, ...PeriodId[]]),
  label: z.string(),
  /** The first day, and the day after the last ("2026-11-01", "2026-12-01"). */
  from: z.string(),
  to: z.string(),
  visitors: count,
  pageViews: count,
  days: z.array(z.object({ day: z.string(), ...perDay })),
  /** Weeks from Monday ("2026-11-23"); the first and last may be partial. */
  weeks: z.array(z.object({ week: z.string(), ...perDay })),
  months: z.array(z.object({ month: z.string(), ...perDay })),
  /** The site's pages, most visited first. */
  pages: z.array(z.object({ path: z.string(), title: z.string(), visitors: count, views: count, enquiries: count })),
  /** Views of addresses the live release does not have (pages since removed). */
  otherViews: count,
  services: z.array(
    z.object({
      slug: z.string(),
      title: z.string(),
      path: z.string(),
      visitors: count,
      /** Enquiries that chose this service. */
      enquiries: count,
      /** Enquiries sent after reading its page. */
      fromPage: count,
      /** fromPage per 100 visitors of its page (null: no visitor). */
      per100: z.number().nonnegative().nullable(),
    }),
  ),
  enquiries: z.object({ total: count, pageNotSaid: count }),
  /** Enquiries per week for each service, in `services`' order. */
  enquiriesByWeek: z.array(z.object({ week: z.string(), perService: z.array(count) })),
  referrers: z.array(namedSchema.extend({ search: z.boolean() })),
  searchVisitors: count,
  devices: z.array(namedSchema),
  systems: z.array(namedSchema),
  browsers: z.array(namedSchema),
  notFound: z.array(z.object({ path: z.string(), hits: count })),
  /** null: no GeoIP database on the server. */
  countries: z.array(namedSchema).nullable(),
  crawlers: z.object({ hits: count, top: z.array(z.object({ name: z.string(), hits: count })) }),
  lines: z.object({ read: count, malformed: count }),
  /** The estimate desk's answers (none in a summary built before it), and the requests sent from its pages. */
  estimates: z
    .object({
      total: count,
      becameRequests: count,
      byProcess: z.array(z.object({ name: z.string(), count })),
      byStandard: z.array(z.object({ name: z.string(), count })),
      byLanguage: z.array(z.object({ name: z.string(), count })),
    })
    .optional(),
});
export type PeriodReport = z.infer<typeof periodReportSchema>;

export const reportSchema = z.object({
  builtAt: z.string(),
  host: z.string(),
  periods: z.array(periodReportSchema),
});
export type Report = z.infer<typeof reportSchema>;

export interface PeriodCounts {
  id: PeriodId;
  people: Counted;
  crawlers: Counted;
  lines: { read: number; malformed: number };
}

const TOP = 20;
const SEARCH =
  /(^|\.)(google|bing|duckduckgo|yahoo|yandex|baidu|ecosia|qwant|startpage|search\.brave|naver|seznam|sogou)\.[a-z.]+$/i;
const PHONES = new Set(["Android", "iOS"]);
const COMPUTERS = new Set(["Windows", "Macintosh", "Linux", "Chrome OS", "BSD", "Unix-like"]);

const rows = (panel?: { data: Row[] }) => panel?.data ?? [];
const named = (panel?: { data: Row[] }): Named[] =>
  rows(panel)
    .map((row) => ({ name: row.data, visitors: row.visitors.count }))
    // A missing page's asker is no visitor in GoAccess's count: its system is not shown.
    .filter((row) => row.visitors > 0)
    .sort((a, b) => b.visitors - a.visitors)
    .slice(0, TOP);

/** "20261125" as "2026-11-25". */
const isoDay = (goaccessDay: string) =>
  `${goaccessDay.slice(0, 4)}-${goaccessDay.slice(4, 6)}-${goaccessDay.slice(6, 8)}`;

/** The days of a range up to today, each once. */
function daysOf(from: number, to: number, now: number): string[] {
  const days: string[] = [];
  const date = new Date(from);
  while (date.getTime() < Math.min(to, now + 1)) {
    days.push(dayKey(date.getTime()));
    date.setDate(date.getDate() + 1);
  }
  return days;
}

function grouped<T extends { visitors: number; pageViews: number; enquiries: number }>(
  days: { day: string; visitors: number; pageViews: number; enquiries: number }[],
  keyOf: (day: string) => string,
  make: (key: string) => T,
): T[] {
  const groups = new Map<string, T>();
  for (const day of days) {
    const key = keyOf(day.day);
    const group = groups.get(key) ?? make(key);
    group.visitors += day.visitors;
    group.pageViews += day.pageViews;
    group.enquiries += day.enquiries;
    groups.set(key, group);
  }
  return [...groups.values()];
}

/** How many of `items` each name has, most first. */
function countedBy<T>(items: readonly T[], name: (item: T) => string) {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(name(item), (counts.get(name(item)) ?? 0) + 1);
  return [...counts.entries()]
    .map(([named, counted]) => ({ name: named, count: counted }))
    .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name));
}

export function periodReport(
  counts: PeriodCounts,
  site: SiteFacts,
  tally: TallyEntry[],
  now: number,
  estimateTally: EstimateEntry[] = [],
): PeriodReport {
  const range = periodRange(counts.id, now);
  const label = PERIODS.find((period) => period.id === counts.id)!.label;
  const { people, crawlers } = counts;
  const first = dayKey(range.from);
  const after = dayKey(range.to);
  const enquiries = tally.filter((entry) => entry.day >= first && entry.day < after);
  const estimates = estimateTally.filter((entry) => entry.day >= first && entry.day < after);
  const serviceTitle = new Map(site.services.map((service) => [service.slug, service.title]));
  const pageTitle = new Map(site.pages.map((page) => [page.path, page.title]));

  const perDay = new Map(rows(people.visitors).map((row) => [isoDay(row.data), row]));
  const days = daysOf(range.from, range.to, now).map((day) => ({
    day,
    visitors: perDay.get(day)?.visitors.count ?? 0,
    pageViews: perDay.get(day)?.hits.count ?? 0,
    enquiries: enquiries.filter((entry) => entry.day === day).length,
  }));
  const weeks = grouped(
    days,
    (day) => dayKey(weekStart(dayStart(day).getTime())),
    (week) => ({
      week,
      visitors: 0,
      pageViews: 0,
      enquiries: 0,
    }),
  );
  const months = grouped(
    days,
    (day) => day.slice(0, 7),
    (month) => ({
      month,
      visitors: 0,
      pageViews: 0,
      enquiries: 0,
    }),
  );

  // Pages: every way of asking for one page counted as that page.
  const titles = new Map(site.pages.map((page) => [page.path, page.title]));
  const pageCounts = new Map<string, { visitors: number; views: number }>();
  let otherViews = 0;
  for (const row of rows(people.requests)) {
    const page = pagePath(row.data);
    if (!titles.has(page)) {
      otherViews += row.hits.count;
      continue;
    }
    const counted = pageCounts.get(page) ?? { visitors: 0, views: 0 };
    // A visitor who asked for /x and /x/ is counted twice here: GoAccess counts each address apart.
    counted.visitors += row.visitors.count;
    counted.views += row.hits.count;
    pageCounts.set(page, counted);
  }
  const fromPage = (page: string) => enquiries.filter((entry) => entry.page && pagePath(entry.page) === page).length;
  // A page an enquiry came from is listed even when the log has no visit of it (a visit
  // older than the log's days, a visitor who blocked nothing but was not logged): its
  // enquiries are never left out (a standard's page, say: issue 55).
  for (const entry of enquiries) {
    const page = entry.page ? pagePath(entry.page) : "";
    if (titles.has(page) && !pageCounts.has(page)) pageCounts.set(page, { visitors: 0, views: 0 });
  }
  const pages = [...pageCounts.entries()]
    .map(([page, counted]) => ({ path: page, title: titles.get(page)!, ...counted, enquiries: fromPage(page) }))
    .sort((a, b) => b.views - a.views || a.path.localeCompare(b.path));

  const services = site.services.map((service) => {
    const visitors = pageCounts.get(service.path)?.visitors ?? 0;
    const sent = service.path ? fromPage(service.path) : 0;
    return {
      ...service,
      visitors,
      enquiries: enquiries.filter((entry) => entry.service === service.slug).length,
      fromPage: sent,
      per100: visitors ? Math.round((sent / visitors) * 1000) / 10 : null,
    };
  });

  const referrers = rows(people.referring_sites)
    .filter((row) => row.data !== site.host && row.data !== "")
    .map((row) => ({ name: row.data, visitors: row.visitors.count, search: SEARCH.test(row.data) }))
    .sort((a, b) => b.visitors - a.visitors);

  const devices = new Map<string, number>();
  for (const row of rows(people.os)) {
    const kind = PHONES.has(row.data)
      ? "Phones and tablets"
      : COMPUTERS.has(row.data)
        ? "Computers"
        : "Other or unknown";
    devices.set(kind, (devices.get(kind) ?? 0) + row.visitors.count);
  }

  const crawlerRows = rows(crawlers.browsers).flatMap((row) => row.items ?? [row]);
  return {
    id: counts.id,
    label,
    from: first,
    to: after,
    visitors: people.general.unique_visitors,
    pageViews: people.general.valid_requests,
    days,
    weeks,
    months,
    pages,
    otherViews,
    services,
    enquiries: { total: enquiries.length, pageNotSaid: enquiries.filter((entry) => !entry.page).length },
    enquiriesByWeek: weeks.map(({ week }) => ({
      week,
      perService: site.services.map(
        (service) =>
          enquiries.filter(
            (entry) => entry.service === service.slug && dayKey(weekStart(dayStart(entry.day).getTime())) === week,
          ).length,
      ),
    })),
    referrers: referrers.slice(0, TOP),
    searchVisitors: referrers.filter((row) => row.search).reduce((sum, row) => sum + row.visitors, 0),
    devices: [...devices.entries()]
      .map(([name, visitors]) => ({ name, visitors }))
      .filter((row) => row.visitors > 0)
      .sort((a, b) => b.visitors - a.visitors),
    systems: named(people.os),
    browsers: named(people.browsers),
    notFound: rows(people.not_found)
      .map((row) => ({ path: row.data, hits: row.hits.count }))
      .sort((a, b) => b.hits - a.hits)
      .slice(0, TOP),
    countries: people.geolocation
      ? rows(people.geolocation)
          .flatMap((row) => row.items ?? [row])
          .map((row) => ({ name: row.data, visitors: row.visitors.count }))
          .sort((a, b) => b.visitors - a.visitors)
          .slice(0, TOP)
      : null,
    crawlers: {
      hits: crawlers.general.valid_requests,
      top: crawlerRows
        .map((row) => ({ name: row.data, hits: row.hits.count }))
        .sort((a, b) => b.hits - a.hits)
        .slice(0, 10),
    },
    lines: counts.lines,
    estimates: {
      total: estimates.length,
      becameRequests: enquiries.filter((entry) => site.estimatePaths.includes(pagePath(entry.page))).length,
      byProcess: countedBy(estimates, ({ estimate }) => serviceTitle.get(estimate.process) ?? estimate.process),
      byStandard: countedBy(estimates, ({ estimate }) =>
        estimate.standard ? (pageTitle.get(`/${estimate.standard}`) ?? estimate.standard) : "No standard",
      ),
      byLanguage: countedBy(estimates, ({ estimate }) =>
        isLanguage(estimate.language) ? LANGUAGES[estimate.language].inEnglish : estimate.language,
      ),
    },
  };
}
