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
import { parseYaml } from "../../src/schema/yaml";
import { EnquiryForm, type EnquiryWords } from "../../src/components/EnquiryForm";
import { EstimateDesk } from "../../src/components/EstimateDesk";
import { ENQUIRY_API } from "../../src/contract/enquiry";
import { ESTIMATE_FIELD, FIRM_QUOTE, NEXT_FIELD, RECORD, encodeEstimate } from "../../src/estimate/carry";
import { RECORD_MAX_BYTES } from "../../src/estimate/recordPdf";
import { ESTIMATE_API } from "../../src/estimate/form";
import { DESK_DATA_ID, jsonForHtml, type DeskPageData } from "../../src/estimate/pageData";
import { enquiryApp } from "../../server/enquiry/app";
import { LiveSite } from "../../server/enquiry/site";
import { Spool } from "../../server/enquiry/spool";
import { TALLY_FILE, readEstimates } from "../../server/enquiry/tally";
import { FIXTURE_PROJECT } from "../helpers/contentCopy";
import { fixtureEnquirySettings, validForm } from "../helpers/enquirySettings";
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
        <EstimateDesk {...data} language="en" action={ESTIMATE_API} quotePath="/ask" today={today} />
        <script type="application/json" id={DESK_DATA_ID} dangerouslySetInnerHTML={{ __html: jsonForHtml(data) }} />
      </body>
    </html>,
  );
  fs.writeFileSync(path.join(release, "estimate", "index.html"), page);
  // The quote form's page, as the component draws it from the tests' enquiry content.
  const words = (
    parseYaml(fs.readFileSync(path.join(FIXTURE_PROJECT, "content", "enquiry.yaml"), "utf8")) as { en: EnquiryWords }
  ).en;
  const form = renderToStaticMarkup(
    <html lang="en">
      <body>
        <EnquiryForm words={words} services={settings.services} privacyPath="/privacy" />
      </body>
    </html>,
  );
  fs.mkdirSync(path.join(release, settings.formPath), { recursive: true });
  fs.writeFileSync(path.join(release, settings.formPath, "index.html"), form);
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
  const running = { url: `${url}${ESTIMATE_API}`, quoteUrl: `${url}${ENQUIRY_API}`, close: () => app.close(), spool };
  open.push(running);
  return running;
}

