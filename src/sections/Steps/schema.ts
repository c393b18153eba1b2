import { list, object, paragraph, text, type Data } from "../../schema/fields";
import { eyebrow, title } from "../../schema/pieces";
import type { SectionCheck } from "../sectionCheck";

/** An ordered process: what happens after an enquiry, step by step. */
export const schema = object("Steps (an ordered process)", {
  eyebrow: eyebrow(),
  title: title(),
  intro: paragraph("Introduction", { required: false }),
  steps: list(
    "Steps, in order",
    object("Step", {
      title: text("Step"),
      text: paragraph("What happens", { required: false }),
      duration: text("How long it takes", { required: false, hint: "For example: 1–2 working days" }),
    }),
    { min: 1 },
  ),
});

/** A valid example, for the tests that draw and hydrate every kind of section. */
export const example: Data<typeof schema.fields> = {
  title: "Example steps",
  steps: [
    { title: "Example step", text: "Example step text.", duration: "Example duration" },
    { title: "Second step", text: "Second step text." },
    { title: "Third step" },
  ],
};

/** The section's `type` in content (GraphQL's StepsSection). */
export const type = "steps";

/** What a built page shows of it beyond its heading (scripts/check-build.ts runs it). */
export const check: SectionCheck<Data<typeof schema.fields> & { anchor?: string }> = (page, section, tools) => {
  const steps = page.doc.querySelectorAll("main ol > li h3").map(tools.text);
  const missing = section.steps.filter((step) => !steps.includes(tools.squash(step.title)));
  tools.noneMissing(
    `every step of "${section.title}" in an ordered list`,
    missing.map((s) => s.title),
  );
};
