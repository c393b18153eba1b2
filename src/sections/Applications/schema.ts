import { list, object, paragraph, text } from "../../schema/fields";
import { title } from "../../schema/pieces";

/** The industries and parts a treatment serves. */
export const schema = object("Areas of application", {
  title: title(),
  intro: paragraph("Introduction", { required: false }),
  items: list("Areas", text("Area"), { min: 1 }),
});
