// The quote form as the server tests fill it: every field of the shipped content's form,
// its questions among them, with valid answers; typed into a page as a visitor does.
import type { Page } from "@playwright/test";
import { enquiry, services } from "../../e2e/content";
import { formFields, questionFields } from "../../src/enquiry/rules";

/** The form's fields from the shipped content: its questions among them. */
export const FIELDS = formFields(enquiry.form);
export const SERVICE = services[0].slug;

/** Fills the form as a visitor does: types, chooses, ticks (a tick-box answer a line of the value). */
export async function fill(page: Page, values: Record<string, string>) {
  for (const rule of FIELDS) {
    const value = values[rule.name];
    const input = page.locator(`form [name="${rule.name}"]`);
    if (value === undefined || rule.input === "file") continue;
    if (rule.input === "select") await input.selectOption(value);
    else if (rule.input === "checkbox") await input.check();
    else if (rule.input === "radios" || rule.input === "checkboxes") {
      for (const answer of value.split("\n"))
        await page.locator(`form [name="${rule.name}"][value="${answer}"]`).check();
    } else await input.fill(value);
  }
}

/** An answer to each of the content's questions: its first option (or two, for tick boxes), a day, some words. */
const answers = Object.fromEntries(
  questionFields(FIELDS).map((rule) => [
    rule.name,
    rule.input === "checkboxes"
      ? (rule.options ?? []).slice(0, 2).join("\n")
      : (rule.options?.[0] ?? (rule.input === "date" ? "2027-03-31" : `Answer to ${rule.words.label}`)),
  ]),
);

/** A complete, valid form; `overrides` change or (with undefined) drop fields. */
export function form(overrides: Record<string, string | undefined> = {}): Record<string, string> {
  const values: Record<string, string | undefined> = {
    name: "Asha Rao",
    company: "Rao Castings",
    email: "asha@rao-castings.test",
    phone: "+91 98765 43210",
    service: SERVICE,
    material: "6061-T6",
    quantity: "500 a month",
    partSize: "120 x 80 x 15 mm",
    message: "Hard anodising, 50 µm, black.\nDrawing attached.",
    consent: "yes",
    ...answers,
    ...overrides,
  };
  return Object.fromEntries(
    Object.entries(values).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
}
