import { list, object, paragraph, text, type Data } from "../../schema/fields";
import { title } from "../../schema/pieces";

/** The industries and parts a treatment serves. */
export const schema = object("Areas of application", {
  title: title(),
  intro: paragraph("Introduction", { required: false }),
  items: list("Areas", text("Area"), { min: 1 }),
});

/** A valid example, for the tests that draw and hydrate every kind of section. */
export const example: Data<typeof schema.fields> = {
  title: "Example areas",
  items: ["Example area one", "Example area two"],
};
