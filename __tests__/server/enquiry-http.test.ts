/**
 * @jest-environment node
 */
// The enquiry service's HTTP answers, in process (listening on a port of its own choosing,
// on loopback): every status a client can get, without nginx or a build. (Fastify's
// inject needs an ESM-only package jest cannot load.) The server tests (server/tests/enquiry.spec.ts) test
// the same through nginx, with real pages and a real mail server.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fixtureEnquirySettings, validForm } from "../helpers/enquirySettings";
import { BOUNDARY, multipart } from "../helpers/multipart";
import {
  ANSWER_SEPARATOR,
  ENQUIRY_API,
  FILE_FIELD,
  HONEYPOT_FIELD,
  MAX_FILES,
  MAX_FILES_BYTES,
  TOKEN_FIELD,
  formFields,
  questionFields,
} from "../../src/enquiry/rules";
import { enquiryApp } from "../../server/enquiry/app";
import { attachmentsOf } from "../../server/enquiry/message";
import type { LiveSite } from "../../server/enquiry/site";
import { Spool } from "../../server/enquiry/spool";
import { simpleParser } from "mailparser";

const live = fixtureEnquirySettings();
/** The live release as far as JSON answers need it: its settings. */
const site = { settings: () => live } as unknown as LiveSite;

const valid = validForm(live);
const questions = questionFields(formFields(live.form));

const logged: string[] = [];
/** Every service a test started, closed after it whatever happened. */
const open: { close: () => Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((running) => running.close()));
});
let dir: string;
let spool: Spool;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "enquiry-http-"));
  spool = new Spool(dir);
  spool.prepare();
  logged.length = 0;
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

interface Service {
  url: string;
  close: () => Promise<void>;
}

type Limits = Partial<
  Record<"postsPerMinute" | "postsPerHour" | "bytesPerHour" | "attachMaxBytes" | "mailBytesPerHour", number>
>;

async function service(limits: Limits = {}): Promise<Service> {
  const app = await enquiryApp({
    spool,
    site,
    settings: {
      postsPerMinute: limits.postsPerMinute ?? 100,
      postsPerHour: limits.postsPerHour ?? 100,
      bytesPerHour: limits.bytesPerHour ?? 500 * 1024 * 1024,
      attachMaxBytes: limits.attachMaxBytes ?? MAX_FILES_BYTES,
      mailBytesPerHour: limits.mailBytesPerHour ?? 500 * 1024 * 1024,
      spoolMaxBytes: 100 * 1024 * 1024,
      minFreeBytes: 0,
      from: "",
      to: "quotes@acme.test",
      staffSecret: "",
    },
    stored: () => undefined,
    log: (line) => logged.push(line),
  });
  const url = await app.listen({ host: "127.0.0.1", port: 0 });
  const running = { url: `${url}${ENQUIRY_API}`, close: () => app.close() };
  open.push(running);
  return running;
}

interface Answer {
  statusCode: number;
  json: () => unknown;
}

async function post(app: Service, body: Buffer, headers: Record<string, string> = {}): Promise<Answer> {
  const response = await fetch(app.url, {
    method: "POST",
    body: new Uint8Array(body),
    headers: { "content-type": `multipart/form-data; boundary=${BOUNDARY}`, accept: "application/json", ...headers },
  });
  const text = await response.text();
  return { statusCode: response.status, json: () => JSON.parse(text) };
}

const stored = () => spool.list("pending").length;

test("a complete form: 201 with its reference, stored before the answer", async () => {
  const app = await service();
  const answer = await post(app, multipart(valid));
  expect(logged).toEqual([expect.stringMatching(/^enquiry: stored /)]);
  expect(answer.statusCode).toBe(201);
  const { reference } = answer.json() as { reference: string };
  expect(spool.stateOf(reference)).toBe("pending");
});

test("pages from the site's public address (a CDN) may post and read the answer; no other site may", async () => {
  const app = await service();
  const ours = new URL(live.siteUrl).origin;
  const asked = await fetch(app.url, { method: "OPTIONS", headers: { origin: ours } });
  expect(asked.status).toBe(204);
  expect(asked.headers.get("access-control-allow-origin")).toBe(ours);
  expect(asked.headers.get("access-control-allow-methods")).toBe("POST");
  const posted = await fetch(app.url, {
    method: "POST",
    body: new Uint8Array(multipart(valid)),
    headers: { "content-type": `multipart/form-data; boundary=${BOUNDARY}`, accept: "application/json", origin: ours },
  });
  expect(posted.status).toBe(201);
  expect(posted.headers.get("access-control-allow-origin")).toBe(ours);
  const other = await fetch(app.url, { method: "OPTIONS", headers: { origin: "https://elsewhere.example" } });
  expect(other.headers.get("access-control-allow-origin")).toBeNull();
});

