// Shapes several content files and section types share, so one word means one thing
// everywhere: `eyebrow` is the small heading above a section's `title`, its main heading.
import { image, list, number, object, paragraph, text } from "./fields";
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

/** The longest key fact, in characters: a fact is scanned, not read. */
export const KEY_FACT_MAX_LENGTH = 60;
/** At most this many key facts: the hero holds them and the buttons on a phone's first screen. */
export const KEY_FACTS_MAX = 5;

/** A hero's key facts: what a buyer checks first, in a few words each. */
export const keyFacts = () =>
  list(
    "Key facts (on the first screen)",
    text("Fact", {
      check: (value) =>
        value.length > KEY_FACT_MAX_LENGTH
          ? `is ${value.length} characters long: keep a fact to ${KEY_FACT_MAX_LENGTH} or fewer`
          : null,
    }),
    {
      required: false,
      max: KEY_FACTS_MAX,
      hint: "A few words each: the processes, alloys, largest part, coating thickness, standards.",
    },
  );

/** The thickest coating any process or standard here is given, µm (hard anodising goes to about 150). */
export const MAX_MICRONS = 500;

/** A coating thickness from–to, µm: what a process applies, what a standard's type allows. */
export const thicknessRange = (label: string, options: { required?: boolean } = {}) =>
  object(
    label,
    {
      from: number("From", 0, MAX_MICRONS, { integer: false }),
      to: number("To", 0, MAX_MICRONS, { integer: false }),
    },
    {
      ...options,
      typeName: "ThicknessRange",
      check: (value) => (Number(value.from) > Number(value.to) ? `to: is below from (${value.from})` : null),
    },
  );
