import { list, object, paragraph, text, type Data } from "../../schema/fields";
import { eyebrow, title } from "../../schema/pieces";
import type { SectionCheck } from "../sectionCheck";

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

/** The section's `type` in content (GraphQL's FaqSection). */
export const type = "faq";

/** What a built page shows of it beyond its heading (scripts/check-build.ts runs it). */
export const check: SectionCheck<Data<typeof schema.fields> & { anchor?: string }> = (page, section, tools) => {
  const asked = page.doc.querySelectorAll("main details > summary").map(tools.text);
  const missing = section.questions.filter((q) => !asked.includes(tools.squash(q.question)));
  tools.noneMissing(
    `every question of "${section.title}" opens without JavaScript`,
    missing.map((q) => q.question),
  );
};
