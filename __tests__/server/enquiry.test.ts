/**
 * @jest-environment node
 */
// The enquiry's pure parts: the form's rules (shared with the page), the drawing's
// signatures, the e-mail as composed, the spool's states, and the settings the build
// writes from content (the tests' own fixture content).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import {
  ANSWER_SEPARATOR,
  MAX_FILES,
  MAX_FILES_BYTES,
  checkField,
  checkFields,
  checkFiles,
  formFields,
  formatOf,
  questionFields,
  type FieldRule,
} from "../../src/enquiry/rules";
import { fixtureEnquirySettings } from "../helpers/enquirySettings";
import { attachmentsOf, cleanFileName, composeMessage, envelopeOf, messageIdOf } from "../../server/enquiry/message";
import { backoff } from "../../server/enquiry/settings";
import { ID_PATTERN, newId } from "../../server/enquiry/reference";
import { Spool } from "../../server/enquiry/spool";

const bytes = (text: string) => new Uint8Array(Buffer.from(text, "latin1"));
const choices = ["alpha", "other"];

const settings = fixtureEnquirySettings();
/** The fixture content's fields: its questions among them. */
const FIELDS = formFields(settings.form);
const rule = (name: string) => FIELDS.find((candidate) => candidate.name === name) as FieldRule;
const questions = questionFields(FIELDS);
const ofKind = (input: FieldRule["input"]) => questions.find((question) => question.input === input)!;
/** A valid answer to each question: its first option, a day, or some words. */
const answers = Object.fromEntries(
  questions.map((question) => [
    question.name,
    question.options?.[0] ?? (question.input === "date" ? "2027-03-31" : "ISO 7599"),
  ]),
);

const valid = {
  name: "Asha Rao",
  company: "Rao Castings",
  email: "asha@rao.test",
  phone: "+91 98765 43210",
  service: "alpha",
  material: "6061-T6",
  quantity: "500",
  partSize: "120 x 80 mm",
  message: "Hard anodising, 50 µm.\nBlack.",
  consent: "yes",
  ...answers,
};

describe("the form's rules", () => {
  it("accept a complete form", () => {
    expect(checkFields(FIELDS, valid, choices)).toEqual({});
  });

  it("ask content's questions after the part size, before the message, files and consent", () => {
    const names = FIELDS.map((field) => field.name);
    expect(questions.length).toBe(settings.form.questions?.length);
    expect(names.slice(names.indexOf("partSize") + 1, names.indexOf("message"))).toEqual(
      questions.map((question) => question.name),
    );
    expect(names.slice(-3)).toEqual(["message", "drawing", "consent"]);
  });

  it("check each kind of question as content sets it", () => {
    const choice = ofKind("radios");
    expect(checkField(choice, choice.options![1], choices)).toBeNull();
    expect(checkField(choice, "Gold plating", choices)).toBe("choice");
    expect(checkField(choice, "", choices)).toBe(choice.required ? "required" : null);
    const several = ofKind("checkboxes");
    expect(checkField(several, several.options!.slice(0, 2).join(ANSWER_SEPARATOR), choices)).toBeNull();
    expect(checkField(several, [several.options![0], "Bribe"].join(ANSWER_SEPARATOR), choices)).toBe("choice");
    const date = ofKind("date");
    expect(checkField(date, "2027-03-31", choices)).toBeNull();
    for (const wrong of ["2027-02-30", "31/03/2027", "tomorrow"]) expect(checkField(date, wrong, choices)).toBe("date");
    const long = ofKind("textarea");
    expect(checkField(long, "two\nlines", choices)).toBeNull();
  });

  it("let content make an optional fixed field required, and never the company's own needs optional", () => {
    const required = formFields({
      ...settings.form,
      company: { label: "Firm", required: "yes" },
      email: { label: "Mail", required: "no" },
    });
    expect(required.find((field) => field.name === "company")?.required).toBe(true);
    expect(required.find((field) => field.name === "email")?.required).toBe(true);
  });

  it("name two questions of one label apart", () => {
    const twice = formFields({
      ...settings.form,
      questions: [
        { label: "Colour?", kind: "text" },
        { label: "Colour", kind: "text" },
      ],
    });
    expect(questionFields(twice).map((field) => field.name)).toEqual(["q-colour", "q-colour-2"]);
  });

  it("name each problem", () => {
    expect(checkField(rule("name"), "  ", choices)).toBe("required");
    expect(checkField(rule("company"), "", choices)).toBeNull();
    expect(checkField(rule("email"), "asha@", choices)).toBe("email");
    expect(checkField(rule("phone"), "call me", choices)).toBe("phone");
    expect(checkField(rule("service"), "gold_plating", choices)).toBe("choice");
    expect(checkField(rule("consent"), "", choices)).toBe("consent");
    expect(checkField(rule("name"), "x".repeat(rule("name").maxLength + 1), choices)).toBe("tooLong");
    expect(checkField(rule("message"), "x".repeat(rule("message").maxLength), choices)).toBeNull();
  });

  it("refuse a line break in every one-line field, and allow it in the message", () => {
    // Tick boxes' answers travel a line each, and are checked against their options.
    const oneLine = FIELDS.filter(
      (field) => !field.multiline && !["checkbox", "checkboxes", "file"].includes(field.input),
    );
    for (const field of oneLine) {
      expect(checkField(field, "a\r\nBcc: x@y.test", choices)).toBe("oneLine");
      expect(checkField(field, "a\nb", choices)).toBe("oneLine");
    }
    expect(checkField(rule("message"), "a\r\nb", choices)).toBeNull();
  });
});