const send = (url: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
  fetch(url, {
    method: "POST",
    body: new Uint8Array(multipart(fields)),
    headers: { "content-type": `multipart/form-data; boundary=${BOUNDARY}`, ...headers },
  });
const asJson = { accept: "application/json" };

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

test("the firm-quote button without JavaScript: the quote form, the figures in its hidden field", async () => {
  const app = await service();
  const response = await send(app.url, { ...shaft, [NEXT_FIELD]: FIRM_QUOTE });
  expect(response.status).toBe(200);
  expect(response.headers.get("cache-control")).toBe("no-store");
  const page = await response.text();
  const carried = new RegExp(`name="${ESTIMATE_FIELD}" value="([^"]*)"`).exec(page)?.[1];
  expect(carried?.replaceAll("&amp;", "&")).toBe(encodeEstimate(shaft));
  // Its note shows; the desk's page is the page the request came from.
  expect(/<p id="enquiry-estimate-note"[^>]*>Your estimate goes with it<\/p>/.exec(page)?.[0]).not.toContain("hidden");
  expect(page).toContain('<input type="hidden" name="page" value="/estimate">');
  expect(page).not.toContain("<script");
});

test("the requirements of record: a PDF downloaded, made now, kept nowhere", async () => {
  const app = await service();
  const response = await send(app.url, { ...shaft, [NEXT_FIELD]: RECORD });
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toBe("application/pdf");
  expect(response.headers.get("cache-control")).toBe("no-store");
  expect(response.headers.get("content-disposition")).toMatch(
    /^attachment; filename="requirements-E-[0-9A-F]{8}\.pdf"$/,
  );
  const pdf = Buffer.from(await response.arrayBuffer());
  expect(pdf.subarray(0, 8).toString("latin1")).toBe("%PDF-1.7");
  expect(pdf.length).toBeLessThan(RECORD_MAX_BYTES);
  expect(app.spool.list("pending")).toEqual([]);
  // A part not described in full: the desk again with its problems, no PDF.
  const half = await send(app.url, { ...shaft, mass: "", [NEXT_FIELD]: RECORD });
  expect(half.headers.get("content-type")).toContain("text/html");
  expect(await half.text()).toContain('<a href="#estimate-mass">word mass: word problems.required</a>');
});

test("the firm-quote button on a part not described in full: the desk again, with its problems", async () => {
  const app = await service();
  const page = await (await send(app.url, { ...shaft, quantity: "", [NEXT_FIELD]: FIRM_QUOTE })).text();
  expect(page).toContain('<a href="#estimate-quantity">word quantity: word problems.required</a>');
  expect(page).not.toContain(`name="${ESTIMATE_FIELD}"`);
});

test("a request for a quote with the figures: stored with every input and line, and in the e-mail", async () => {
  const app = await service();
  const settings = fixtureEnquirySettings();
  const response = await send(
    app.quoteUrl,
    { ...validForm(settings), [ESTIMATE_FIELD]: encodeEstimate(shaft) },
    asJson,
  );
  expect(response.status).toBe(201);
  const { reference } = (await response.json()) as { reference: string };
  const record = app.spool.readRecord(reference)!;
  expect(record.estimate?.inputs).toContainEqual({ label: "word thickness", value: "50" });
  expect(record.estimate?.inputs).toContainEqual({ label: "word process", value: "Hard" });
  expect(record.estimate?.inputs).toContainEqual({ label: "word shape", value: "word roundBar" });
  expect(record.estimate?.lines).toContain("machineTo 39.95 40");
  expect(record.estimate?.lines.some((line) => line.startsWith("! unsuitable"))).toBe(true);
  const mail = app.spool.read(reference).toString("utf8");
  expect(mail).toContain("Estimate (");
  expect(mail).toContain("word thickness: 50");
  expect(mail).toContain("machineTo 39.95 40");
});

test("a request with the figures but a field left empty: the form again, the figures still in it", async () => {
  const app = await service();
  const settings = fixtureEnquirySettings();
  const response = await send(app.quoteUrl, {
    ...validForm(settings),
    email: "",
    [ESTIMATE_FIELD]: encodeEstimate(shaft),
  });
  expect(response.status).toBe(422);
  const page = await response.text();
  const carried = new RegExp(`name="${ESTIMATE_FIELD}" value="([^"]*)"`).exec(page)?.[1];
  expect(carried?.replaceAll("&amp;", "&")).toBe(encodeEstimate(shaft));
  expect(/<p id="enquiry-estimate-note"[^>]*>Your estimate goes with it<\/p>/.exec(page)?.[0]).not.toContain("hidden");
  expect(app.spool.list("pending")).toEqual([]);
});

test("figures past their bound are refused, and nothing is stored", async () => {
  const app = await service();
  const settings = fixtureEnquirySettings();
  const response = await send(app.quoteUrl, { ...validForm(settings), [ESTIMATE_FIELD]: "x".repeat(2001) }, asJson);
  expect(response.status).toBe(400);
  expect(app.spool.list("pending")).toEqual([]);
});

test("an estimate is counted for the report by its process, standard and language, and nothing else", async () => {
  const app = await service();
  const tally = path.join(dir, "spool", TALLY_FILE);
  // Without JavaScript: the answer counts.
  await send(app.url, shaft);
  // With JavaScript: the page's beacon.
  const counted = await send(`${app.url}/count`, { process: "colour", standard: "", language: "en" });
  expect(counted.status).toBe(204);
  expect(readEstimates(tally).map((entry) => entry.estimate)).toEqual([
    { process: "hard", standard: "", language: "en" },
    { process: "colour", standard: "", language: "en" },
  ]);
  // A process, standard or language the live desk does not have: 400, nothing written.
  for (const wrong of [
    { process: "nope", standard: "", language: "en" },
    { process: "hard", standard: "nope", language: "en" },
    { process: "hard", standard: "", language: "de" },
    { process: "hard", standard: "", language: "xx" },
  ])
    expect((await send(`${app.url}/count`, wrong)).status).toBe(400);
  expect(readEstimates(tally)).toHaveLength(2);
  // Each line its day and those three alone: no figure of the part, no address.
  for (const line of fs.readFileSync(tally, "utf8").trim().split("\n")) {
    const entry = JSON.parse(line) as { estimate: object };
    expect(Object.keys(entry)).toEqual(["day", "estimate"]);
    expect(Object.keys(entry.estimate).sort()).toEqual(["language", "process", "standard"]);
  }
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
