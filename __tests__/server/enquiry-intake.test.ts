/**
 * @jest-environment node
 */
// The quote form's intake (server/enquiry/intake.ts) as a plain function, without a server:
// a form as the route reads it goes in; what became of it comes out, and the spool and the
// tally on disk say what was written. enquiry-http.test.ts tries the same through HTTP.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fixtureEnquirySettings, validForm } from "../helpers/enquirySettings";
import { FILE_FIELD, HONEYPOT_FIELD, LANGUAGE_FIELD, PAGE_FIELD, TOKEN_FIELD } from "../../src/enquiry/rules";
import { intake, type IntakeSettings, type PostedForm } from "../../server/enquiry/intake";
import type { Drawing } from "../../server/enquiry/message";
import { Spool } from "../../server/enquiry/spool";
import { TALLY_FILE, readTally } from "../../server/enquiry/tally";
import { Refusal } from "../../server/lib/refusal";

const live = fixtureEnquirySettings();
const valid = validForm(live);
const LIMITS: IntakeSettings = {
  postsPerHour: 100,
  bytesPerHour: 500 * 2 ** 20,
  attachMaxBytes: 10 * 2 ** 20,
  mailBytesPerHour: 500 * 2 ** 20,
  spoolMaxBytes: 100 * 2 ** 20,
  minFreeBytes: 0,
  from: "",
  to: "quotes@acme.test",
};
/** A PDF's first bytes, as the form's file rules expect of a drawing. */
const drawing = (bytes: number): Drawing => ({
  fileName: "drawing.pdf",
  content: Buffer.concat([Buffer.from("%PDF-1.7\n"), Buffer.alloc(bytes)]),
});

let dir: string;
let spool: Spool;
const logged: string[] = [];
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "intake-"));
  spool = new Spool(dir);
  spool.prepare();
  logged.length = 0;
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

function intakeWith(settings: Partial<IntakeSettings> = {}, freeBytes = () => 10 * 2 ** 30, resentBytes = () => 0) {
  return intake({
    spool,
    site: { settings: () => live, estimateDetails: () => null },
    settings: { ...LIMITS, ...settings },
    log: (line) => logged.push(line),
    freeBytes,
    resentBytes,
  });
}
const form = (values: Record<string, string | string[]>, files: Drawing[] = [], from = "192.0.2.7"): PostedForm => ({
  fields: new Map(Object.entries(values).map(([name, value]) => [name, Array.isArray(value) ? value : [value]])),
  truncated: new Set(),
  files,
  from,
});
const pending = () => spool.list("pending");

test("a valid form is stored, counted for the report with its page, and received (201)", async () => {
  const taken = await intakeWith().take(form({ ...valid, [PAGE_FIELD]: "/hard-anodising/" }));
  expect(taken).toMatchObject({ kind: "received", status: 201 });
  expect(pending().map((entry) => entry.id)).toEqual([taken.kind === "received" && taken.id]);
  expect(readTally(path.join(dir, TALLY_FILE))).toEqual([
    expect.objectContaining({ page: "/hard-anodising/", service: valid.service }),
  ]);
  expect(spool.readRecord(pending()[0].id)).toMatchObject({
    page: "/hard-anodising/",
    values: expect.objectContaining({ name: "Asha Rao" }),
  });
});

test("the page is kept without its query string, in the record and the tally (issue 52, finding 12)", async () => {
  const taken = await intakeWith().take(form({ ...valid, [PAGE_FIELD]: "/hard-anodising/?email=asha@acme.test#top" }));
  expect(taken).toMatchObject({ kind: "received" });
  expect(spool.readRecord(pending()[0].id)).toMatchObject({ page: "/hard-anodising/" });
  expect(readTally(path.join(dir, TALLY_FILE))).toEqual([expect.objectContaining({ page: "/hard-anodising/" })]);
  expect(fs.readFileSync(path.join(dir, TALLY_FILE), "utf8")).not.toContain("asha");
});

test("one token, one enquiry: the same form again is the same reference (200), stored once", async () => {
  const take = intakeWith().take;
  const token = "a-token-of-sixteen-or-more";
  const [first, second] = await Promise.all([
    take(form({ ...valid, [TOKEN_FIELD]: token })),
    take(form({ ...valid, [TOKEN_FIELD]: token })),
  ]);
  const third = await take(form({ ...valid, [TOKEN_FIELD]: token }));
  const ids = [first, second, third].map((taken) => (taken.kind === "received" ? taken.id : taken.kind));
  expect(new Set(ids).size).toBe(1);
  expect(third).toMatchObject({ status: 200 });
  expect(pending()).toHaveLength(1);
});