/** One file's problem, as checkFiles finds it among the files sent. */
const checkFile = (name: string, size: number, head: Uint8Array) => checkFiles([{ name, size, head }]);

describe("the files", () => {
  const line = (letter: string) => `${"x".repeat(72)}${letter}0000001\n`;
  const good: Record<string, string> = {
    "part.pdf": "%PDF-1.7\n",
    "part.png": "\x89PNG\r\n\x1a\n....",
    "part.JPG": "\xff\xd8\xff\xe0",
    "part.dwg": "AC1032\0\0",
    "part.step": "ISO-10303-21;\nHEADER;",
    "part.stp": "  ISO-10303-21;\n",
    "part.dxf": "  0\nSECTION\n  2\nHEADER\n",
    "comment.dxf": "999\nmade by hand\n0\r\nSECTION\r\n",
    "binary.dxf": "AutoCAD Binary DXF\r\n\x1a\0rest",
    "part.igs": line("S"),
    "part.iges": line("C"),
  };
  it.each(Object.entries(good))("accepts %s by its first bytes", (name, head) => {
    expect(checkFile(name, head.length, bytes(head))).toBeNull();
  });

  const bad: Record<string, string> = {
    "part.pdf": "PK\x03\x04",
    "part.png": "\xff\xd8\xff",
    "part.jpeg": "\x89PNG\r\n\x1a\n",
    "part.dwg": "AC2.10",
    "part.step": "<html>",
    "part.dxf": "SECTION\n0\n",
    "part.igs": line("G"),
  };
  it.each(Object.entries(bad))("refuses %s whose bytes are another format", (name, head) => {
    expect(checkFile(name, head.length, bytes(head))).toBe("fileContent");
  });

  it("refuses other types, and takes exactly the limit together but not a byte more", () => {
    expect(checkFile("setup.exe", 10, bytes("MZ"))).toBe("fileType");
    expect(checkFile("part.pdf.exe", 10, bytes("%PDF-"))).toBe("fileType");
    expect(checkFile("part.pdf", MAX_FILES_BYTES, bytes("%PDF-"))).toBeNull();
    expect(checkFile("part.pdf", MAX_FILES_BYTES + 1, bytes("%PDF-"))).toBe("fileSize");
    const half = { name: "half.pdf", size: MAX_FILES_BYTES / 2, head: bytes("%PDF-") };
    expect(checkFiles([half, half])).toBeNull();
    expect(checkFiles([half, { ...half, size: half.size + 1 }])).toBe("fileSize");
    expect(formatOf("Part.STP")).toBe("step");
  });

  it(`takes up to ${MAX_FILES} files, each checked, and not one more`, () => {
    const pdf = { name: "a.pdf", size: 10, head: bytes("%PDF-") };
    expect(checkFiles(Array.from({ length: MAX_FILES }, () => pdf))).toBeNull();
    expect(checkFiles(Array.from({ length: MAX_FILES + 1 }, () => pdf))).toBe("fileCount");
    expect(checkFiles([pdf, { ...pdf, name: "b.png" }])).toBe("fileContent");
    expect(checkFiles([])).toBeNull();
  });

  it("is attached under a cleaned name, never a path", () => {
    expect(cleanFileName("../../etc/passwd.pdf")).toBe("passwd.pdf");
    expect(cleanFileName("C:\\Users\\asha\\Bracket v2.dwg")).toBe("Bracket v2.dwg");
    expect(cleanFileName("a\r\nb<script>.png")).toBe("a_b_script_.png");
    expect(cleanFileName(".hidden.pdf")).toBe("hidden.pdf");
    expect(cleanFileName("////.pdf")).toBe("drawing.pdf");
  });
});

