// The owner's report as pages at /admin/report/, behind the staff login: plain HTML made
// on the server, no script (the staff pages' policy), readable on a phone. Every name in it
// came from outside (a path someone asked for, a referring site, a browser's name) and goes
// through `shown`: nothing a visitor sent is ever markup here.
import { VISITS_KEPT_MONTHS } from "../../src/contract/visits";
import { shown, staffPage, staffTime } from "../lib/staffPage";
import { barChart } from "./chart";
import { dayStart } from "../lib/days";
import { PERIODS, type PeriodId } from "./periods";
import type { PeriodReport, Report } from "./report";

export const REPORT_PATH = "/admin/report/";
export const VISITORS_COLOUR = "#0b3a5b";
export const ENQUIRIES_COLOUR = "#a0522d";

/** A period's page: /admin/report/last-7-days. */
export const periodHref = (id: PeriodId) => `${REPORT_PATH}${id}`;

/** A count as staff read it: 1,23,456 (the Indian grouping); anything not a number (a summary gone wrong) as a dash. */
export const number = (value: number) =>
  typeof value === "number" && Number.isFinite(value) ? value.toLocaleString("en-IN") : "–";
const MONTH = new Intl.DateTimeFormat("en-GB", { month: "short", year: "numeric" });
const DAY = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short" });
const LONG_DAY = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric" });
export const dayLabel = (day: string) => DAY.format(dayStart(day));
const monthLabel = (month: string) => MONTH.format(dayStart(`${month}-01`));

function table(caption: string, headings: string[], body: string[][], empty: string): string {
  if (!body.length) return `<p class="note">${shown(empty)}</p>`;
  const head = headings.map((heading) => `<th scope="col">${shown(heading)}</th>`).join("");
  const lines = body
    .map(
      (cells) =>
        `<tr>${cells.map((cell, index) => `<td data-label="${shown(headings[index])}">${cell}</td>`).join("")}</tr>`,
    )
    .join("\n");
  return `<table class="wide"><caption class="note">${shown(caption)}</caption><thead><tr>${head}</tr></thead><tbody>\n${lines}\n</tbody></table>`;
}

type Counts = { visitors: number; pageViews: number; enquiries: number };

/** Visitors, page views and enquiries of each day, week or month, under its label. */
const overTime = (caption: string, unit: string, rows: [string, Counts][]) =>
  table(
    caption,
    [unit, "Visitors", "Page views", "Enquiries"],
    rows.map(([label, counts]) => [
      shown(label),
      number(counts.visitors),
      number(counts.pageViews),
      number(counts.enquiries),
    ]),
    "Nothing in this period yet.",
  );

const per100 = (value: number | null) => (value === null ? "–" : `${value}`);

function keyFigures(period: PeriodReport): string {
  const rate = period.visitors ? Math.round((period.enquiries.total / period.visitors) * 1000) / 10 : null;
  const figures: [string, string][] = [
    ["Visitors", number(period.visitors)],
    ["Page views", number(period.pageViews)],
    ["Enquiries", number(period.enquiries.total)],
    ["Enquiries per 100 visitors", per100(rate)],
    ["Visitors from search engines", number(period.searchVisitors)],
  ];
  return `<dl class="figures">${figures.map(([term, value]) => `<dt>${term}</dt><dd>${value}</dd>`).join("")}</dl>`;
}

function charts(period: PeriodReport): string {
  const byWeek = period.id === "last-365-days";
  const labels = byWeek ? period.weeks.map((week) => dayLabel(week.week)) : period.days.map((day) => dayLabel(day.day));
  const unit = byWeek ? "week" : "day";
  const series = byWeek ? period.weeks : period.days;
  const figures = [
    barChart({
      title: `Visitors per ${unit}`,
      labels,
      values: series.map((item) => item.visitors),
      colour: VISITORS_COLOUR,
    }),
    barChart({
      title: `Enquiries per ${unit}`,
      labels,
      values: series.map((item) => item.enquiries),
      colour: ENQUIRIES_COLOUR,
    }),
  ].map((svg) => `<figure>${svg}</figure>`);
  return `<div class="charts">\n${figures.join("\n")}\n</div>`;
}

