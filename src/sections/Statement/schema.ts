import { list, object, paragraph, type Data } from "../../schema/fields";
import { eyebrow, title } from "../../schema/pieces";
import type { SectionCheck } from "../sectionCheck";

/** A page's opening words. */
export const schema = object("Statement", {
  eyebrow: eyebrow(),
  title: title(),
  paragraphs: list("Paragraphs", paragraph("Paragraph"), { min: 1 }),
});

/** A valid example, for the tests that draw and hydrate every kind of section. */
export const example: Data<typeof schema.fields> = {
  eyebrow: "Example eyebrow",
  title: "Example statement",
  paragraphs: ["Example paragraph."],
};

/** The section's `type` in content (GraphQL's StatementSection). */
export const type = "statement";

/** What a built page shows of it beyond its heading (scripts/check-build.ts runs it). */
// A statement is its heading and text: the heading check covers it.
export const check: SectionCheck<Data<typeof schema.fields> & { anchor?: string }> = () => {};
