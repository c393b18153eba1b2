import { image, list, object, paragraph, text } from "../../schema/fields";
import { eyebrow, linkedCard, title, titledText } from "../../schema/pieces";

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
