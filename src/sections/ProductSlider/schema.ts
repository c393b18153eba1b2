import { SLIDER_INTERVAL_MS, SLIDER_TRANSITION_MS } from "../../constants";
import { image, list, number, object, text, type Data } from "../../schema/fields";
import { title } from "../../schema/pieces";
import type { SectionCheck } from "../sectionCheck";

/** Photos of treated parts, advancing by themselves. */
export const schema = object("Product slider", {
  title: title(),
  slides: list(
    "Slides",
    object("Slide", {
      image: image("Photo"),
      imageAlt: text("Photo description (for screen readers)"),
      caption: text("Caption", { required: false }),
    }),
    { min: 2 },
  ),
  interval: number("Time each slide shows (ms)", 500, 20000, {
    required: false,
    hint: `Leave empty for the standard ${SLIDER_INTERVAL_MS} ms`,
  }),
  transitionTime: number("Time the change of slide takes (ms)", 0, 5000, {
    required: false,
    hint: `Leave empty for the standard ${SLIDER_TRANSITION_MS} ms`,
  }),
});

/** A valid example, for the tests that draw and hydrate every kind of section. */
export const example: Data<typeof schema.fields> = {
  title: "Example slider",
  slides: [
    { image: "images/example-slide-1.jpg", imageAlt: "Example part", caption: "Example caption" },
    { image: "images/example-slide-2.jpg", imageAlt: "Another part" },
  ],
};

/** The section's `type` in content (GraphQL's ProductSliderSection). */
export const type = "productSlider";

/** What a built page shows of it beyond its heading (scripts/check-build.ts runs it). */
// A page's sliders are checked together, in order, after its sections (check-build.ts).
export const check: SectionCheck<Data<typeof schema.fields> & { anchor?: string }> = () => {};
