import { list, object, paragraph } from "../../schema/fields";
import { eyebrow, title } from "../../schema/pieces";

/** A page's opening words. */
export const schema = object("Statement", {
  eyebrow: eyebrow(),
  title: title(),
  paragraphs: list("Paragraphs", paragraph("Paragraph"), { min: 1 }),
});
