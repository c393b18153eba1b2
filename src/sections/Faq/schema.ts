import { list, object, paragraph, text, type Data } from "../../schema/fields";
import { eyebrow, title } from "../../schema/pieces";

/** Questions buyers ask, each opening to its answer. */
export const schema = object("Questions and answers (FAQ)", {
  eyebrow: eyebrow(),
  title: title(),
  intro: paragraph("Introduction", { required: false }),
  questions: list(
    "Questions",
    object("Question", {
      question: text("Question"),
      answer: paragraph("Answer", { hint: "An empty line starts a new paragraph" }),
    }),
    { min: 1 },
  ),
});

/** A valid example, for the tests that draw and hydrate every kind of section. */
export const example: Data<typeof schema.fields> = {
  title: "Example questions",
  questions: [
    { question: "Example question?", answer: "Example answer.\n\nA second paragraph." },
    { question: "Another question?", answer: "Another answer." },
  ],
};
