// The owner's weekly e-mail: the last 7 days' visitors, pages and enquiries from the
// report (summary.json), with a chart of the weeks, and whether the server is well, in
// the owner's words (what visitors and staff notice, not the operator's fixes). Plain text
// with the same as a small HTML table, readable on a phone; the chart is a PNG drawn on
// the server. Every name in it came from outside and is escaped in the HTML.
import sharp from "sharp";
import { stackedCharts } from "./chart";
import type { PeriodReport, Report } from "./report";
import { dayLabel, ENQUIRIES_COLOUR, number, REPORT_PATH, VISITORS_COLOUR } from "./render";
import { escapeHtml } from "../lib/html";
import { plain, when, type Message } from "../lib/mail";

/** Weeks the chart shows. */
export const CHART_WEEKS = 12;
/** A report older than this is said to be stale in the digest. */
const STALE_MS = 2 * 24 * 60 * 60_000;
const TOP_PAGES = 5;
export const CHART_CID = "visits-chart";

export interface OwnerMailInput {
  domain: string;
  to: string;
  now: number;
  /** The report's summary, or null when none was built. */
  report: Report | null;
  /** What visitors and staff notice of each problem the server has now. */
  problems: { notice: string; since: number }[];
}

/** "1 visitor", "2 visitors". */
const counted = (value: number, one: string, many = `${one}s`) => `${number(value)} ${value === 1 ? one : many}`;
const rate = (enquiries: number, visitors: number) =>
  visitors ? `${Math.round((enquiries / visitors) * 1000) / 10} per 100 visitors` : "no visitor";

/** The 7 days before the last 7, from the year's days. */
function weekBefore(
  year: PeriodReport | undefined,
  week: PeriodReport,
): { visitors: number; pageViews: number; enquiries: number } | null {
  if (!year) return null;
  const days = year.days.filter((day) => day.day < week.from).slice(-7);
  if (days.length < 7) return null;
  return {
    visitors: days.reduce((sum, day) => sum + day.visitors, 0),
    pageViews: days.reduce((sum, day) => sum + day.pageViews, 0),
    enquiries: days.reduce((sum, day) => sum + day.enquiries, 0),
  };
}

async function chart(year: PeriodReport): Promise<{ cid: string; png: string; alt: string }> {
  const weeks = year.weeks.slice(-CHART_WEEKS);
  const labels = weeks.map((week) => dayLabel(week.week));
  const svg = stackedCharts([
    { title: "Visitors per week", labels, values: weeks.map((week) => week.visitors), colour: VISITORS_COLOUR },
    { title: "Enquiries per week", labels, values: weeks.map((week) => week.enquiries), colour: ENQUIRIES_COLOUR },
  ]);
  const png = await sharp(Buffer.from(svg)).png().toBuffer();
  const alt = `Visitors and enquiries per week, the last ${weeks.length} weeks: ${weeks
    .map((week) => `${dayLabel(week.week)} ${week.visitors} visitors, ${week.enquiries} enquiries`)
    .join("; ")}`;
  return { cid: CHART_CID, png: png.toString("base64"), alt };
}

