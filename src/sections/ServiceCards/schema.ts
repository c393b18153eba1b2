import { list, object, type Data } from "../../schema/fields";
import { eyebrow, linkedCard, title } from "../../schema/pieces";
import type { SectionCheck } from "../sectionCheck";

/** 'What do we provide?': one card per service, and optionally one highlighted below. */
export const schema = object("Service cards", {
  eyebrow: eyebrow(),
  title: title(),
  cards: list("Cards", linkedCard, { min: 1 }),
  teaser: { ...linkedCard, label: "Teaser (a highlighted service, below the cards)", required: false },
});

/** A valid example, for the tests that draw and hydrate every kind of section. */
export const example: Data<typeof schema.fields> = {
  title: "Example cards",
  cards: [
    {
      title: "Example card",
      text: "Example card text.",
      image: "images/example-card.jpg",
      imageAlt: "Example card photo",
      link: "/example-page",
      linkLabel: "Example link",
    },
  ],
};

/** The section's `type` in content (GraphQL's ServiceCardsSection). */
export const type = "serviceCards";

/** What a built page shows of it beyond its heading (scripts/check-build.ts runs it). */
export const check: SectionCheck<Data<typeof schema.fields> & { anchor?: string }> = (_page, section, tools) => {
  for (const card of section.cards)
    tools.check(`card "${card.linkLabel}" to ${card.link}`, tools.hrefs(card.linkLabel).includes(card.link));
  tools.teaser(section.teaser);
};
