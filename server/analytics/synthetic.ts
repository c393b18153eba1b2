// A visits log made up for the tests and the year's timing (`npm run report:year`): days of
// visitors reading pages (each with its files), robots, missing pages and lines no nginx
// wrote, in daily files as logrotate leaves them (access.log, access.log.1, then .gz).
// Seeded: the same arguments make the same log.
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

export interface SyntheticOptions {
  dir: string;
  /** The last day's noon (epoch ms); the log covers `days` days up to it. */
  end: number;
  days: number;
  visitorsPerDay: number;
  /** The site's pages, e.g. ["/", "/hard_anodizing"]. */
  pages: string[];
  seed?: number;
}

const PHONE =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Mobile Safari/537.36";
const DESKTOP =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36";
const MAC =
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15";
const ROBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
const REFERRERS = [
  "-",
  "-",
  "https://www.google.com/",
  "https://www.google.co.in/",
  "https://www.bing.com/search?q=hard+anodising",
  "https://www.linkedin.com/",
];
const ASSETS = [
  "/app-1.js",
  "/framework-2.js",
  "/static/a/photo.avif",
  "/page-data/app-data.json",
  "/favicon-32x32.png",
  "/manifest.webmanifest",
  "/static/b/logo.webp",
  "/commons-3.js",
];

/** nginx's $time_local for `ms`, in UTC. */
export function timeLocal(ms: number): string {
  const date = new Date(ms);
  const months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${pad(date.getUTCDate())}/${months[date.getUTCMonth()]}/${date.getUTCFullYear()}:${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())} +0000`;
}

/** One line as deploy/nginx/access-log-http.conf writes it. */
export const logLine = (
  address: string,
  ms: number,
  request: string,
  status: number,
  referrer: string,
  agent: string,
) => `${address} - - [${timeLocal(ms)}] "${request}" ${status} ${status === 200 ? 5120 : 0} "${referrer}" "${agent}"`;

/** Writes the log; returns how many lines. */
export function writeSyntheticLog(options: SyntheticOptions): number {
  let state = options.seed ?? 1;
  const random = () => {
    // mulberry32
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)];
  fs.mkdirSync(options.dir, { recursive: true });
  let total = 0;
  for (let back = options.days - 1; back >= 0; back--) {
    const dayStart = options.end - back * 86_400_000 - 12 * 3_600_000;
    const lines: string[] = [];
    for (let visitor = 0; visitor < options.visitorsPerDay; visitor++) {
      const address = `10.${Math.floor(random() * 250)}.${Math.floor(random() * 250)}.0`;
      const agent = pick([PHONE, PHONE, DESKTOP, MAC]);
      let at = dayStart + Math.floor(random() * 80_000_000);
      let referrer = pick(REFERRERS);
      const views = 1 + Math.floor(random() * 4);
      for (let view = 0; view < views; view++) {
        const page = pick(options.pages);
        lines.push(logLine(address, at, `GET ${page} HTTP/2.0`, 200, referrer, agent));
        for (const asset of ASSETS)
          lines.push(logLine(address, at + 50, `GET ${asset} HTTP/2.0`, 200, `https://site${page}`, agent));
        referrer = `https://site${page}`;
        at += 30_000;
      }
      if (random() < 0.05) lines.push(logLine(address, at, "GET /wp-login.php HTTP/1.1", 404, "-", agent));
    }
    for (let hit = 0; hit < options.visitorsPerDay / 4; hit++) {
      lines.push(logLine("66.249.66.0", dayStart + hit * 1000, `GET ${pick(options.pages)} HTTP/1.1`, 200, "-", ROBOT));
    }
    lines.push("this line is not nginx's");
    const text = `${lines.join("\n")}\n`;
    total += lines.length;
    const name = back === 0 ? "access.log" : back === 1 ? "access.log.1" : `access.log.${back}.gz`;
    const file = path.join(options.dir, name);
    fs.writeFileSync(file, name.endsWith(".gz") ? zlib.gzipSync(text, { level: 1 }) : text);
    // logrotate keeps each file's last write as its time.
    const last = new Date(dayStart + 86_000_000);
    fs.utimesSync(file, last, last);
  }
  return total;
}