describe("the reference", () => {
  it("is the same for the same token and otherwise new", () => {
    expect(newId("token-0123456789abcdef")).toBe(newId("token-0123456789abcdef"));
    expect(newId("token-0123456789abcdef")).not.toBe(newId("token-0123456789abcdeg"));
    const random = new Set(Array.from({ length: 200 }, () => newId()));
    expect(random.size).toBe(200);
    for (const id of random) expect(id).toMatch(ID_PATTERN);
  });
});

describe("the e-mail", () => {
  it("holds every field, Reply-To the buyer, the files, and a Message-ID made from the reference", async () => {
    const drawing = { fileName: "../bracket.pdf", content: Buffer.from("%PDF-1.4 drawing") };
    const photo = { fileName: "photo.png", content: Buffer.from("\x89PNG\r\n\x1a\n photo", "latin1") };
    const id = newId("token-0123456789abcdef");
    const message = await composeMessage(
      { id, values: valid, files: [drawing, photo], receivedAt: new Date("2026-11-22T10:00:00Z") },
      settings,
      "web@acme.test",
      "quotes@acme.test",
    );
    const text = message.toString("utf8");
    expect(envelopeOf(message)).toEqual({ from: "web@acme.test", to: ["quotes@acme.test"] });
    expect(messageIdOf(message)).toBe(`<${id}.enquiry@acme.test>`);
    expect(text).toMatch(/^Reply-To: Asha Rao <asha@rao\.test>$/m);
    expect(text).toContain("filename=bracket.pdf");
    expect(text).toContain(Buffer.from("%PDF-1.4 drawing").toString("base64"));
    expect(text).toContain("filename=photo.png");
    // Read back in the order sent, byte for byte (the staff's inbox downloads them so).
    expect(attachmentsOf(message).map((file) => file.toString("latin1"))).toEqual([
      drawing.content.toString("latin1"),
      photo.content.toString("latin1"),
    ]);
    const body = text.slice(text.indexOf("\r\n\r\n"));
    for (const value of [valid.company, valid.quantity, valid.material, id]) expect(body).toContain(value);
  });
});