/** The estimate desk: how many answers it gave, of what, and how many became requests. */
function estimatesSection(estimates: NonNullable<PeriodReport["estimates"]>): string {
  const rows = (list: { name: string; count: number }[]) => list.map((row) => [shown(row.name), number(row.count)]);
  return [
    `<h2>Estimate desk</h2>`,
    `<p>${number(estimates.total)} ${estimates.total === 1 ? "estimate" : "estimates"} given; ${number(estimates.becameRequests)} ${estimates.becameRequests === 1 ? "request" : "requests"} for a quote sent from the desk. An estimate not sent keeps nothing of the buyer: only its process, standard and language are counted.</p>`,
    table("Estimates per process", ["Process", "Estimates"], rows(estimates.byProcess), "No estimate in this period."),
    estimates.total ? table("Estimates per standard", ["Standard", "Estimates"], rows(estimates.byStandard), "") : "",
    estimates.total ? table("Estimates per language", ["Language", "Estimates"], rows(estimates.byLanguage), "") : "",
  ].join("\n");
}

function sections(period: PeriodReport): string {
  const parts: string[] = [];
  parts.push(`<h2>Visitors and enquiries over time</h2>`, charts(period));
  parts.push(`<h2>Services</h2>`);
  parts.push(
    table(
      "Visitors of each service's page, the enquiries that chose the service, and those sent after reading its page",
      ["Service", "Visitors of its page", "Enquiries about it", "Enquiries from its page", "Per 100 visitors"],
      period.services.map((service) => [
        service.path ? `<a href="${shown(service.path)}">${shown(service.title)}</a>` : shown(service.title),
        service.path ? number(service.visitors) : "–",
        number(service.enquiries),
        service.path ? number(service.fromPage) : "–",
        per100(service.per100),
      ]),
      "The live release offers no service.",
    ),
  );

  if (period.enquiries.total > 0) {
    parts.push(
      table(
        "Enquiries per service, week by week (from Monday)",
        ["Week from", ...period.services.map((service) => service.title)],
        period.enquiriesByWeek.map((row) => [shown(dayLabel(row.week)), ...row.perService.map(number)]),
        "",
      ),
    );
  }

  if (period.estimates) parts.push(estimatesSection(period.estimates));

  parts.push(`<h2>Pages</h2>`);
  parts.push(
    table(
      "Most viewed first",
      ["Page", "Visitors", "Views", "Enquiries sent from it"],
      period.pages.map((page) => [
        `<a href="${shown(page.path)}">${shown(page.title || page.path)}</a> <span class="note">${shown(page.path)}</span>`,
        number(page.visitors),
        number(page.views),
        number(page.enquiries),
      ]),
      "No page was viewed in this period.",
    ),
  );
  const notes: string[] = [];
  if (period.otherViews)
    notes.push(
      `${number(period.otherViews)} views of addresses the site no longer has (or never had) that were answered.`,
    );
  if (period.enquiries.pageNotSaid)
    notes.push(
      `${number(period.enquiries.pageNotSaid)} ${period.enquiries.pageNotSaid === 1 ? "enquiry" : "enquiries"} came from a browser that did not say which page the buyer was on.`,
    );
  if (notes.length) parts.push(`<p class="note">${notes.map(shown).join(" ")}</p>`);

  parts.push(`<h2>Where visitors came from</h2>`);
  parts.push(
    table(
      "Sites whose links visitors followed; search engines marked. Visitors who typed the address or used a bookmark are not listed.",
      ["Site", "Visitors", "Search engine"],
      period.referrers.map((row) => [`<bdi>${shown(row.name)}</bdi>`, number(row.visitors), row.search ? "yes" : ""]),
      "No visitor followed a link from another site in this period.",
    ),
  );

  parts.push(`<h2>Per week, month and day</h2>`);
  parts.push(
    overTime(
      "Per week (from Monday)",
      "Week from",
      period.weeks.map((week) => [dayLabel(week.week), week]),
    ),
  );
  if (period.months.length > 1)
    parts.push(
      overTime(
        "Per month",
        "Month",
        period.months.map((month) => [monthLabel(month.month), month]),
      ),
    );
  if (period.id !== "last-365-days")
    parts.push(
      overTime(
        "Per day",
        "Day",
        period.days.map((day) => [dayLabel(day.day), day]),
      ),
    );

  parts.push(`<h2>Countries</h2>`);
  parts.push(
    period.countries === null
      ? `<p class="note">Left out: the server has no GeoIP database (see the operator's guide, "Visits report").</p>`
      : table(
          "Visitors per country",
          ["Country", "Visitors"],
          period.countries.map((row) => [shown(row.name), number(row.visitors)]),
          "No visitor in this period.",
        ),
  );

  parts.push(`<h2>Devices</h2>`);
  parts.push(
    table(
      "Phones and computers",
      ["Device", "Visitors"],
      period.devices.map((row) => [shown(row.name), number(row.visitors)]),
      "No visitor in this period.",
    ),
    table(
      "Systems",
      ["System", "Visitors"],
      period.systems.map((row) => [shown(row.name), number(row.visitors)]),
      "",
    ),
    table(
      "Browsers",
      ["Browser", "Visitors"],
      period.browsers.map((row) => [shown(row.name), number(row.visitors)]),
      "",
    ),
  );

  parts.push(`<h2>Pages not found</h2>`);
  parts.push(
    table(
      "Addresses asked for that the site does not have: often a broken link on another site, or a robot guessing",
      ["Address", "Times asked"],
      period.notFound.map((row) => [`<bdi>${shown(row.path)}</bdi>`, number(row.hits)]),
      "No page was missing in this period.",
    ),
  );

  parts.push(`<h2>Robots</h2>`);
  parts.push(
    `<p>Search engines' and other robots' requests are counted apart, not as visitors: ${number(period.crawlers.hits)} in this period.</p>`,
    table(
      "The busiest robots",
      ["Robot", "Requests"],
      period.crawlers.top.map((row) => [shown(row.name), number(row.hits)]),
      "",
    ),
  );
  return parts.join("\n");
}

