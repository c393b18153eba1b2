/**
 * @jest-environment node
 */
// Every fixed field of the quote form reaches the staff where src/enquiry/places.ts puts
// it: the e-mail, the inbox's page of the enquiry and the spreadsheet all follow the one
// table, so a field added to the form with its place is shown in all three or this fails.
import { FIELD_PLACES, FIXED_NAMES, placedIn, staffLines } from "../../src/enquiry/places";
import { BEFORE_QUESTIONS, formFields, questionFields, type FormWords } from "../../src/enquiry/rules";
import { composeMessage } from "../../server/enquiry/message";
import { csv, enquiryPage } from "../../server/enquiry/inboxPages";
import type { Row } from "../../server/enquiry/inboxActions";
import { fixtureEnquirySettings, validAnswers } from "../helpers/enquirySettings";

const settings = fixtureEnquirySettings();
const questions = questionFields(formFields(settings.form));

/** A value no other field holds, for each field: found in the staff's views by itself. */
const values: Record<string, string> = Object.fromEntries([
  ...FIXED_NAMES.map((name) => [name, name === "email" ? `${name}@places.test` : `value of ${name}`]),
  ...questions.map((question) => [question.name, validAnswers(settings)[question.name]]),
]);
values.service = settings.services[0].slug;
const shownValue = (name: string) => (name === "service" ? settings.services[0].title : values[name]);

const receivedAt = new Date("2026-11-22T10:00:00Z");
const row: Row = {
  entry: {
    id: "ABCDEFGHJK",
    state: "sent",
    receivedAt,
    size: 1,
    drawingSize: 0,
    attempts: { attempts: 1, nextAttemptAt: 0, lastError: "" },
  },
  record: {
    id: "ABCDEFGHJK",
    receivedAt: receivedAt.toISOString(),
    values,
    questions: questions.map((question) => ({ name: question.name, label: question.words.label })),
    service: settings.services[0].title,
    page: "/",
    files: [{ name: "bracket.pdf", bytes: 16, attached: true }],
  },
  handled: null,
};

describe("where each field of the quote form reaches the staff", () => {
  it("declares a place for every fixed field, in the page's order", () => {
    const fixed = formFields({} as FormWords)
      .map((rule) => rule.name)
      .filter((name) => !name.startsWith("q-"));
    expect(FIXED_NAMES).toEqual(fixed);
    expect(new Set(Object.values(FIELD_PLACES))).toEqual(new Set(["line", "body", "files", "none"]));
  });

  it("keeps content's questions where the page asks them", () => {
    const lines = staffLines(["Q"]);
    const at = lines.findIndex((line) => "question" in line);
    expect(lines.slice(0, at)).toEqual(
      BEFORE_QUESTIONS.filter((name) => FIELD_PLACES[name] === "line").map((fixed) => ({ fixed })),
    );
  });

  const views = async () => {
    const message = await composeMessage(
      { id: row.entry.id, values, files: [{ fileName: "bracket.pdf", content: Buffer.from("%PDF-1.4") }], receivedAt },
      settings,
      "web@places.test",
      "quotes@places.test",
    );
    const mail = message.toString("utf8");
    return {
      "the e-mail": mail.slice(mail.indexOf("\r\n\r\n")).replace(/=\r\n/g, ""),
      "the inbox's page": enquiryPage(row, settings, ""),
      "the spreadsheet": csv([row], settings),
    };
  };

  for (const name of FIXED_NAMES) {
    const place = FIELD_PLACES[name];
    it(`${name} (${place}) is ${place === "none" ? "shown nowhere" : "in the e-mail, the inbox and the spreadsheet"}`, async () => {
      for (const [view, text] of Object.entries(await views())) {
        if (place === "none") expect({ view, shown: text.includes(shownValue(name)) }).toEqual({ view, shown: false });
        else if (place === "files")
          expect({ view, label: text.includes(settings.labels[name]) }).toEqual({ view, label: true });
        else expect({ view, shown: text.includes(shownValue(name)) }).toEqual({ view, shown: true });
      }
    });
  }

  it("shows every question's answer in all three", async () => {
    for (const [view, text] of Object.entries(await views()))
      for (const question of questions)
        expect({ view, question: question.name, shown: text.includes(values[question.name]) }).toMatchObject({
          shown: true,
        });
  });

  it("lists the files under the files field's label", async () => {
    for (const text of Object.values(await views())) expect(text).toContain("bracket.pdf");
    expect(placedIn("files")).toHaveLength(1);
  });
});
