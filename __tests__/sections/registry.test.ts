// One registration per kind of section: src/sections/registry.ts lists each once, and the
// rest follows from it. The content schema and the built-HTML check read the list itself;
// what cannot (the drawing components and the page query's fragment, which Gatsby reads
// from the source) is held to it here, read from Sections.tsx as written.
import fs from "node:fs";
import path from "node:path";
import { sectionExamples, sectionTypes } from "../../src/schema/content";
import { SECTIONS } from "../../src/sections/registry";

const SECTIONS_DIR = path.resolve("src/sections");
const drawing = fs.readFileSync(path.join(SECTIONS_DIR, "Sections.tsx"), "utf8");
const kinds = drawing.slice(drawing.indexOf("const KINDS"), drawing.indexOf("};", drawing.indexOf("const KINDS")));
const fragment = drawing.slice(drawing.indexOf("fragment PageSections"));

/** A type's folder, and its GraphQL type's stem: productSlider → ProductSlider. */
const stem = (type: string) => `${type[0].toUpperCase()}${type.slice(1)}`;
const types = SECTIONS.map((kind) => kind.type);

it("lists each kind once, from its own folder", () => {
  expect(new Set(types).size).toBe(types.length);
  for (const type of types) expect(fs.existsSync(path.join(SECTIONS_DIR, stem(type), "schema.ts"))).toBe(true);
});

it("gives the content schema every kind, in the registry's order, with its example", () => {
  expect(Object.keys(sectionTypes)).toEqual(types);
  expect(Object.keys(sectionExamples)).toEqual(types);
});

it("draws every registered kind and no other (Sections.tsx's KINDS)", () => {
  const drawn = [...kinds.matchAll(/^ {2}(\w+)Section: \{/gm)].map((match) => match[1]);
  expect(drawn.sort()).toEqual(types.map(stem).sort());
});

it("asks every registered kind for its own fields in the page's query, and no other", () => {
  const spread = [...fragment.matchAll(/\.\.\.(\w+)Fields\b/g)].map((match) => match[1]);
  expect(spread.sort()).toEqual(types.map(stem).sort());
  for (const type of types) {
    const component = fs.readFileSync(path.join(SECTIONS_DIR, stem(type), `${stem(type)}.tsx`), "utf8");
    expect(component).toContain(`fragment ${stem(type)}Fields on ${stem(type)}Section`);
  }
});
