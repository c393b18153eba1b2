import { image, list, object, paragraph, text, type Data } from "../../schema/fields";
import { eyebrow, linkedCard, title, titledText } from "../../schema/pieces";
import type { SectionCheck } from "../sectionCheck";

/** Who the company is, with an optional teaser for one service. */
export const schema = object("About", {
  eyebrow: eyebrow(),
  title: title(),
  paragraphs: list("Paragraphs", paragraph("Paragraph"), { min: 1 }),
  image: image("Image", { required: false }),
  imageAlt: text("Image description (for screen readers)", { required: false }),
  claims: list("Claims (short facts under the text)", titledText, { required: false }),
  coreValues: object(
    "Core values",
    { title: text("Title"), values: list("Values", titledText, { min: 1 }) },
    { required: false },
  ),
  teaser: { ...linkedCard, label: "Teaser (a highlighted service)", required: false },
});

/** A valid example, for the tests that draw and hydrate every kind of section. */
export const example: Data<typeof schema.fields> = {
  eyebrow: "Example eyebrow",
  title: "Example about title",
  paragraphs: ["Example paragraph."],
  image: "images/example-about.jpg",
  imageAlt: "Example photo",
  claims: [{ title: "Example claim", text: "Example claim text." }],
  coreValues: { title: "Example values", values: [{ title: "Example value", text: "Example value text." }] },
  teaser: {
    title: "Example teaser",
    text: "Example teaser text.",
    image: "images/example-teaser.jpg",
    imageAlt: "Example teaser photo",
    link: "/example-page",
    linkLabel: "Example link",
  },
};

/** The section's `type` in content (GraphQL's AboutSection). */
export const type = "about";

/** What a built page shows of it beyond its heading (scripts/check-build.ts runs it). */
export const check: SectionCheck<Data<typeof schema.fields> & { anchor?: string }> = (page, section, tools) => {
  const missing = [...(section.claims ?? []), ...(section.coreValues?.values ?? [])].filter(
    (p) => !page.body.includes(tools.squash(p.title)),
  );
  tools.noneMissing(
    `all claims and values of "${section.title}"`,
    missing.map((p) => p.title),
  );
  tools.teaser(section.teaser);
};
