// Every numeric field of the schema means the same kind of number to the validator, to
// Gatsby's GraphQL types and to the editor: `interval: 1500.5` was once valid content that
// then failed the build naming a query (GraphQL Int), not the file.
import { cmsField } from "../../src/cms/config";
import { contentFiles } from "../../src/schema/content";
import type { Field, NumberField } from "../../src/schema/fields";
import { contentTypes } from "../../src/schema/graphql";
import { validate, type Context } from "../../src/schema/validate";

/** Every number field of the schema, with its path. */
function numberFields(field: Field, at: string): [string, string, NumberField][] {
  switch (field.kind) {
    case "number":
      return [[at, at.split(".").pop()!, field]];
    case "list":
      return numberFields(field.of, `${at}[]`);
    case "object":
      return Object.entries(field.fields).flatMap(([name, inner]) => numberFields(inner, `${at}.${name}`));
    case "sections":
      return Object.entries(field.types).flatMap(([type, shape]) => numberFields(shape, `${at}[type=${type}]`));
    default:
      return [];
  }
}

const fields = contentFiles.flatMap((file) => numberFields(file.schema, file.name));
const { typeDefs } = contentTypes();
const context: Context = { inside: () => true };

test("the schema has numeric fields to check", () => {
  expect(fields.length).toBeGreaterThan(0);
});

describe.each(fields)("%s", (_path, name, field) => {
  const kind = field.integer ? "Int" : "Float";
  const within = field.integer ? Math.ceil(field.min) + 0.5 : field.min + (field.max - field.min) / 3;

  test(`the GraphQL type is ${kind}`, () => {
    const declared = [...typeDefs.matchAll(new RegExp(`^ {2}${name}: (\\w+)`, "gm"))].map((match) => match[1]);
    expect(declared.length).toBeGreaterThan(0);
    expect(new Set(declared)).toEqual(new Set([kind]));
  });

  test(`the editor's number widget asks for ${field.integer ? "a whole number" : "any number"}`, () => {
    const cms = cmsField(name, field);
    expect(cms).toMatchObject({
      widget: "number",
      value_type: field.integer ? "int" : "float",
      min: field.min,
      max: field.max,
    });
  });

  test(`the validator ${field.integer ? "refuses" : "accepts"} ${within}, and refuses values out of range`, () => {
    const problems = validate(field, within, name, context);
    if (field.integer) expect(problems).toEqual([{ field: name, message: `must be a whole number, found ${within}` }]);
    else expect(problems).toEqual([]);
    expect(validate(field, field.min, name, context)).toEqual([]);
    expect(validate(field, field.max + 1, name, context)).not.toEqual([]);
  });
});
