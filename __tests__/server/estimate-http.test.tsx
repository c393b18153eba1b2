/**
 * @jest-environment node
 */
// The estimate desk without JavaScript (issue 73), in process: the enquiry service over a
// live release whose estimate page is the desk component's own markup on the tests' desk,
// answering a sent form in that page, with the figures the page would show.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import React from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { EstimateDesk } from "../../src/components/EstimateDesk";
import { ESTIMATE_API } from "../../src/estimate/form";
import { DESK_DATA_ID, jsonForHtml, type DeskPageData } from "../../src/estimate/pageData";
import { enquiryApp } from "../../server/enquiry/app";
import { LiveSite } from "../../server/enquiry/site";
import { Spool } from "../../server/enquiry/spool";
import { fixtureEnquirySettings } from "../helpers/enquirySettings";
import { BOUNDARY, multipart } from "../helpers/multipart";
import { desk } from "../estimate/desk";

const data: DeskPageData = {
  desk: desk(),
  processNames: { hard: "Hard", colour: "Colour" },
  standards: [],
  locale: "en-IN",
};
const today = new Date().toISOString().slice(0, 10);

let dir: string;
const open: { close: () => Promise<void> }[] = [];
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "estimate-http-"));
  const release = path.join(dir, "release");
  fs.mkdirSync(path.join(release, "_enquiry"), { recursive: true });
  fs.mkdirSync(path.join(release, "estimate"));
  const settings = { ...fixtureEnquirySettings(), estimatePaths: { en: "/estimate" } };
  fs.writeFileSync(path.join(release, "_enquiry", "settings.json"), JSON.stringify(settings));
  // A lead time set today, so the test's desk states it whatever day the test runs.
  data.desk.processes.forEach((process) => (process.leadTime.setOn = today));
  const page = renderToStaticMarkup(
    <html lang="en">
      <body>
        <EstimateDesk {...data} action={ESTIMATE_API} today={today} />
        <script type="application/json" id={DESK_DATA_ID} dangerouslySetInnerHTML={{ __html: jsonForHtml(data) }} />
      </body>
    </html>,
  );
  fs.writeFileSync(path.join(release, "estimate", "index.html"), page);
  fs.writeFileSync(path.join(release, "404.html"), "<html><body><h1>Not here</h1></body></html>");
  fs.mkdirSync(path.join(release, "_enquiry", "too-many"));
  fs.writeFileSync(
    path.join(release, "_enquiry", "too-many", "index.html"),
    "<html><body><h1>Slow down</h1></body></html>",
  );
  fs.symlinkSync(release, path.join(dir, "live"));
});
afterEach(async () => {
  await Promise.all(open.splice(0).map((running) => running.close()));
  fs.rmSync(dir, { recursive: true, force: true });
});

async function service(postsPerMinute = 100) {
  const spool = new Spool(path.join(dir, "spool"));
  spool.prepare();
  const app = await enquiryApp({
    spool,
    site: new LiveSite(path.join(dir, "live")),
    settings: {
      postsPerMinute,
      postsPerHour: 100,
      bytesPerHour: 1024 * 1024,
      attachMaxBytes: 1024,
      mailBytesPerHour: 1024 * 1024,
      spoolMaxBytes: 1024 * 1024,
      minFreeBytes: 0,
      from: "",
      to: "",
      staffSecret: "",
    },
    stored: () => undefined,
    log: () => undefined,
  });
  const url = await app.listen({ host: "127.0.0.1", port: 0 });
  const running = { url: `${url}${ESTIMATE_API}`, close: () => app.close(), spool };
  open.push(running);
  return running;
}

const send = (url: string, fields: Record<string, string>) =>
  fetch(url, {
    method: "POST",
    body: new Uint8Array(multipart(fields)),
    headers: { "content-type": `multipart/form-data; boundary=${BOUNDARY}` },
  });

const shaft = {
  process: "hard",
  thickness: "50",
  alloy: "A380",
  areaMode: "roundBar",
  diameter: "40",
  length: "300",
  mass: "2",
  quantity: "10",
  threads: "1",
  finished: "40",
};

test("a part sent without JavaScript: the page again, its fields as sent, the answer in place, nothing stored", async () => {
  const app = await service();
  const response = await send(app.url, shaft);
  expect(response.status).toBe(200);
  expect(response.headers.get("cache-control")).toBe("no-store");
  const page = await response.text();
  // The tests' sayings are their names and the figures put in them.
  expect(page).toContain("areaWorkedOut 4.02");
  expect(page).toContain("unsuitable too much silicon");
  expect(page).toContain("machineTo 39.95 40");
  expect(page).toContain(`leadTime 7`);
  expect(page).toMatch(/id="estimate-thickness"[^>]*value="50"|value="50"[^>]*id="estimate-thickness"/);
  expect(page).toMatch(/<option value="A380" selected/);
  expect(page).not.toContain(`id="${DESK_DATA_ID}"`);
  expect(app.spool.list("pending")).toEqual([]);
});

test("a part that cannot be read: a summary that takes focus, each problem linked and under its field", async () => {
  const app = await service();
  const page = await (await send(app.url, { ...shaft, thickness: "", mass: "heavy" })).text();
  expect(page).toMatch(/<div id="estimate-problems"[^>]*autofocus/);
  expect(page).toContain("<h2>word problems.summary</h2>");
  expect(page).toContain('<a href="#estimate-thickness">word thickness: word problems.required</a>');
  expect(page).toContain('<a href="#estimate-mass">word mass: word problems.number</a>');
  expect(page).toMatch(/id="estimate-mass"[^>]*aria-invalid="true"|aria-invalid="true"[^>]*id="estimate-mass"/);
  expect(page).toMatch(/id="estimate-mass-error"[^>]*>word problems.number<\/p>/);
  // The answer's place still says what it waits for; nothing is worked out from a half-read part.
  expect(page).toMatch(/id="estimate-said"[^>]*><p>word waiting<\/p>/);
  expect(page).not.toContain("areaWorkedOut");
});

test("a release without a desk: the site's 404 page", async () => {
  const { estimatePaths: _desk, ...without } = fixtureEnquirySettings();
  fs.writeFileSync(path.join(dir, "release", "_enquiry", "settings.json"), JSON.stringify(without));
  const app = await service();
  const response = await send(app.url, shaft);
  expect(response.status).toBe(404);
  expect(await response.text()).toContain("Not here");
});

test("too many from one address: 429", async () => {
  // One form a minute allows ten estimates.
  const app = await service(1);
  const statuses: number[] = [];
  for (let i = 0; i < 11; i += 1) statuses.push((await send(app.url, shaft)).status);
  expect(statuses.slice(0, 10)).toEqual(Array(10).fill(200));
  expect(statuses[10]).toBe(429);
});
