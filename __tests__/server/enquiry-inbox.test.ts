/**
 * @jest-environment node
 */
// The staff's enquiries (/admin/enquiries/), in process: forms posted to the real service,
// then read as nginx passes a checked login (its secret and the login's name). Without
// them: 401; a button pressed from another site: 403; a hostile buyer's words: text only.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fixtureEnquirySettings, validForm } from "../helpers/enquirySettings";
import { BOUNDARY, multipart } from "../helpers/multipart";
import { ENQUIRY_API, MAX_FILES_BYTES, PAGE_FIELD, questionName } from "../../src/enquiry/rules";
import { escapeHtml } from "../../server/lib/html";
import { enquiryApp } from "../../server/enquiry/app";
import { INBOX_PATH } from "../../server/enquiry/message";
import { csvCell } from "../../server/enquiry/inboxPages";
import type { LiveSite } from "../../server/enquiry/site";
import { SPOOL_FILE, STATES, Spool } from "../../server/enquiry/spool";
import { APP_DIR } from "../../server/lib/settings";

const live = fixtureEnquirySettings();
const site = { settings: () => live } as unknown as LiveSite;
const SECRET = "a-secret-only-nginx-knows-0123456789";
const STAFF = { "x-staff-secret": SECRET, "x-staff-login": "priya" };

// The shared valid form, with a company: the inbox lists enquiries by it.
const valid: Record<string, string> = { ...validForm(live), company: "Rao Precision" };

const pdfOf = (bytes: number) => {
  const pdf = Buffer.alloc(bytes, 0x20);
  pdf.write("%PDF-1.4", 0, "latin1");
  return pdf;
};

let dir: string;
let spool: Spool;
let base: string;
let close: () => Promise<void>;
const logged: string[] = [];
let resent = 0;

beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "enquiry-inbox-"));
  spool = new Spool(dir);
  spool.prepare();
  logged.length = 0;
  const app = await enquiryApp({
    spool,
    site,
    settings: {
      postsPerMinute: 100,
      postsPerHour: 100,
      bytesPerHour: 500 * 1024 * 1024,
      attachMaxBytes: 1024 * 1024,
      mailBytesPerHour: 500 * 1024 * 1024,
      spoolMaxBytes: 100 * 1024 * 1024,
      minFreeBytes: 0,
      from: "",
      to: "quotes@acme.test",
      staffSecret: SECRET,
    },
    stored: () => (resent += 1),
    log: (line) => logged.push(line),
  });
  base = await app.listen({ host: "127.0.0.1", port: 0 });
  close = () => app.close();
});
afterEach(async () => {
  await close();
  fs.rmSync(dir, { recursive: true, force: true });
});