describe("the spool", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "spool-test-"));
  const spool = new Spool(dir);
  spool.prepare();

  it("keeps the enquiry private and moves it pending → sent, or pending → failed → pending", () => {
    spool.add("AAAAAAAAA1", Buffer.from("one"));
    spool.add("AAAAAAAAA2", Buffer.from("two"));
    expect(fs.statSync(spool.file("pending", "AAAAAAAAA1")).mode & 0o077).toBe(0);
    expect(spool.list("pending").map((entry) => entry.id)).toEqual(["AAAAAAAAA1", "AAAAAAAAA2"]);
    spool.move("AAAAAAAAA1", "pending", "sent");
    spool.move("AAAAAAAAA2", "pending", "failed", "550: no such mailbox");
    expect(spool.status()).toMatchObject({
      waiting: 0,
      sent: 1,
      failed: [{ id: "AAAAAAAAA2", error: "550: no such mailbox" }],
    });
    spool.move("AAAAAAAAA2", "failed", "pending");
    expect(spool.status()).toMatchObject({ waiting: 1, failed: [] });
    expect(spool.read("AAAAAAAAA2").toString()).toBe("two");
  });

  it("writes a status anyone may read, with no one's data in it", () => {
    spool.writeStatus();
    expect(fs.statSync(spool.statusFile()).mode & 0o777).toBe(0o644);
    expect(fs.readFileSync(spool.statusFile(), "utf8")).not.toContain("two");
  });

  it("deletes sent enquiries past the retention period, and nothing else", () => {
    const old = new Date(Date.now() - 31 * 86_400_000);
    fs.utimesSync(spool.file("sent", "AAAAAAAAA1"), old, old);
    expect(spool.expire(45)).toBe(0);
    expect(spool.expire(30)).toBe(1);
    expect(spool.stateOf("AAAAAAAAA1")).toBeNull();
    expect(spool.stateOf("AAAAAAAAA2")).toBe("pending");
  });

  it("never deletes a failed or waiting enquiry unseen, however old (issue 36)", () => {
    spool.add("AAAAAAAAA3", Buffer.from("three"));
    spool.move("AAAAAAAAA3", "pending", "failed", "550: no such mailbox");
    const old = new Date(Date.now() - 400 * 86_400_000);
    fs.utimesSync(spool.file("failed", "AAAAAAAAA3"), old, old);
    fs.utimesSync(spool.file("pending", "AAAAAAAAA2"), old, old);
    expect(spool.expire(1)).toBe(0);
    expect(spool.stateOf("AAAAAAAAA3")).toBe("failed");
    expect(spool.attempts("AAAAAAAAA3").lastError).toBe("550: no such mailbox");
    expect(spool.stateOf("AAAAAAAAA2")).toBe("pending");
  });

  it("makes room by deleting sent enquiries, oldest first, and never a waiting one (issue 27, finding 1)", () => {
    const full = new Spool(fs.mkdtempSync(path.join(os.tmpdir(), "spool-full-")));
    full.prepare();
    const kb = Buffer.alloc(1024);
    for (const [i, id] of ["BBBBBBBBB1", "BBBBBBBBB2", "BBBBBBBBB3"].entries()) {
      full.add(id, kb);
      full.move(id, "pending", "sent");
      const at = new Date(Date.now() - (10 - i) * 60_000);
      fs.utimesSync(full.file("sent", id), at, at);
    }
    full.add("BBBBBBBBB4", kb);
    expect(full.receivedWithin(60 * 60_000)).toHaveLength(4);
    // 4 KB stored, 1 KB more to fit in 4 KB: the oldest sent one goes.
    expect(full.makeRoom(1024, 4 * 1024)).toBe(true);
    expect(full.list("sent").map((entry) => entry.id)).toEqual(["BBBBBBBBB2", "BBBBBBBBB3"]);
    // No room even with every sent one gone: refused, the waiting one kept.
    expect(full.makeRoom(1024, 1024)).toBe(false);
    expect(full.list("pending").map((entry) => entry.id)).toEqual(["BBBBBBBBB4"]);
  });

  it("removes a killed write's temporary files when the service starts, and nothing stored (review 4, L1)", () => {
    const here = new Spool(fs.mkdtempSync(path.join(os.tmpdir(), "spool-leftovers-")));
    here.prepare();
    here.add("CCCCCCCCC1", Buffer.from("kept"));
    const leftovers = ["pending/.CCCCCCCCC2.eml.4242.tmp", "sent/.CCCCCCCCC3.eml.1-0a1b2c3d4e5f.tmp"];
    for (const name of leftovers) fs.writeFileSync(path.join(here.dir, "spool", name), "half");
    expect(here.removeLeftovers().sort()).toEqual(leftovers.sort());
    expect(here.list("pending").map((entry) => entry.id)).toEqual(["CCCCCCCCC1"]);
    for (const name of leftovers) expect(fs.existsSync(path.join(here.dir, "spool", name))).toBe(false);
    expect(here.removeLeftovers()).toEqual([]);
  });
});

describe("retries", () => {
  it("wait twice as long each time, up to the limit", () => {
    const limits = { retryMs: 1000, retryMaxMs: 10_000 };
    expect([1, 2, 3, 4, 5, 9].map((failures) => backoff(failures, limits))).toEqual([
      1000, 2000, 4000, 8000, 10_000, 10_000,
    ]);
  });
});

describe("the build's settings for the service", () => {
  it("come from content: retention, the services and the words, but not where enquiries go (the operator's)", () => {
    expect(settings).not.toHaveProperty("to");
    expect(settings.retentionDays).toBe(45);
    expect(settings.formPath).toBe("/price-request");
    expect(settings.services.map((service) => service.slug).at(-1)).toBe("other");
    expect(Object.keys(settings.labels)).toEqual(
      expect.arrayContaining(FIELDS.filter((field) => !field.name.startsWith("q-")).map((field) => field.name)),
    );
  });
});