export async function ownerMailMessage(input: OwnerMailInput): Promise<Message> {
  const { domain, report } = input;
  const link = `https://${domain}${REPORT_PATH}`;
  const health = input.problems.length
    ? [
        `The server: ${input.problems.length} problem(s) now; the operator has been told:`,
        ...input.problems.map((item) => `  - ${plain(item.notice)} (since ${when(item.since)})`),
      ]
    : ["The server: all is well."];
  const week = report?.periods.find((period) => period.id === "last-7-days");
  const year = report?.periods.find((period) => period.id === "last-365-days");
  if (!report || !week || !year) {
    const text = [
      `No visits report has been built yet, so there are no figures this week.`,
      `The server's operator can build it now: sitectl report --now`,
      ``,
      ...health,
    ].join("\n");
    return { to: input.to, subject: `[${domain}] Your week: no report yet`, text };
  }
  const stale = input.now - Date.parse(report.builtAt) > STALE_MS;
  const before = weekBefore(year, week);
  const pages = week.pages.slice(0, TOP_PAGES);
  const services = week.services.filter((service) => service.enquiries > 0 || service.visitors > 0);
  const sources = week.referrers.slice(0, 5);

  const text = [
    `The 7 days to ${dayLabel(week.days.at(-1)?.day ?? week.from)} on ${domain}.`,
    ...(stale
      ? [
          ``,
          `This report was built ${when(Date.parse(report.builtAt))} and has not been built since: the operator is told.`,
        ]
      : []),
    ``,
    `Visitors: ${number(week.visitors)}${before ? ` (the 7 days before: ${number(before.visitors)})` : ""}`,
    `Page views: ${number(week.pageViews)}`,
    `Enquiries: ${number(week.enquiries.total)}${before ? ` (the 7 days before: ${number(before.enquiries)})` : ""}, ${rate(week.enquiries.total, week.visitors)}`,
    ``,
    pages.length ? `Most viewed pages:` : `No page was viewed.`,
    ...pages.map(
      (page) =>
        `  ${plain(page.title || page.path)} (${plain(page.path)}): ${counted(page.views, "view")}, ${counted(page.visitors, "visitor")}`,
    ),
    ``,
    services.length ? `Enquiries per service (visitors of its page):` : `No enquiry and no visitor of a service page.`,
    ...services.map(
      (service) =>
        `  ${plain(service.title)}: ${number(service.enquiries)}${service.path ? ` (${counted(service.visitors, "visitor")})` : ""}`,
    ),
    ``,
    sources.length ? `Where visitors came from:` : `No visitor came by a link from another site.`,
    ...sources.map(
      (source) => `  ${plain(source.name)}: ${number(source.visitors)}${source.search ? " (search engine)" : ""}`,
    ),
    ``,
    ...health,
    ``,
    `The whole report, with the year: ${link} (the editor's login)`,
  ].join("\n");

  const cell = (value: string) => `<td style="padding:4px 8px;border-bottom:1px solid #dcdcdc">${value}</td>`;
  const head = (value: string) =>
    `<th style="text-align:left;padding:4px 8px;border-bottom:2px solid #767676">${value}</th>`;
  const image = await chart(year);
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(`Your week on ${domain}`)}</title></head>
<body style="margin:0;padding:12px;font:15px/1.5 sans-serif;color:#1b1b1b;background:#ffffff">
<p>The 7 days to ${escapeHtml(dayLabel(week.days.at(-1)?.day ?? week.from))} on ${escapeHtml(domain)}.</p>
${stale ? `<p style="color:#a4161a"><strong>This report has not been built since ${escapeHtml(when(Date.parse(report.builtAt)))}.</strong></p>` : ""}
<table style="border-collapse:collapse;max-width:100%">
<tr>${head("")}${head("These 7 days")}${before ? head("The 7 days before") : ""}</tr>
<tr>${cell("Visitors")}${cell(number(week.visitors))}${before ? cell(number(before.visitors)) : ""}</tr>
<tr>${cell("Page views")}${cell(number(week.pageViews))}${before ? cell(number(before.pageViews)) : ""}</tr>
<tr>${cell("Enquiries")}${cell(number(week.enquiries.total))}${before ? cell(number(before.enquiries)) : ""}</tr>
</table>
<p><img src="cid:${CHART_CID}" alt="${escapeHtml(image.alt)}" width="400" style="width:100%;max-width:600px;height:auto"></p>
<h2 style="font-size:16px">Enquiries per service</h2>
<table style="border-collapse:collapse;max-width:100%">
<tr>${head("Service")}${head("Enquiries")}${head("Visitors of its page")}</tr>
${services.map((service) => `<tr>${cell(escapeHtml(plain(service.title)))}${cell(number(service.enquiries))}${cell(service.path ? number(service.visitors) : "–")}</tr>`).join("\n")}
</table>
<h2 style="font-size:16px">Most viewed pages</h2>
<table style="border-collapse:collapse;max-width:100%">
<tr>${head("Page")}${head("Views")}</tr>
${pages.map((page) => `<tr>${cell(escapeHtml(plain(page.title || page.path)))}${cell(number(page.views))}</tr>`).join("\n")}
</table>
<p>${health.map((line) => escapeHtml(line)).join("<br>")}</p>
<p><a href="${escapeHtml(link)}">The whole report</a> (the editor's login).</p>
</body></html>`;
  return {
    to: input.to,
    subject: `[${domain}] Your week: ${counted(week.visitors, "visitor")}, ${counted(week.enquiries.total, "enquiry", "enquiries")}`,
    text,
    html,
    images: [image],
  };
}
