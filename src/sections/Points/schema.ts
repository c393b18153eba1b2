import { choice, list, object, paragraph, type Data } from "../../schema/fields";
import { title, titledText } from "../../schema/pieces";
import type { SectionCheck } from "../sectionCheck";

/** A titled list of points: a service's advantages, the facilities, the certificates. */
export const schema = object("Points (advantages, facilities, certificates…)", {
  title: title(),
  intro: paragraph("Introduction", { required: false }),
  points: list("Points", titledText, { min: 1 }),
  tone: choice("Background", { plain: "White", mist: "Light grey" }, { required: false, hint: "White unless chosen" }),
});

/** A valid example, for the tests that draw and hydrate every kind of section. */
export const example: Data<typeof schema.fields> = {
  title: "Example points",
  points: [{ title: "Example point", text: "Example point text." }],
  tone: "mist",
};

/** The section's `type` in content (GraphQL's PointsSection). */
export const type = "points";

/** What a built page shows of it beyond its heading (scripts/check-build.ts runs it). */
export const check: SectionCheck<Data<typeof schema.fields> & { anchor?: string }> = (page, section, tools) => {
  const missing = section.points.filter((p) => !page.body.includes(tools.squash(p.title)));
  tools.noneMissing(
    `all points of "${section.title}"`,
    missing.map((p) => p.title),
  );
};