type File = { name: string; content: Buffer };
async function send(fields: Record<string, string>, file?: File | File[]): Promise<string> {
  const response = await fetch(`${base}${ENQUIRY_API}`, {
    method: "POST",
    body: new Uint8Array(multipart(fields, file)),
    headers: { "content-type": `multipart/form-data; boundary=${BOUNDARY}`, accept: "application/json" },
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { reference: string }).reference;
}

const get = (where: string, headers: Record<string, string> = STAFF) => fetch(`${base}${where}`, { headers });
const press = (where: string, headers: Record<string, string> = {}) =>
  fetch(`${base}${where}`, {
    method: "POST",
    redirect: "manual",
    headers: {
      ...STAFF,
      "content-type": "application/x-www-form-urlencoded",
      "sec-fetch-site": "same-origin",
      ...headers,
    },
    body: "",
  });

test.each([
  ["no login", {}],
  ["a login without nginx's secret", { "x-staff-login": "priya" }],
  ["a wrong secret", { "x-staff-secret": "x".repeat(SECRET.length), "x-staff-login": "priya" }],
  ["the secret with a malformed login", { "x-staff-secret": SECRET, "x-staff-login": "<b>" }],
])("%s: 401 for the list, an enquiry, its file and the spreadsheet", async (_what, headers) => {
  const id = await send(valid, { name: "part.pdf", content: pdfOf(2000) });
  for (const where of [INBOX_PATH, `${INBOX_PATH}${id}`, `${INBOX_PATH}${id}/file/0`, `${INBOX_PATH}enquiries.csv`]) {
    const response = await get(where, headers);
    expect(response.status).toBe(401);
    expect(await response.text()).not.toContain(valid.company);
  }
});

test("the list: newest first, with company, service, page, delivery and handled; the read is logged", async () => {
  const first = await send({ ...valid, [PAGE_FIELD]: "/services/first/" });
  const second = await send({ ...valid, company: "Second Works", name: "B" });
  const response = await get(`${INBOX_PATH}?show=all`);
  expect(response.status).toBe(200);
  expect(response.headers.get("cache-control")).toContain("no-store");
  const page = await response.text();
  expect(page.indexOf(second)).toBeGreaterThan(0);
  expect(page.indexOf(second)).toBeLessThan(page.indexOf(first));
  expect(page).toContain(valid.company);
  expect(page).toContain(live.services[0].title.replace(/&/g, "&amp;"));
  expect(page).toContain("/services/first/");
  expect(page).toContain("Waiting to be e-mailed");
  expect(page).toContain("Not yet handled");
  expect(logged).toContain("enquiry: priya listed the enquiries");
});

test("a 10,000-character field is refused at the form (422), so nothing that long is ever kept", async () => {
  const response = await fetch(`${base}${ENQUIRY_API}`, {
    method: "POST",
    body: new Uint8Array(multipart({ ...valid, message: "x".repeat(10_000) })),
    headers: { "content-type": `multipart/form-data; boundary=${BOUNDARY}`, accept: "application/json" },
  });
  expect(response.status).toBe(422);
  expect(spool.list("pending")).toHaveLength(0);
});

test("a hostile buyer's words are shown as text: markup escaped, control and direction marks visible", async () => {
  const hostile = {
    ...valid,
    name: "<script>alert(1)</script>",
    company: `Evil\u202Efdp.exe Ltd`,
    material: "x".repeat(200),
    message: `<img src=x onerror=alert(1)>\u0007bell\u200Fmark ${"long ".repeat(990)}`,
  };
  const id = await send(hostile, { name: `drawing\u202Egpj.pdf`, content: pdfOf(100) });
  const page = await (await get(`${INBOX_PATH}${id}`)).text();
  expect(page).not.toMatch(/<script>alert|<img src=x/);
  expect(page).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
  expect(page).toContain("&lt;img src=x onerror=alert(1)&gt;");
  expect(page).toContain("Evil[U+202E]fdp.exe Ltd");
  expect(page).toContain("[U+0007]bell[U+200F]mark");
  expect(page).toContain("drawing[U+202E]gpj.pdf");
  expect(page).not.toMatch(/[\u202E\u0007\u200F]/);
  // A textarea's CR LF is a line break, not a hidden character.
  const twoLines = await send({ ...valid, message: "first line\r\nsecond line" });
  const shownLines = await (await get(`${INBOX_PATH}${twoLines}`)).text();
  expect(shownLines).toContain("first line\nsecond line");
  const list = await (await get(`${INBOX_PATH}?show=all`)).text();
  expect(list).toContain("Evil[U+202E]fdp.exe Ltd");
  expect(list).not.toMatch(/<script>alert/);
});

test("one enquiry shows each of content's questions by its label, with the buyer's answer as text", async () => {
  const text = (live.form.questions ?? []).find((question) => question.kind === "text")!;
  const id = await send({ ...valid, [questionName(text.label)]: "<b>MIL-A-8625</b> Type III" });
  const page = await (await get(`${INBOX_PATH}${id}`)).text();
  for (const question of live.form.questions ?? []) expect(page).toContain(`<dt>${escapeHtml(question.label)}</dt>`);
  expect(page).toContain("&lt;b&gt;MIL-A-8625&lt;/b&gt; Type III");
});

test("each file downloads as an attachment with a safe type, attached or kept on the server", async () => {
  const small = pdfOf(1000);
  const photo = Buffer.concat([Buffer.from("\x89PNG\r\n\x1a\n", "latin1"), Buffer.alloc(500, 1)]);
  const large = pdfOf(1024 * 1024 + 1);
  const attached = await send(valid, [
    { name: "small part.pdf", content: small },
    { name: "photo.png", content: photo },
  ]);
  const kept = await send({ ...valid, name: "B" }, [
    { name: "large.pdf", content: large },
    { name: "photo.png", content: photo },
  ]);
  for (const [id, index, content, name] of [
    [attached, 0, small, "small part.pdf"],
    [attached, 1, photo, "photo.png"],
    [kept, 0, large, "large.pdf"],
    [kept, 1, photo, "photo.png"],
  ] as const) {
    const response = await get(`${INBOX_PATH}${id}/file/${index}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe(name.endsWith(".png") ? "image/png" : "application/pdf");
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="[^"]+"; filename\*=UTF-8''/);
    expect(response.headers.get("content-disposition")).toContain(encodeURIComponent(name));
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(Buffer.from(await response.arrayBuffer()).equals(content)).toBe(true);
    expect(logged).toContain(`enquiry: priya downloaded file ${index + 1} of ${id}`);
  }
  for (const index of ["2", "-1", "1e0", "01x"])
    expect((await get(`${INBOX_PATH}${attached}/file/${index}`)).status).toBe(404);
  expect((await get(`${INBOX_PATH}NOSUCHONE0/file/0`)).status).toBe(404);
  expect(MAX_FILES_BYTES).toBeGreaterThan(large.length);
});

test("mark as handled records who and when; from another site it is refused with 403 and nothing changes", async () => {
  const id = await send(valid);
  const elsewhere: Record<string, string>[] = [
    { "sec-fetch-site": "cross-site" },
    { "sec-fetch-site": "", origin: "https://evil.test" },
  ];
  for (const headers of elsewhere) {
    const refused = await press(`${INBOX_PATH}${id}/handled`, headers);
    expect(refused.status).toBe(403);
    expect(spool.handled(id)).toBeNull();
  }
  const done = await press(`${INBOX_PATH}${id}/handled`);
  expect(done.status).toBe(303);
  expect(done.headers.get("location")).toBe(`${INBOX_PATH}${id}?done=handled`);
  expect(spool.handled(id)).toEqual({ by: "priya", at: expect.any(String) });
  const page = await (await get(`${INBOX_PATH}${id}?done=handled`)).text();
  expect(page).toContain("Handled</span> by priya");
  expect((await get(INBOX_PATH)).status).toBe(200);
  expect(await (await get(INBOX_PATH)).text()).not.toContain(id);
  await press(`${INBOX_PATH}${id}/not-handled`);
  expect(spool.handled(id)).toBeNull();
});

test("send again: a sent or failed enquiry goes back to be e-mailed, its record and handling with it", async () => {
  const id = await send(valid, { name: "part.pdf", content: pdfOf(1024 * 1024 + 1) });
  spool.markHandled(id, "priya");
  spool.move(id, "pending", "failed", "550 refused");
  const before = resent;
  const response = await press(`${INBOX_PATH}${id}/send`);
  expect(response.status).toBe(303);
  expect(spool.stateOf(id)).toBe("pending");
  expect(resent).toBe(before + 1);
  expect(spool.readRecord(id)?.values.company).toBe(valid.company);
  expect(spool.readDrawing(id)).not.toBeNull();
  expect(spool.handled(id)?.by).toBe("priya");
});

test("the spreadsheet: every enquiry, labels from content, cells no spreadsheet reads as a formula", async () => {
  await send({ ...valid, company: '=HYPERLINK("http://evil.test")' });
  await send({ ...valid, company: 'Quote "A" Ltd' });
  const response = await get(`${INBOX_PATH}enquiries.csv`);
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toContain("text/csv");
  expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="enquiries-\d{4}-\d\d-\d\d\.csv"/);
  const text = await response.text();
  const lines = text.trim().split("\r\n");
  expect(lines).toHaveLength(3);
  expect(lines[0]).toContain(csvCell(live.labels.company));
  // A column per question, by its label.
  for (const question of live.form.questions ?? []) expect(lines[0]).toContain(csvCell(question.label));
  expect(text).toContain(`"'=HYPERLINK(""http://evil.test"")"`);
  expect(text).toContain(`"Quote ""A"" Ltd"`);
  expect(logged).toContain("enquiry: priya downloaded all 2 enquiries as a spreadsheet");
});

test("retention: sent ones expire; a failed one only once handled, and then after the same period", () => {
  const now = Date.now();
  const day = 86_400_000;
  const make = (id: string, state: "sent" | "failed", daysAgo: number) => {
    spool.add(id, Buffer.from("Subject: x\r\n\r\nx"));
    spool.move(id, "pending", state);
    const at = new Date(now - daysAgo * day);
    fs.utimesSync(spool.file(state, id), at, at);
  };
  make("0000000001", "sent", 50);
  make("0000000002", "failed", 50);
  make("0000000003", "failed", 50);
  make("0000000004", "failed", 50);
  spool.markHandled("0000000003", "priya", new Date(now - 46 * day));
  spool.markHandled("0000000004", "priya", new Date(now - 1 * day));
  expect(spool.expire(45, now)).toBe(2);
  expect(["0000000001", "0000000002", "0000000003", "0000000004"].map((id) => spool.stateOf(id))).toEqual([
    null,
    "failed",
    null,
    "failed",
  ]);
});

test("every file the spool writes is one sitectl backup takes, and restore's import brings them all back", () => {
  const id = "0000000009";
  spool.add(id, Buffer.from("Subject: x\r\n\r\nx"), [pdfOf(10)], {
    id,
    receivedAt: new Date().toISOString(),
    values: { name: "A" },
    service: "x",
    page: "",
    files: [{ name: "a.pdf", bytes: 10, attached: false }],
  });
  spool.markHandled(id, "priya");
  spool.move(id, "pending", "failed", "550 refused");
  const files = STATES.flatMap((state) => fs.readdirSync(spool.folder(state)));
  expect(files.sort()).toEqual([`${id}.drawing`, `${id}.eml`, `${id}.form.json`, `${id}.handled.json`, `${id}.json`]);
  for (const name of files) expect(name).toMatch(SPOOL_FILE);
  for (const name of [`${id}.exe`, `../${id}.eml`, `${id}.formXjson`, "README"]) expect(name).not.toMatch(SPOOL_FILE);

  // As sitectl restore hands a backup's spool to the service's user: into an empty spool.
  const target = fs.mkdtempSync(path.join(os.tmpdir(), "enquiry-import-"));
  const output = execFileSync(
    path.join(APP_DIR, "node_modules", ".bin", "tsx"),
    [path.join(APP_DIR, "server/enquiry/import.ts"), path.join(dir, "spool")],
    { env: { ...process.env, ENQUIRY_DIR: target }, encoding: "utf8" },
  );
  expect(output.trim()).toBe("1 added");
  const restored = new Spool(target);
  expect(restored.stateOf(id)).toBe("failed");
  expect(restored.readRecord(id)?.files[0].name).toBe("a.pdf");
  expect(restored.handled(id)?.by).toBe("priya");
  expect(restored.readDrawing(id)?.equals(pdfOf(10))).toBe(true);
  fs.rmSync(target, { recursive: true, force: true });
}, 30_000);
