/**
 * @jest-environment node
 */
// What staff do in their inbox (server/enquiry/inboxActions.ts) as plain functions of a
// spool on disk, without a server: each action, what it changes, and what it logs with the
// login. The routes (login, origin, pages) are tried through HTTP in enquiry-inbox.test.ts.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fixtureEnquirySettings } from "../helpers/enquirySettings";
import { inboxActions } from "../../server/enquiry/inboxActions";
import { composeMessage, type Drawing } from "../../server/enquiry/message";
import type { EnquiryRecord } from "../../server/enquiry/record";
import { MailBudget } from "../../server/enquiry/mailBudget";
import { newId } from "../../server/enquiry/reference";
import { Spool } from "../../server/enquiry/spool";
import { Refusal } from "../../server/lib/refusal";

const live = fixtureEnquirySettings();
const PDF = Buffer.from("%PDF-1.7\nthe drawing's bytes");
let dir: string;
let spool: Spool;
const logged: string[] = [];
let resent = 0;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "inbox-actions-"));
  spool = new Spool(dir);
  spool.prepare();
  logged.length = 0;
  resent = 0;
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));
const inbox = (mailBudget = new MailBudget(spool, 25 * 2 ** 20)) =>
  inboxActions({ spool, log: (line) => logged.push(line), resend: () => resent++, mailBudget });

/** An enquiry stored as the intake stores it, received `minutesAgo`, its drawing attached or kept. */
async function stored(name: string, minutesAgo: number, kept = false): Promise<string> {
  const id = newId();
  const files: Drawing[] = [{ fileName: "part.pdf", content: PDF }];
  const receivedAt = new Date(Date.now() - minutesAgo * 60_000);
  const values = { name, email: "buyer@acme.test", message: "50 µm" };
  const message = await composeMessage(
    { id, values, files, filesKept: kept, receivedAt },
    live,
    "site@acme.test",
    "sales@acme.test",
  );
  const record: EnquiryRecord = {
    id,
    receivedAt: receivedAt.toISOString(),
    values,
    questions: [],
    service: "",
    page: "",
    files: [{ name: "part.pdf", bytes: PDF.length, attached: !kept }],
  };
  spool.add(id, message, kept ? [PDF] : [], record);
  fs.utimesSync(spool.file("pending", id), receivedAt, receivedAt);
  return id;
}

test("the list is every enquiry kept, newest first, and the login is logged", async () => {
  const older = await stored("Asha", 60);
  const newer = await stored("Ravi", 5);
  expect(
    inbox()
      .list("asha.k")
      .map((row) => row.entry.id),
  ).toEqual([newer, older]);
  expect(logged).toEqual(["enquiry: asha.k listed the enquiries"]);
  expect(
    inbox()
      .spreadsheet("ravi")
      .map((row) => row.record?.values.name),
  ).toEqual(["Ravi", "Asha"]);
  expect(logged.at(-1)).toBe("enquiry: ravi downloaded all 2 enquiries as a spreadsheet");
});

test("an enquiry read in full, with its record; an unknown or malformed reference is a 404 that logs nothing", async () => {
  const id = await stored("Asha", 5);
  expect(inbox().read("asha.k", id)).toMatchObject({
    entry: { id, state: "pending" },
    record: { values: { name: "Asha" } },
    handled: null,
  });
  expect(logged).toEqual([`enquiry: asha.k read ${id}`]);
  for (const wrong of [newId(), "../../etc/passwd"]) {
    expect(() => inbox().read("asha.k", wrong)).toThrow(Refusal);
    expect(() => inbox().read("asha.k", wrong)).toThrow(/no enquiry .* is kept on the server/);
  }
  expect(logged).toHaveLength(1);
});

test("its drawing, attached to the e-mail or kept on the server, comes back byte for byte", async () => {
  const attached = await stored("Asha", 5);
  const kept = await stored("Ravi", 5, true);
  for (const id of [attached, kept]) expect(inbox().file("asha.k", id, 0)).toEqual({ name: "part.pdf", content: PDF });
  expect(() => inbox().file("asha.k", kept, 1)).toThrow("no such file with this enquiry");
  expect(logged).toEqual([
    `enquiry: asha.k downloaded file 1 of ${attached}`,
    `enquiry: asha.k downloaded file 1 of ${kept}`,
  ]);
});

test("its e-mail, as it is sent", async () => {
  const id = await stored("Asha", 5);
  expect(inbox().email("asha.k", id)).toEqual({ id, content: spool.read(id) });
  expect(logged).toEqual([`enquiry: asha.k downloaded the e-mail of ${id}`]);
});

test("marked handled by the login, then not handled", async () => {
  const id = await stored("Asha", 5);
  expect(inbox().mark("asha.k", id, true)).toBe(id);
  expect(spool.handled(id)).toMatchObject({ by: "asha.k" });
  inbox().mark("ravi", id, false);
  expect(spool.handled(id)).toBeNull();
  expect(logged).toEqual([`enquiry: asha.k marked ${id} handled`, `enquiry: ravi marked ${id} not handled`]);
});

test("sent again: a failed one goes back to wait for delivery, which is woken", async () => {
  const id = await stored("Asha", 5);
  spool.move(id, "pending", "failed", "550 refused");
  expect(inbox().sendAgain("asha.k", id)).toBe(id);
  expect(spool.stateOf(id)).toBe("pending");
  expect(resent).toBe(1);
  expect(logged).toEqual([`enquiry: asha.k asked to e-mail ${id} again`]);
});

// Issue 52, finding 9: any login could mail an enquiry with its drawing again and again.
test("sent again: counted against the hour's e-mail budget, refused with 429 once it is spent", async () => {
  const old = await stored("Asha", 2 * 60);
  const [entry] = spool.list("pending");
  let now = Date.now();
  // Room for the e-mail twice, not three times (nothing else was received this hour).
  const budget = new MailBudget(spool, entry.size * 2 + entry.size / 2, () => now);
  inbox(budget).sendAgain("asha.k", old);
  inbox(budget).sendAgain("asha.k", old);
  expect(budget.resentBytes()).toBe(entry.size * 2);
  let refusal: unknown;
  try {
    inbox(budget).sendAgain("asha.k", old);
  } catch (error) {
    refusal = error;
  }
  expect(refusal).toBeInstanceOf(Refusal);
  expect(refusal).toMatchObject({ status: 429, message: expect.stringMatching(/ENQUIRY_MAIL_MB_PER_HOUR/) });
  expect(resent).toBe(2);
  expect(logged.at(-1)).toBe(`enquiry: refused to e-mail ${old} again for asha.k: the hour's e-mail budget is spent`);
  // An hour on, the budget is whole again.
  now += 60 * 60_000 + 1;
  expect(budget.resentBytes()).toBe(0);
  expect(inbox(budget).sendAgain("asha.k", old)).toBe(old);
});
