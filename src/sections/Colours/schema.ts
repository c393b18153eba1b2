import { image, list, object, paragraph, text, type Data } from "../../schema/fields";
import { COLOUR } from "../../schema/patterns";
import { eyebrow, title } from "../../schema/pieces";

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
