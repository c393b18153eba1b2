import { image, list, object, paragraph, text, type Data } from "../../schema/fields";
import { COLOUR } from "../../schema/patterns";
import { eyebrow, title } from "../../schema/pieces";
import type { SectionCheck } from "../sectionCheck";

const colour = object("Colour", {
  name: text("Name (for example: Gold)"),
  swatch: text("Swatch colour (the nearest screen colour)", { pattern: COLOUR }),
  photo: image("Photo of a finished part (shown on the swatch instead of the colour)", {
    required: false,
  }),
  note: text("Note (for example: also for outdoor parts)", { required: false }),
});

/** A colour card: the shades colour anodising gives, each named, with a swatch or a photo. */
export const schema = object("Colour card (colour anodising)", {
  eyebrow: eyebrow(),
  title: title(),
  intro: paragraph("Introduction", { required: false }),
  colours: list("Colours", colour, { min: 1 }),
});

/** A valid example, for the tests that draw and hydrate every kind of section. */
export const example: Data<typeof schema.fields> = {
  title: "Example colours",
  colours: [
    { name: "Example colour", swatch: "#c8a24a", note: "Example note" },
    { name: "Another colour", swatch: "#1b1b1b" },
  ],
};

/** The section's `type` in content (GraphQL's ColoursSection). */
export const type = "colours";

/** What a built page shows of it beyond its heading (scripts/check-build.ts runs it). */
export const check: SectionCheck<Data<typeof schema.fields> & { anchor?: string }> = (page, section, tools) => {
  const listItems = page.doc.querySelectorAll("main li");
  const shows = (colour: { name: string; swatch: string }) =>
    listItems.some((item) => {
      const style = item.querySelector("[aria-hidden='true']")?.getAttribute("style") ?? "";
      return (
        tools.text(item).startsWith(tools.squash(colour.name)) &&
        style.toLowerCase().includes(colour.swatch.toLowerCase())
      );
    });
  const missing = section.colours.filter((colour) => !shows(colour));
  tools.noneMissing(
    `every colour of "${section.title}" named beside its swatch`,
    missing.map((c) => c.name),
  );
};
