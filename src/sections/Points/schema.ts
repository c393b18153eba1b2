import { choice, list, object, paragraph, type Data } from "../../schema/fields";
import { title, titledText } from "../../schema/pieces";

/** A titled list of points: a service's advantages, the facilities, the certificates. */
export const schema = object("Points (advantages, facilities, certificates…)", {
  title: title(),
  intro: paragraph("Introduction", { required: false }),
  points: list("Points", titledText, { min: 1 }),
  tone: choice("Background", { plain: "White", mist: "Light grey" }, { required: false, hint: "White unless chosen" }),
});

/** A valid example, for the tests that draw and hydrate every kind of section. */
export const example: Data<typeof schema.fields> = {
  title: "Example points",
  points: [{ title: "Example point", text: "Example point text." }],
  tone: "mist",
};