test.each([
  ["the hidden field robots fill", { [HONEYPOT_FIELD]: "http://spam.test" }, "refused"],
  ["a token that is not one", { [TOKEN_FIELD]: "short" }, "token: 16 to 64"],
  ["a page that is not a path of the site", { [PAGE_FIELD]: "https://elsewhere.test/" }, "page: a path"],
  ["a field sent twice", { name: ["Asha", "Ravi"] }, 'field "name" sent twice'],
])("%s: refused (400), nothing written", async (_what, extra, message) => {
  const taken = intakeWith().take(form({ ...valid, ...extra }));
  await expect(taken).rejects.toThrow(Refusal);
  await expect(intakeWith().take(form({ ...valid, ...extra }))).rejects.toMatchObject({
    statusCode: 400,
    message: expect.stringContaining(message),
  });
  expect(pending()).toEqual([]);
  expect(fs.existsSync(path.join(dir, TALLY_FILE))).toBe(false);
});

test("answers that break the form's rules come back with each problem and what was typed; nothing written", async () => {
  const sent = form({ ...valid, email: "not an address" });
  sent.truncated.add("message");
  const taken = await intakeWith().take(sent);
  expect(taken).toMatchObject({
    kind: "problems",
    values: expect.objectContaining({ email: "not an address" }),
    problems: { email: expect.any(String), message: "tooLong" },
  });
  expect(pending()).toEqual([]);
});

test("a file that is not what its name says is a problem of the file field", async () => {
  const taken = await intakeWith().take(
    form(valid, [{ fileName: "drawing.pdf", content: Buffer.from("MZ not a pdf") }]),
  );
  expect(taken).toMatchObject({ kind: "problems", problems: { [FILE_FIELD]: expect.any(String) } });
});

test("files over the attachment limit are kept on the server, and the record says so", async () => {
  const taken = await intakeWith({ attachMaxBytes: 100 }).take(form(valid, [drawing(1000)]));
  expect(taken).toMatchObject({ kind: "received", status: 201 });
  const [entry] = pending();
  expect(entry.drawingSize).toBeGreaterThan(1000);
  expect(spool.readRecord(entry.id)?.files).toEqual([{ name: "drawing.pdf", bytes: 1009, attached: false }]);
});

// Issue 52, finding 9: what staff sent again this hour counts against the hour's e-mail.
test("files that would pass the hour's e-mail budget with what staff sent again are kept on the server", async () => {
  const budget = 100_000;
  const attached = await intakeWith({ mailBytesPerHour: budget }).take(form(valid, [drawing(1000)]));
  expect(attached).toMatchObject({ kind: "received" });
  const kept = await intakeWith({ mailBytesPerHour: budget }, undefined, () => budget).take(
    form(valid, [drawing(1000)]),
  );
  expect(kept).toMatchObject({ kind: "received" });
  const files = (id: string) => spool.readRecord(id)?.files.map((file) => file.attached);
  expect(attached.kind === "received" && files(attached.id)).toEqual([true]);
  expect(kept.kind === "received" && files(kept.id)).toEqual([false]);
});

test("past the hour's forms for everyone, or its bytes, it is unavailable (call or WhatsApp); nothing written", async () => {
  const take = intakeWith({ postsPerHour: 1 }).take;
  expect(await take(form(valid))).toMatchObject({ kind: "received" });
  expect(await take(form({ ...valid, name: "Ravi" }))).toMatchObject({ kind: "unavailable" });
  expect(logged.join("\n")).toMatch(/ENQUIRY_POSTS_PER_HOUR/);
  expect(await intakeWith({ bytesPerHour: 10 }).take(form(valid, [drawing(100)]))).toMatchObject({
    kind: "unavailable",
  });
  expect(pending()).toHaveLength(1);
});

test("one sender takes at most a quarter of the hour, whichever address of its IPv6 /64 it posts from (issue 52, finding 11)", async () => {
  const take = intakeWith({ postsPerHour: 8 }).take;
  const from = (address: string, name: string) => take(form({ ...valid, name }, [], address));
  // Four addresses of one /64, written as a network writes them: two of eight are the sender's.
  expect(await from("2001:db8:1:2::1", "Asha")).toMatchObject({ kind: "received" });
  expect(await from("2001:db8:1:2:a::7", "Ravi")).toMatchObject({ kind: "received" });
  expect(await from("2001:0db8:0001:0002:ffff::1", "Meera")).toMatchObject({ kind: "unavailable" });
  expect(await from("2001:db8:1:2::9", "Kiran")).toMatchObject({ kind: "unavailable" });
  expect(logged.join("\n")).toMatch(/one sender \(an address, an IPv6 \/64\) had 25% of the hour/);
  // Another /64 and an IPv4 address are other senders.
  expect(await from("2001:db8:1:3::1", "Dev")).toMatchObject({ kind: "received" });
  expect(await from("198.51.100.4", "Nila")).toMatchObject({ kind: "received" });
  expect(pending()).toHaveLength(4);
  // No address in what the intake logs (the privacy notice names none kept there).
  expect(logged.join("\n")).not.toMatch(/2001|198\.51/);
});