function howCounted(report: Report, period: PeriodReport): string {
  return `<h2>How this is counted</h2>
<ul class="note">
<li>From the web server's log of visits. No cookie and no script is used, so ad blockers change nothing; visitors are not followed from one day to the next.</li>
<li>The log keeps each address shortened (its last part removed) and is kept ${VISITS_KEPT_MONTHS} months, as the privacy notice says. A visitor is one shortened address with one browser on one day: people in one office count as one visitor a day. Weeks and months add up their days.</li>
<li>Page views count every page asked for, pages not found included; a page's pictures and scripts are not counted.</li>
<li>Enquiries are those the quote form stored; the page is the one the buyer read before the form.</li>
${period.lines.malformed ? `<li>${number(period.lines.malformed)} lines of the log could not be read and were left out.</li>` : ""}
<li>Built ${shown(staffTime(report.builtAt))}, again every hour.</li>
</ul>`;
}

/** One period's page. */
export function periodPage(report: Report, period: PeriodReport): string {
  const nav = PERIODS.map(
    (item) =>
      `<a href="${periodHref(item.id)}"${item.id === period.id ? ' aria-current="page"' : ""}>${item.label}</a>`,
  ).join("\n    ");
  const last = new Date(dayStart(period.to).getTime() - 1);
  const body = `<h1>Visits and enquiries: ${shown(period.label.toLowerCase())}</h1>
<p class="note">${shown(LONG_DAY.format(dayStart(period.from)))} to ${shown(LONG_DAY.format(last))}${report.host ? `, ${shown(report.host)}` : ""}</p>
<nav aria-label="Periods" class="periods">
    ${nav}
</nav>
${keyFigures(period)}
${sections(period)}
${howCounted(report, period)}`;
  return staffPage(`Report: ${period.label}`, body, REPORT_PATH);
}

/** The page shown while no report has been built yet. */
export function waitingPage(reason: string): string {
  return staffPage(
    "Report",
    `<h1>Visits and enquiries</h1>\n<p class="notice problem">${shown(reason)}</p>`,
    REPORT_PATH,
  );
}
