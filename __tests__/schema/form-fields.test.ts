// The quote form's words in the schema and the form's rules (src/enquiry/rules.ts) name the
// same fixed fields, and staff may choose "required" exactly for those the rules let them.
import { MAY_BE_OPTIONAL, formFields, type FormWords } from "../../src/enquiry/rules";
import { loadContent } from "../../src/schema/load";
import { FIXTURE_PROJECT } from "../helpers/contentCopy";
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

test("a translated form shows its words but sends the English's names and answers (issue 54)", () => {
  const { files } = loadContent(FIXTURE_PROJECT);
  const enquiry = files.find((file) => file.kind === "enquiry")!;
  const english = (enquiry.data as { form: FormWords }).form;
  const german = (enquiry.translations.de as { form: FormWords }).form;
  const shown = formFields(german, english);
  const sent = formFields(english);
  expect(shown.map((rule) => rule.name)).toEqual(sent.map((rule) => rule.name));
  expect(shown.map((rule) => rule.options)).toEqual(sent.map((rule) => rule.options));
  expect(shown.map((rule) => rule.required)).toEqual(sent.map((rule) => rule.required));
  const choice = shown.find((rule) => rule.options?.length)!;
  const question = german.questions!.find((q) => q.options?.length)!;
  expect(choice.optionLabels).toEqual(question.options);
  expect(choice.words.label).toBe(question.label);
  expect(choice.optionLabels).not.toEqual(choice.options);
});
