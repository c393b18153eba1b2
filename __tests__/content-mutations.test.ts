// Bad content, tried hard on the tests' fixture content (every field of the schema,
// optional ones included): every field of every content file is removed, emptied,
// given the wrong type or (images) pointed at a missing file or outside content/; every file's YAML is
// broken; slugs are duplicated or made unsafe. Each mutation goes through the validator
// the build calls (onPreInit): either the content is still valid (only where the schema
// says the field is optional), or there is one message naming the file and the field.
// A few of these also go through a real `gatsby build` in build-refuses-bad-content.
import fs from "node:fs";
import path from "node:path";
import { parseYaml, stringifyYaml } from "../src/schema/yaml";
import { contentFiles } from "../src/schema/content";
import type { Field, ObjectField } from "../src/schema/fields";
import { DEFAULT_LANGUAGE } from "../src/schema/languages";
import { formatProblems } from "../src/schema/report";
import { loadContent } from "../src/schema/load";
import { copyContent } from "./helpers/contentCopy";

type Data = Record<string, unknown>;
type Key = string | number;

interface Mutation {
  file: string;
  name: string;
  /** The new text of the file. */
  text: string;
  /** May the content still be valid afterwards? Only when an optional field went. */
  mayPass: boolean;
}

const dir = copyContent();
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
/** A real picture beside content/, where no content image may point. */
const OUTSIDE_IMAGE = path.join(dir, "outside.png");
const anyImage = fs.readdirSync(path.join(dir, "content", "images")).find((name) => /\.(jpe?g|png)$/i.test(name))!;
fs.copyFileSync(path.join(dir, "content", "images", anyImage), OUTSIDE_IMAGE);

