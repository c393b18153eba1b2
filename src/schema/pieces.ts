// Shapes several content files and section types share, so one word means one thing
// everywhere: `eyebrow` is the small heading above a section's `title`, its main heading.
import { image, object, paragraph, text } from "./fields";
import { LINK } from "./patterns";

/** A link to a page of this site or an https:// address. */
export const link = (label: string, options: { required?: boolean } = {}) => text(label, { ...options, pattern: LINK });

/** The small heading above a section's title: always optional. */
export const eyebrow = () => text("Small heading (above the title)", { required: false });

/** A section's main heading (its h2). */
export const title = () => text("Title (the section's heading)");

/** A short titled text: a point, a claim, a value. */
export const titledText = object(
  "Point",
  {
    title: text("Title"),
    text: paragraph("Text"),
  },
  { typeName: "TitledText" },
);

/** A card with a photo that links to a page. */
export const linkedCard = object(
  "Card",
  {
    title: text("Title"),
    text: paragraph("Text"),
    image: image("Image"),
    imageAlt: text("Image description (for screen readers)"),
    link: link("Link (a page of this site)"),
    linkLabel: text("Button label"),
  },
  { typeName: "LinkedCard" },
);