test("the same token twice: one enquiry, the same reference (200 the second time)", async () => {
  const app = await service();
  const form = multipart({ ...valid, [TOKEN_FIELD]: "a".repeat(20) });
  const first = await post(app, form);
  const second = await post(app, form);
  expect([first.statusCode, second.statusCode]).toEqual([201, 200]);
  expect(second.json()).toEqual(first.json());
  expect(stored()).toBe(1);
});

test.each([
  ["not multipart: 415", Buffer.from("name=x"), { "content-type": "application/x-www-form-urlencoded" }, 415],
  ["a field sent twice: 400", multipart(valid).toString().replace('name="email"', 'name="name"'), {}, 400],
  ["the robots' hidden field filled: 400", multipart({ ...valid, [HONEYPOT_FIELD]: "spam" }), {}, 400],
  ["a malformed token: 400", multipart({ ...valid, [TOKEN_FIELD]: "no spaces allowed" }), {}, 400],
] as const)("%s, nothing stored", async (_what, body, headers, status) => {
  const app = await service();
  const answer = await post(app, Buffer.from(body), headers);
  expect(answer.statusCode).toBe(status);
  expect(answer.json()).toHaveProperty("error");
  expect(stored()).toBe(0);
});

test("problems with the fields or the drawing: 422, each named, nothing stored", async () => {
  const app = await service();
  const answer = await post(
    app,
    multipart({ ...valid, email: "not-an-address" }, { name: "part.exe", content: Buffer.from("MZ") }),
  );
  expect(answer.statusCode).toBe(422);
  expect(Object.keys((answer.json() as { problems: object }).problems).sort()).toEqual([FILE_FIELD, "email"].sort());
  expect(stored()).toBe(0);
});

test("the questions' answers: each kind checked, several tick boxes kept as one answer, labels recorded", async () => {
  const app = await service();
  const choice = questions.find((question) => question.input === "radios")!;
  const several = questions.find((question) => question.input === "checkboxes")!;
  const date = questions.find((question) => question.input === "date")!;
  const wrong = await post(
    app,
    multipart({ ...valid, [choice.name]: "Gold plating", [date.name]: "2027-02-30", [several.name]: ["x", "y"] }),
  );
  expect(wrong.statusCode).toBe(422);
  expect((wrong.json() as { problems: object }).problems).toEqual({
    [choice.name]: "choice",
    [date.name]: "date",
    [several.name]: "choice",
  });
  // A name twice is refused, unless it is a tick-box question's.
  expect((await post(app, multipart({ ...valid, email: [valid.email, "b@c.test"] }))).statusCode).toBe(400);
  expect(stored()).toBe(0);

  const ticked = several.options!.slice(0, 2);
  const answer = await post(app, multipart({ ...valid, [several.name]: ticked }));
  expect(answer.statusCode).toBe(201);
  const id = (answer.json() as { reference: string }).reference;
  const record = spool.readRecord(id)!;
  expect(record.values[several.name]).toBe(ticked.join(ANSWER_SEPARATOR));
  expect(record.questions).toEqual(questions.map((question) => ({ name: question.name, label: question.words.label })));
  const mail = spool.read(id).toString("utf8");
  expect(mail).toContain(`${several.words.label}: ${ticked.join(", ")}`);
  expect(mail).toContain(`${choice.words.label}: ${valid[choice.name]}`);
});

test("a drawing one byte over the limit: 413, nothing stored", async () => {
  const app = await service();
  const pdf = Buffer.alloc(MAX_FILES_BYTES + 1, 0x20);
  pdf.write("%PDF-1.4", 0, "latin1");
  const answer = await post(app, multipart(valid, { name: "part.pdf", content: pdf }));
  expect(answer.statusCode).toBe(413);
  expect(stored()).toBe(0);
});

test(`several files: up to ${MAX_FILES} go with the e-mail; one more, or more bytes together than the limit: 413, nothing stored`, async () => {
  const app = await service();
  const files = Array.from({ length: MAX_FILES }, (_, index) => ({ name: `part-${index}.pdf`, content: pdfOf(100) }));
  const answer = await post(app, multipart(valid, files));
  expect(answer.statusCode).toBe(201);
  const record = spool.readRecord(reference(answer))!;
  expect(record.files.map((file) => [file.name, file.attached])).toEqual(files.map((file) => [file.name, true]));
  expect(attachmentsOf(spool.read(reference(answer)))).toHaveLength(MAX_FILES);

  const tooMany = await post(app, multipart({ ...valid, name: "Six" }, [...files, files[0]]));
  expect(tooMany.statusCode).toBe(413);
  const half = pdfOf(MAX_FILES_BYTES / 2 + 1);
  const tooLarge = await post(
    app,
    multipart({ ...valid, name: "Big" }, [
      { name: "a.pdf", content: half },
      { name: "b.pdf", content: half },
    ]),
  );
  expect(tooLarge.statusCode).toBe(413);
  expect(stored()).toBe(1);
});