const read = (file: string) => fs.readFileSync(path.join(dir, "content", file), "utf8");
const files = loadContent(dir).files.map((f) => f.file.replace(/^content\//, ""));
const schemaOf = (file: string) =>
  contentFiles.find((kind) =>
    kind.glob.includes("*") ? file.startsWith(kind.glob.split("*")[0]) : kind.glob === file,
  )!.schema;

/** The schema field at a data path (list items and section types followed). */
function fieldAt(schema: ObjectField, data: unknown, keys: Key[]): Field | undefined {
  let field: Field | undefined = schema;
  let value = data;
  for (const key of keys) {
    if (!field) return undefined;
    if (field.kind === "object") field = field.fields[key as string];
    else if (field.kind === "list") field = field.of;
    else if (field.kind === "sections") field = field.types[(value as Data[])[key as number]?.type as string];
    value = (value as Data)?.[key as string];
  }
  return field;
}

/** Every path to a value: each field, the first item of each list, and every section (each has its own type). */
function paths(value: unknown, at: Key[] = []): Key[][] {
  if (Array.isArray(value)) {
    const items = value.some((item) => (item as Data)?.type) ? value : value.slice(0, 1);
    return [at, ...items.flatMap((item, i) => paths(item, [...at, i]))];
  }
  if (value && typeof value === "object") {
    return [at, ...Object.entries(value).flatMap(([key, inner]) => paths(inner, [...at, key]))].filter(
      (p) => p.length > 0,
    );
  }
  return [at];
}

function setAt(data: Data, keys: Key[], change: (parent: Data, key: Key) => void) {
  const copy = JSON.parse(JSON.stringify(data)) as Data; // jsdom has no structuredClone
  const parent = keys.slice(0, -1).reduce<Data>((node, key) => node[key as string] as Data, copy);
  change(parent, keys[keys.length - 1]);
  return stringifyYaml(copy);
}

function mutations(): Mutation[] {
  const all: Mutation[] = [];
  for (const file of files) {
    const text = read(file);
    const data = parseYaml(text) as Data;
    const schema = schemaOf(file);
    for (const keys of paths(data)) {
      const where = keys.join(".");
      // The first key is the language (en:, de:); the English states the sections' kinds.
      const [language, ...inPage] = keys;
      const field = fieldAt(schema, data[DEFAULT_LANGUAGE], inPage);
      // A translation's words may go: that page is then not published in it (untranslated).
      const translationWords = language !== DEFAULT_LANGUAGE;
      const inList = typeof keys[keys.length - 1] === "number";
      const value = keys.reduce<unknown>((node, key) => (node as Data)[key as string], data);
      all.push({
        file,
        name: `${where} removed`,
        text: setAt(data, keys, (parent, key) =>
          Array.isArray(parent) ? parent.splice(key as number, 1) : delete parent[key as string],
        ),
        // A removed list item is fine unless the list has a fixed size (checked below).
        mayPass: inList || field?.required === false || translationWords,
      });
      const wrong =
        typeof value === "string"
          ? 42
          : Array.isArray(value)
            ? "a sentence"
            : typeof value === "number"
              ? "soon"
              : [1, 2];
      all.push({
        file,
        name: `${where} of the wrong type`,
        text: setAt(data, keys, (p, k) => (p[k as string] = wrong)),
        mayPass: false,
      });
      if (typeof value === "string") {
        all.push({
          file,
          name: `${where} emptied`,
          text: setAt(data, keys, (p, k) => (p[k as string] = "")),
          mayPass: field?.required === false || translationWords,
        });
      }
      if (field?.kind === "choice") {
        all.push({
          file,
          name: `${where} not one of the choices`,
          text: setAt(data, keys, (p, k) => (p[k as string] = "purple")),
          mayPass: false,
        });
      }
      if (keys[keys.length - 1] === "anchor") {
        // An anchor becomes an element's id: never the layout's, never with a space.
        for (const anchor of ["main", "about us", "#aboutUs"]) {
          all.push({
            file,
            name: `${where} "${anchor}"`,
            text: setAt(data, keys, (p, k) => (p[k as string] = anchor)),
            mayPass: false,
          });
        }
      }
      if (field?.kind === "image") {
        all.push({
          file,
          name: `${where} missing picture`,
          text: setAt(data, keys, (p, k) => (p[k as string] = "images/not-there.jpg")),
          mayPass: false,
        });
        // An image that exists, outside content/ (issue 27, finding 8): by a relative path and an absolute one.
        const depth = file.split("/").length;
        for (const outside of [`${"../".repeat(depth)}outside.png`, OUTSIDE_IMAGE]) {
          all.push({
            file,
            name: `${where} pointed outside content/ (${outside})`,
            text: setAt(data, keys, (p, k) => (p[k as string] = outside)),
            mayPass: false,
          });
        }
      }
    }
    all.push({ file, name: "YAML cut in the middle of a quote", text: `${text}\nbroken: "unclosed\n`, mayPass: false });
    all.push({ file, name: "YAML with a tab indent", text: text.replace(/\n {2}(\S)/, "\n\t$1"), mayPass: false });
    all.push({ file, name: "YAML that is a list", text: "- one\n- two\n", mayPass: false });
    all.push({ file, name: "YAML emptied", text: "", mayPass: false });
  }
  // Two sections of one page with the same anchor: one link, two targets.
  const englishOf = (file: string) => (parseYaml(read(file)) as Data)[DEFAULT_LANGUAGE] as Data;
  const withEnglish = (file: string, english: Data) =>
    stringifyYaml({ ...(parseYaml(read(file)) as Data), [DEFAULT_LANGUAGE]: english });
  for (const file of files) {
    const data = englishOf(file);
    if (!Array.isArray(data.sections) || data.sections.length < 2) continue;
    const twice = (data.sections as Data[]).map((section, i) => (i < 2 ? { ...section, anchor: "twice" } : section));
    all.push({
      file,
      name: "two sections with one anchor",
      text: withEnglish(file, { ...data, sections: twice }),
      mayPass: false,
    });
  }
  // Slugs: unsafe, empty, or another page's.
  const [service, other] = files.filter((file) => file.startsWith("services/"));
  const data = englishOf(service);
  const taken = String(englishOf(other).slug);
  for (const slug of ["../x", "a/b", "Two Words", "", taken]) {
    all.push({ file: service, name: `slug "${slug}"`, text: withEnglish(service, { ...data, slug }), mayPass: false });
  }
  return all;
}

const all = mutations();

const refused: string[] = [];

// One test per mutation, so a run reports every case that goes wrong, not the first.
describe(`${all.length} mutations of the content: each valid, or refused naming the file and field`, () => {
  test.each(all.map((mutation) => [`${mutation.file}: ${mutation.name}`, mutation] as const))(
    "%s",
    (label, mutation) => {
      const absolute = path.join(dir, "content", mutation.file);
      const original = fs.readFileSync(absolute, "utf8");
      fs.writeFileSync(absolute, mutation.text);
      try {
        const { problems } = loadContent(dir);
        if (problems.length === 0) {
          expect({ passed: true, mayPass: mutation.mayPass }).toEqual({ passed: true, mayPass: true });
          return;
        }
        refused.push(label);
        const message = formatProblems(problems);
        expect(problems.every((p) => p.file.startsWith("content/") && p.field.length > 0)).toBe(true);
        expect(message).toContain(`content/${mutation.file}`);
        expect(message).not.toMatch(/\n\s+at /); // no stack trace
      } finally {
        fs.writeFileSync(absolute, original);
      }
    },
  );

  // Most mutations break the content: a validator that let everything through would pass the cases above.
  afterAll(() => {
    console.log(
      `${all.length} content mutations: ${refused.length} refused, ${all.length - refused.length} still valid`,
    );
    expect(refused.length).toBeGreaterThan(all.length / 2);
  });
});
