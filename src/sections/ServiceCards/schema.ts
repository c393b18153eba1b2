import { list, object, type Data } from "../../schema/fields";
import { eyebrow, linkedCard, title } from "../../schema/pieces";

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