test("past the per-address rate: 429; past the hourly total for everyone: 503", async () => {
  const perAddress = await service({ postsPerMinute: 1 });
  expect((await post(perAddress, multipart(valid))).statusCode).toBe(201);
  expect((await post(perAddress, multipart({ ...valid, name: "Another" }))).statusCode).toBe(429);

  const total = await service({ postsPerHour: 1 });
  expect((await post(total, multipart({ ...valid, name: "Third" }))).statusCode).toBe(503);
  expect(stored()).toBe(1);
});

test("the per-address rate counts an IPv6 /64 as one sender, however its addresses are written (issue 52, finding 11)", async () => {
  const app = await service({ postsPerMinute: 2 });
  const from = (address: string, name: string) =>
    post(app, multipart({ ...valid, name }), { "x-forwarded-for": address }).then((answer) => answer.statusCode);
  expect(await from("2001:db8:1:2::1", "One")).toBe(201);
  expect(await from("2001:0db8:0001:0002:abcd::9", "Two")).toBe(201);
  expect(await from("2001:db8:1:2:ffff:ffff:ffff:fffe", "Three")).toBe(429);
  // Another /64 of the same /48 is another sender.
  expect(await from("2001:db8:1:3::1", "Four")).toBe(201);
});

/** A PDF drawing of `bytes` bytes (its first bytes say PDF, as the form's check wants). */
function pdfOf(bytes: number): Buffer {
  const pdf = Buffer.alloc(bytes, 0x20);
  pdf.write("%PDF-1.4", 0, "latin1");
  return pdf;
}

const reference = (answer: Answer) => (answer.json() as { reference: string }).reference;

test("a drawing over the attachment limit is kept on the server, and the e-mail says how to get it", async () => {
  const app = await service({ attachMaxBytes: 1024 * 1024 });
  const small = await post(app, multipart(valid, { name: "small.pdf", content: pdfOf(1024 * 1024) }));
  const large = await post(
    app,
    multipart({ ...valid, name: "B" }, { name: "large.pdf", content: pdfOf(1024 * 1024 + 1) }),
  );
  expect([small.statusCode, large.statusCode]).toEqual([201, 201]);
  expect(spool.readDrawing(reference(small))).toBeNull();
  expect(spool.read(reference(small)).toString()).toContain("filename=small.pdf");
  const id = reference(large);
  expect(spool.readDrawing(id)?.equals(pdfOf(1024 * 1024 + 1))).toBe(true);
  const raw = spool.read(id);
  expect(raw.toString()).not.toContain("filename=large.pdf");
  // The text as the inbox shows it (quoted-printable may wrap a line anywhere).
  expect((await simpleParser(raw)).text).toContain(`sitectl enquiries --drawing ${id}`);
  expect(raw.length).toBeLessThan(64 * 1024);
});

test("the drawings e-mailed in an hour are bounded for everyone together: past it they are kept on the server", async () => {
  const app = await service({ mailBytesPerHour: 3 * 1024 * 1024 });
  const sent = [];
  // Each from another address: the bound is on the total, not per address.
  for (let i = 0; i < 3; i += 1) {
    const answer = await post(
      app,
      multipart({ ...valid, name: `Buyer ${i}` }, { name: "d.pdf", content: pdfOf(1024 * 1024) }),
      {
        "x-forwarded-for": `127.0.0.${10 + i}`,
      },
    );
    expect(answer.statusCode).toBe(201);
    sent.push(reference(answer));
  }
  const mailed = sent.filter((id) => spool.readDrawing(id) === null);
  const kept = sent.filter((id) => spool.readDrawing(id) !== null);
  // Base64 makes each attachment a third bigger: two fit in 3 MB of mail, the third is kept.
  expect(mailed).toHaveLength(2);
  expect(kept).toHaveLength(1);
});

test("the bytes stored in an hour are bounded for everyone together: past it the form answers 503 and stores nothing", async () => {
  const app = await service({ bytesPerHour: 3.2 * 1024 * 1024 });
  // From four visitors: one sender alone takes a quarter of the hour at most.
  const from = (n: number) => ({ "x-forwarded-for": `127.0.0.${20 + n}` });
  const first = await post(app, multipart(valid, { name: "a.pdf", content: pdfOf(1024 * 1024) }), from(1));
  const second = await post(
    app,
    multipart({ ...valid, name: "B" }, { name: "b.pdf", content: pdfOf(1024 * 1024) }),
    from(2),
  );
  expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
  const third = await post(
    app,
    multipart({ ...valid, name: "C" }, { name: "c.pdf", content: pdfOf(1024 * 1024) }),
    from(3),
  );
  expect(third.statusCode).toBe(503);
  expect(stored()).toBe(2);
  expect(logged.some((line) => line.includes("ENQUIRY_MB_PER_HOUR"))).toBe(true);
  // A form without a drawing still fits.
  expect((await post(app, multipart({ ...valid, name: "D" }), from(4))).statusCode).toBe(201);
});
