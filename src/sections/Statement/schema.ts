import { list, object, paragraph, type Data } from "../../schema/fields";
import { eyebrow, title } from "../../schema/pieces";

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
