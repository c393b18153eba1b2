// The report's and the digest's chart: bars of a count per day or week, drawn as SVG on the
// server (no script). The report shows it inline; the digest sends it as a PNG (sharp), as
// mail programs drop inline SVG. Its numbers are also in a table beside it: the chart is for
// the shape, and its title says what it shows to a screen reader.
import { escapeHtml } from "../lib/html";

export interface Bars {
  title: string;
  /** A short label under each bar ("23 Nov"); shown for some bars when there are many. */
  labels: string[];
  values: number[];
  colour: string;
}

/** Small, so that its words stay readable when a phone shows it at its own width. */
const WIDTH = 400;
const HEIGHT = 150;
const TOP = 24;
const BOTTOM = 28;
const LEFT = 8;

/** One bar chart as an SVG element. */
export function barChart(bars: Bars): string {
  const count = Math.max(bars.values.length, 1);
  const max = Math.max(1, ...bars.values);
  const slot = (WIDTH - LEFT * 2) / count;
  const barWidth = Math.max(1, slot * 0.7);
  const plot = HEIGHT - TOP - BOTTOM;
  const every = Math.ceil(count / 5);
  // The first and last labels stay inside the picture.
  const anchor = (index: number) => (index === 0 ? "start" : index === count - 1 ? "end" : "middle");
  const labelX = (index: number, x: number) =>
    index === 0 ? x : index === count - 1 ? x + barWidth : x + barWidth / 2;
  const parts = bars.values.map((value, index) => {
    const height = Math.round((value / max) * plot);
    const x = LEFT + index * slot + (slot - barWidth) / 2;
    // The last bar (the latest day or week) is labelled, and every `every`th before it.
    const label =
      (count - 1 - index) % every === 0
        ? `<text x="${labelX(index, x).toFixed(1)}" y="${HEIGHT - 8}" text-anchor="${anchor(index)}">${escapeHtml(bars.labels[index] ?? "")}</text>`
        : "";
    return `<rect x="${x.toFixed(1)}" y="${TOP + plot - height}" width="${barWidth.toFixed(1)}" height="${height}" fill="${bars.colour}"><title>${escapeHtml(`${bars.labels[index] ?? ""}: ${value}`)}</title></rect>${label}`;
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${WIDTH} ${HEIGHT}" width="${WIDTH}" height="${HEIGHT}" role="img" aria-label="${escapeHtml(`${bars.title}; highest ${max}`)}" font-family="DejaVu Sans, sans-serif" font-size="12" fill="#1b1b1b">
<rect width="${WIDTH}" height="${HEIGHT}" fill="#ffffff"/>
<text x="${LEFT}" y="16" font-weight="bold">${escapeHtml(bars.title)} (highest: ${max})</text>
<line x1="${LEFT}" x2="${WIDTH - LEFT}" y1="${TOP + plot + 0.5}" y2="${TOP + plot + 0.5}" stroke="#767676"/>
${parts.join("\n")}
</svg>`;
}

/** Two charts one above the other, as one SVG (the digest's picture). */
export function stackedCharts(charts: Bars[]): string {
  const inner = charts
    .map(
      (bars, index) =>
        `<g transform="translate(0 ${index * HEIGHT})">${barChart(bars).replace(/^<svg[^>]*>|<\/svg>$/g, "")}</g>`,
    )
    .join("\n");
  const title = charts.map((bars) => bars.title).join("; ");
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${WIDTH} ${HEIGHT * charts.length}" width="${WIDTH}" height="${HEIGHT * charts.length}" role="img" aria-label="${escapeHtml(title)}" font-family="DejaVu Sans, sans-serif" font-size="12" fill="#1b1b1b">
${inner}
</svg>`;
}
