// `npm run audit`: Lighthouse 12 (mobile defaults) on every route of the production
// build, served on loopback, with the system Chromium. Three runs a route.
// Gates (they do not wobble): accessibility, best practices and SEO at 100 on every run,
// cumulative layout shift at most 0.01. Reported (median of the runs, as the machine's
// load moves them): performance, LCP, TBT. Writes reports/lighthouse.md and prints it.
import { spawn } from "node:child_process";
import fs from "node:fs";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";

// The routes (from content, as the browser tests read them) and the Chromium flags they share.
import { routes } from "../e2e/content.ts";

const chromium = JSON.parse(fs.readFileSync(new URL("../e2e/chromium.json", import.meta.url), "utf8"));
const ROUTES = process.env.AUDIT_ROUTES?.split(",") ?? routes;
const RUNS = Number(process.env.AUDIT_RUNS ?? 3);
const PORT = Number(process.env.AUDIT_PORT ?? 9300);
const MAX_CLS = 0.01;
const GATED = ["accessibility", "best-practices", "seo"];
const CHROME_FLAGS = ["--headless=new", ...chromium.flags];

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function serve() {
  // nginx with deploy/nginx/: the headers, compression and caching a visitor gets.
  const server = spawn("npx", ["tsx", "scripts/serve-nginx.ts"], {
    stdio: "ignore",
    detached: true,
    env: { ...process.env, PORT: String(PORT) },
  });
  for (let i = 0; i < 120; i += 1) {
    try {
      if ((await fetch(`http://127.0.0.1:${PORT}/`)).ok) return server;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error("The site did not start on the audit port.");
}

async function audit(url) {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH || "/usr/bin/chromium",
    chromeFlags: CHROME_FLAGS,
  });
  try {
    let { lhr } = await lighthouse(url, { port: chrome.port, output: "json", logLevel: "error" });
    // On a busy machine a run can lose its trace: the scores come back null, not low.
    // Such a run measured nothing, so it is run again (twice at most), never counted as 0.
    for (let retry = 0; retry < 2 && Object.values(lhr.categories).some((c) => c.score === null); retry += 1) {
      console.log(`re-running ${url}: a category had no score (${lhr.runtimeError?.code ?? "trace lost"})`);
      ({ lhr } = await lighthouse(url, { port: chrome.port, output: "json", logLevel: "error" }));
    }
    const scriptBytes = lhr.audits["network-requests"].details.items
      .filter((item) => item.resourceType === "Script")
      .reduce((sum, item) => sum + item.transferSize, 0);
    return {
      scores: Object.fromEntries(Object.entries(lhr.categories).map(([id, c]) => [id, Math.round(c.score * 100)])),
      lcp: lhr.audits["largest-contentful-paint"].numericValue,
      tbt: lhr.audits["total-blocking-time"].numericValue,
      cls: lhr.audits["cumulative-layout-shift"].numericValue,
      jsBytes: scriptBytes,
      failing: Object.values(lhr.categories)
        .filter((c) => GATED.includes(c.id))
        .flatMap((c) => c.auditRefs)
        .filter((ref) => ref.weight > 0 && lhr.audits[ref.id].score !== null && lhr.audits[ref.id].score < 1)
        .map((ref) => `${ref.id}: ${lhr.audits[ref.id].title}`),
    };
  } finally {
    await chrome.kill();
  }
}

const server = await serve();
const rows = [];
const problems = [];
try {
  for (const route of ROUTES) {
    const runs = [];
    for (let run = 0; run < RUNS; run += 1) runs.push(await audit(`http://127.0.0.1:${PORT}${route}`));
    const worst = (id) => Math.min(...runs.map((r) => r.scores[id]));
    const row = {
      route,
      performance: median(runs.map((r) => r.scores.performance)),
      accessibility: worst("accessibility"),
      "best-practices": worst("best-practices"),
      seo: worst("seo"),
      lcp: median(runs.map((r) => r.lcp)),
      tbt: median(runs.map((r) => r.tbt)),
      cls: Math.max(...runs.map((r) => r.cls)),
      js: median(runs.map((r) => r.jsBytes)),
    };
    rows.push(row);
    for (const id of GATED) {
      if (row[id] < 100)
        problems.push(`${route}: ${id} ${row[id]} (${[...new Set(runs.flatMap((r) => r.failing))].join("; ")})`);
    }
    if (row.cls > MAX_CLS) problems.push(`${route}: cumulative layout shift ${row.cls.toFixed(3)} > ${MAX_CLS}`);
    console.log(`audited ${route}`);
  }
} finally {
  process.kill(-server.pid);
}

const table = [
  `Lighthouse ${RUNS} runs per route, mobile defaults; performance, LCP, TBT and JS are medians, the other scores the worst run, CLS the largest.`,
  "",
  "| route | performance | accessibility | best practices | SEO | LCP | TBT | CLS | JS (transferred) |",
  "| --- | --- | --- | --- | --- | --- | --- | --- | --- |",
  ...rows.map(
    (r) =>
      `| ${r.route} | ${r.performance} | ${r.accessibility} | ${r["best-practices"]} | ${r.seo} | ${(r.lcp / 1000).toFixed(2)} s | ${Math.round(r.tbt)} ms | ${r.cls.toFixed(3)} | ${(r.js / 1024).toFixed(1)} KB |`,
  ),
].join("\n");
fs.mkdirSync("reports", { recursive: true });
fs.writeFileSync("reports/lighthouse.md", `${table}\n`);
console.log(`\n${table}\n`);
problems.forEach((line) => console.error(`✗ ${line}`));
console.log(`audit: ${rows.length * GATED.length + rows.length - problems.length} passed, ${problems.length} failed`);
process.exit(problems.length ? 1 : 0);