test("one sender's drawings take at most a quarter of the hour's bytes; its first form is never refused for its share", async () => {
  const take = intakeWith({ bytesPerHour: 4000 }).take;
  expect(await take(form(valid, [drawing(1500)]))).toMatchObject({ kind: "received" });
  expect(await take(form({ ...valid, name: "Ravi" }, [drawing(10)]))).toMatchObject({ kind: "unavailable" });
  expect(await take(form({ ...valid, name: "Dev" }, [drawing(10)], "198.51.100.4"))).toMatchObject({
    kind: "received",
  });
});

test("a form with the robots' field filled is discarded without its address in the log", async () => {
  await expect(intakeWith().take(form({ ...valid, [HONEYPOT_FIELD]: "x" }, [], "203.0.113.99"))).rejects.toThrow(
    Refusal,
  );
  expect(logged.join("\n")).toContain("discarded a form");
  expect(logged.join("\n")).not.toContain("203.0.113.99");
});

test("at the disk's floor, or with no live release, it is unavailable; nothing written", async () => {
  expect(await intakeWith({ minFreeBytes: 2 ** 20 }, () => 2 ** 20).take(form(valid))).toMatchObject({
    kind: "unavailable",
  });
  expect(logged.join("\n")).toMatch(/HOST_MIN_FREE_MB/);
  const noRelease = intake({
    spool,
    site: {
      estimateDetails: () => null,
      settings: () => {
        throw new Error("no live release");
      },
    },
    settings: LIMITS,
    log: (line) => logged.push(line),
  });
  expect(await noRelease.take(form(valid))).toMatchObject({ kind: "unavailable" });
  expect(pending()).toEqual([]);
});

describe("the form in another language (issue 54)", () => {
  test("the fixture's form is published in German, with the English's names and answers", () => {
    expect(live.translations?.de?.formPath).toBe(`/de${live.formPath}`);
  });

  test("a German form is stored with its language, and the answer is in German", async () => {
    const taken = await intakeWith().take(form({ ...valid, [LANGUAGE_FIELD]: "de" }));
    expect(taken).toMatchObject({ kind: "received", status: 201, language: "de" });
    const id = pending()[0].id;
    expect(spool.readRecord(id)).toMatchObject({ language: "de" });
    // Quoted-printable: a long line is folded with "=" at its end.
    const message = fs.readFileSync(spool.file("pending", id), "utf8").replace(/=\r?\n/g, "");
    expect(message).toMatch(/^X-Enquiry-Language: de\r?$/m);
    expect(message).toMatch(/^Language: German \(the buyer used the form in it: answer in it\)\r?$/m);
  });

  test("an English form's e-mail says no language line, and its header says en", async () => {
    await intakeWith().take(form(valid));
    const id = pending()[0].id;
    const message = fs.readFileSync(spool.file("pending", id), "utf8");
    expect(message).toMatch(/^X-Enquiry-Language: en\r?$/m);
    expect(message).not.toMatch(/^Language:/m);
  });

  test("a German form with problems comes back with them, in German", async () => {
    const taken = await intakeWith().take(form({ ...valid, email: "", [LANGUAGE_FIELD]: "de" }));
    expect(taken).toMatchObject({ kind: "problems", language: "de", problems: { email: "required" } });
    expect(pending()).toEqual([]);
  });

  test.each([
    ["a language the site has not", "xx"],
    ["a language sent twice", ["de", "de"]],
  ])("%s is refused with 400, and nothing is written", async (_name, language) => {
    await expect(intakeWith().take(form({ ...valid, [LANGUAGE_FIELD]: language }))).rejects.toMatchObject({
      status: 400,
    });
    expect(pending()).toEqual([]);
  });

  test("a language the live form is not published in is refused with 400", async () => {
    const english = { ...live, translations: undefined };
    const take = intake({
      spool,
      site: { settings: () => english, estimateDetails: () => null },
      settings: LIMITS,
      log: (line) => logged.push(line),
      freeBytes: () => 10 * 2 ** 30,
    }).take;
    await expect(take(form({ ...valid, [LANGUAGE_FIELD]: "de" }))).rejects.toBeInstanceOf(Refusal);
    expect(pending()).toEqual([]);
  });
});

test("the e-mail's sender is the operator's setting, never content's address; content's is the name only (issue 71, L10)", async () => {
  const taken = await intakeWith({ from: "site@operator.test" }).take(form(valid));
  expect(taken).toMatchObject({ kind: "received" });
  const message = spool.read(pending()[0].id).toString("latin1");
  const from = /^From: (.*)$/m.exec(message)![1];
  expect(from).toContain("<site@operator.test>");
  expect(from).not.toContain(live.from);
});
