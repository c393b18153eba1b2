/**
 * @jest-environment node
 */
// The unit tests' content (__tests__/fixtures/content/) holds every field of the schema
// with a value, so a component or check that reads a field meets it in the tests. A new
// field fails here, naming its path, until the fixtures carry it.
import path from "node:path";
import { contentFiles } from "../../src/schema/content";
import type { Field } from "../../src/schema/fields";
import { loadContent } from "../../src/schema/load";

const FIXTURES = path.resolve(__dirname, "..", "fixtures");

/**
 * Each field's path below `field` ("site.yaml › company.name"), and whether some value
 * fills it. A section's fields are one path for every page that lists sections
 * ("sections[about].teaser.title"): the home page and a service page share them.
 */
function coverage(field: Field, values: unknown[], at: string, out: Map<string, boolean>): void {
  const present = values.filter((value) => value !== undefined && value !== null && value !== "");
  switch (field.kind) {
    case "object":
      for (const [name, inner] of Object.entries(field.fields)) {
        const inside = present.map((value) => (value as Record<string, unknown>)[name]);
        coverage(
          inner,
          inside,
          at.endsWith("›") || at.endsWith("]") ? `${at} ${name}`.replace("] ", "].") : `${at}.${name}`,
          out,
        );
      }
      return;
    case "list": {
      const items = present.flatMap((value) => (Array.isArray(value) ? value : []));
      coverage(field.of, items, `${at}[]`, out);
      return;
    }
    case "sections": {
      const sections = present.flatMap((value) => (Array.isArray(value) ? value : [])) as { type?: string }[];
      for (const [type, shape] of Object.entries(field.types)) {
        coverage(
          shape,
          sections.filter((section) => section.type === type),
          `sections[${type}]`,
          out,
        );
      }
      return;
    }
    default:
      out.set(at, (out.get(at) ?? false) || present.length > 0);
  }
}

const { files, problems } = loadContent(FIXTURES);
const filled = new Map<string, boolean>();
for (const kind of contentFiles) {
  const data = files.filter((file) => file.kind === kind.name).map((file) => file.data);
  coverage(kind.schema, data, `${kind.glob} ›`, filled);
}
const unfilled = (prefix: string) => {
  const paths = [...filled].filter(([where]) => where.startsWith(prefix));
  expect(paths.length).toBeGreaterThan(0);
  return paths.filter(([, isFilled]) => !isFilled).map(([where]) => where);
};
const sectionTypes = [...new Set([...filled.keys()].flatMap((where) => /^sections\[(\w+)\]/.exec(where)?.[1] ?? []))];

test("the fixtures are valid content", () => {
  expect(problems).toEqual([]);
});

test.each(contentFiles.map((kind) => kind.glob))("the fixtures' %s fill every field of its schema", (glob) => {
  expect(unfilled(`${glob} ›`)).toEqual([]);
});

test.each(sectionTypes)("the fixtures' pages hold a section of type %s with every field filled", (type) => {
  expect(unfilled(`sections[${type}]`)).toEqual([]);
});
