import { list, object } from "../../schema/fields";
import { eyebrow, linkedCard, title } from "../../schema/pieces";

/** 'What do we provide?': one card per service, and optionally one highlighted below. */
export const schema = object("Service cards", {
  eyebrow: eyebrow(),
  title: title(),
  cards: list("Cards", linkedCard, { min: 1 }),
  teaser: { ...linkedCard, label: "Teaser (a highlighted service, below the cards)", required: false },
});
