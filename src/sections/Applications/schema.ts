import { list, object, paragraph, text, type Data } from "../../schema/fields";
import { title } from "../../schema/pieces";
import type { SectionCheck } from "../sectionCheck";

/** The industries and parts a treatment serves. */
export const schema = object("Areas of application", {
  title: title(),
  intro: paragraph("Introduction", { required: false }),
  items: list("Areas", text("Area"), { min: 1 }),
});

/** A valid example, for the tests that draw and hydrate every kind of section. */
export const example: Data<typeof schema.fields> = {
  title: "Example areas",
  items: ["Example area one", "Example area two"],
};

/** The section's `type` in content (GraphQL's ApplicationsSection). */
export const type = "applications";

/** What a built page shows of it beyond its heading (scripts/check-build.ts runs it). */
export const check: SectionCheck<Data<typeof schema.fields> & { anchor?: string }> = (page, section, tools) => {
  const missing = section.items.filter((item) => !page.items.includes(tools.squash(item)));
  tools.noneMissing(`all ${section.items.length} areas of "${section.title}"`, missing);
};
