// `npm run measure:cdn`: what a CDN close to the visitor is worth to a buyer far from the
// server, as Largest Contentful Paint per route. The built site (public/) is served two
// ways across a link with a 150 ms round trip (Pune to Europe):
//   - far:  the server as it is (nginx with deploy/nginx/, HTTPS and HTTP/2, compressing),
//           across the link;
//   - CDN:  the mirror's bucket (s3rver, filled by the mirror's own code) across the link,
//           with a caching proxy on the visitor's side (nginx proxy_cache, as in the tests),
//           warmed by one visit first, as a CDN's edge is by earlier visitors.
// The link is a relay in this process that holds each packet's worth of bytes 75 ms each
// way and a new connection's first bytes one round trip (its handshake): these machines'
// kernel has no netem. It adds latency only (no loss, no bandwidth limit, no slow start),
// which flatters the far server.
// Each route is loaded 3 times per way in a new browser context (nothing cached), at a
// phone's size; the median is reported. Writes reports/cdn-latency.json.
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { spawn } from "node:child_process";
import { chromium, type Browser } from "@playwright/test";
import { cdnHeaders } from "../deploy/headers";
import { builtRoutes } from "./lib/builtPages";
import { BROTLI_FILTER, NGINX, hasModule, writeNginxConf } from "../server/lib/nginx";
import { eachLimited, openBucket } from "../server/publisher/mirror/bucket";
import { PHASES, nginxTypes, releaseObjects } from "../server/publisher/mirror/objects";
import { readMirrorSettings } from "../server/publisher/mirror/settings";
import { HASHED } from "../server/publisher/releases";
import { filesIn } from "../server/publisher/compress";
import { freePort } from "../server/tests/host";
import { BUCKET, KEYS, certificate, startBucket, startCdn } from "../server/tests/cdn";
import chromiumFlags from "../e2e/chromium.json";

const ROUND_TRIP_MS = 150;
const RUNS = 3;
const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true };
const root = path.resolve(__dirname, "..");
const built = path.join(root, "public");

/** A link to 127.0.0.1:`port` with `ROUND_TRIP_MS` between its ends; resolves with its own port. */
async function slowLink(port: number): Promise<{ port: number; close: () => void }> {
  const oneWay = ROUND_TRIP_MS / 2;
  const later = (work: () => void) => setTimeout(work, oneWay);
  const server = net.createServer((near) => {
    near.pause();
    const far = net.connect(port, "127.0.0.1");
    far.on("error", () => near.destroy());
    near.on("error", () => far.destroy());
    // The handshake costs a round trip before the first byte goes.
    setTimeout(() => {
      near.on("data", (chunk) => later(() => far.write(chunk)));
      near.on("end", () => later(() => far.end()));
      near.resume();
    }, ROUND_TRIP_MS);
    far.on("data", (chunk) => later(() => near.write(chunk)));
    far.on("end", () => later(() => near.end()));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { port: (server.address() as net.AddressInfo).port, close: () => server.close() };
}

/** The server's nginx on the built site, as the server runs it (HTTPS, HTTP/2). */
async function startOrigin(dir: string) {
  const port = await freePort();
  const brotli = hasModule(BROTLI_FILTER);
  const { cert, key } = certificate(dir);
  const args = writeNginxConf(
    path.join(dir, "origin"),
    `  server {
    listen 127.0.0.1:${port} ssl http2;
    ssl_certificate ${cert};
    ssl_certificate_key ${key};
    root ${built};
    include snippets/site/site.conf;
    ${brotli ? "include snippets/site/brotli.conf;" : ""}
  }`,
    brotli ? [BROTLI_FILTER] : [],
  );
  const child = spawn(NGINX, args, { stdio: "inherit" });
  for (;;) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, "127.0.0.1", () => resolve(!!socket.end()));
      socket.on("error", () => resolve(false));
    });
    if (open) return { port, child };
    if (child.exitCode !== null) throw new Error("the origin's nginx did not start");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The mirror's objects for the build, uploaded in its order. */
async function fillBucket(s3Port: number): Promise<number> {
  const settings = readMirrorSettings({
    MIRROR_ENDPOINT: `http://127.0.0.1:${s3Port}`,
    MIRROR_BUCKET: BUCKET,
    MIRROR_REGION: "us-east-1",
    ...KEYS,
  })!;
  const bucket = openBucket(settings);
  const own = new Set(filesIn(built).filter((file) => HASHED.test(file)));
  const objects = releaseObjects(built, own, nginxTypes());
  for (const phase of PHASES) {
    await eachLimited(
      objects.filter((object) => object.phase === phase),
      (object) => bucket.put(object),
    );
  }
  bucket.close();
  return objects.length;
}

/** Largest Contentful Paint of one cold load, in ms. */
async function lcp(browser: Browser, url: string): Promise<number> {
  const context = await browser.newContext({ ...PHONE, ignoreHTTPSErrors: true });
  try {
    const page = await context.newPage();
    await page.goto(url, { waitUntil: "load" });
    return await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          new PerformanceObserver((list) => resolve(list.getEntries().at(-1)!.startTime)).observe({
            type: "largest-contentful-paint",
            buffered: true,
          });
        }),
    );
  } finally {
    await context.close();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function main() {
  if (!fs.existsSync(path.join(built, "index.html")))
    throw new Error("No build in public/: run `npm run build` first.");
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "measure-cdn-"));
  fs.chmodSync(dir, 0o755);
  const stops: (() => void | Promise<void>)[] = [];
  try {
    const origin = await startOrigin(dir);
    stops.push(() => void origin.child.kill());
    const toOrigin = await slowLink(origin.port);
    stops.push(toOrigin.close);
    const bucket = await startBucket(path.join(dir, "objects"));
    stops.push(() => void bucket.child.kill());
    const objects = await fillBucket(bucket.port);
    const toBucket = await slowLink(bucket.port);
    stops.push(toBucket.close);
    const cdn = await startCdn(dir, toBucket.port, cdnHeaders(`https://127.0.0.1:${origin.port}`));
    stops.push(cdn.stop);
    const browser = await chromium.launch({
      executablePath: process.env.CHROME_PATH || "/usr/bin/chromium",
      args: chromiumFlags.flags,
    });
    stops.push(() => browser.close());

    const far = `https://127.0.0.1:${toOrigin.port}`;
    console.log(`${objects} objects in the bucket; a ${ROUND_TRIP_MS} ms round trip to the server and to the bucket.`);
    console.log("route | far server (ms) | CDN near the visitor (ms)");
    const results: { route: string; far: number; cdn: number }[] = [];
    for (const route of builtRoutes()) {
      await lcp(browser, cdn.url + route); // the edge is warm, as after earlier visitors
      const farRuns: number[] = [];
      const cdnRuns: number[] = [];
      for (let run = 0; run < RUNS; run += 1) {
        farRuns.push(await lcp(browser, far + route));
        cdnRuns.push(await lcp(browser, cdn.url + route));
      }
      const row = { route, far: Math.round(median(farRuns)), cdn: Math.round(median(cdnRuns)) };
      results.push(row);
      console.log(`${route} | ${row.far} | ${row.cdn}`);
    }
    fs.mkdirSync(path.join(root, "reports"), { recursive: true });
    fs.writeFileSync(
      path.join(root, "reports", "cdn-latency.json"),
      JSON.stringify({ roundTripMs: ROUND_TRIP_MS, runs: RUNS, results }, null, 2) + "\n",
    );
    console.log("Written: reports/cdn-latency.json");
  } finally {
    for (const stop of stops.reverse()) await stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(`measure:cdn: ${(error as Error).message}`);
    process.exit(1);
  },
);
