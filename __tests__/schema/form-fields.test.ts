// The quote form's words in the schema and the form's rules (src/enquiry/rules.ts) name the
// same fixed fields, and staff may choose "required" exactly for those the rules let them.
import { MAY_BE_OPTIONAL, formFields } from "../../src/enquiry/rules";
import { enquirySchema } from "../../src/schema/content";

const formSchema = enquirySchema.fields.form.fields;
const fixedNames = formFields({} as never)
  .map((rule) => rule.name)
  .filter((name) => !name.startsWith("q-"));

test("every fixed field of the rules has its words in the schema, under its own name", () => {
  expect(fixedNames.filter((name) => !(name in formSchema))).toEqual([]);
  expect(Object.keys(formSchema).filter((key) => key !== "questions" && !fixedNames.includes(key))).toEqual([]);
});

test("staff choose whether a field is required exactly where the rules allow it", () => {
  const choosable = fixedNames.filter((name) => {
    const field = formSchema[name as keyof typeof formSchema] as { fields: Record<string, unknown> };
    return "required" in field.fields;
  });
  expect(choosable).toEqual([...MAY_BE_OPTIONAL]);
});
