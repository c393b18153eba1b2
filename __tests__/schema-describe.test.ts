// The history's words: what changed between two versions of a content file, by the
// editor's labels, on the fixture content (loaded as the build loads it).
import { changeWords, describeChanges, summary, SHOWN_CHARACTERS } from "../src/schema/describe";
import { serviceSchema, siteSchema } from "../src/schema/content";
import { loadContent } from "../src/schema/load";
import { FIXTURE_PROJECT } from "./helpers/contentCopy";

const { files } = loadContent(FIXTURE_PROJECT);
const dataOf = (file: string) =>
  JSON.parse(JSON.stringify(files.find((loaded) => loaded.file === file)!.data)) as never;
const site = () => dataOf("content/site.yaml") as { contacts: { phone: string; name: string }[]; email: string };
const serviceFile = files.find((loaded) => loaded.file.startsWith("content/services/"))!.file;

test("the same content: no change", () => {
  expect(describeChanges(siteSchema, site(), site())).toEqual([]);
});

test("a phone changed: named by its labels, with the value before and after", () => {
  const before = site();
  const after = site();
  after.contacts[0].phone = "+91 99999 00000";
  const [change, ...rest] = describeChanges(siteSchema, before, after);
  expect(rest).toEqual([]);
  const { contacts } = siteSchema.fields;
  expect(change).toEqual({
    kind: "changed",
    where: `${contacts.label} › ${contacts.of.label} 1 › ${contacts.of.fields.phone.label}`,
    before: before.contacts[0].phone,
    after: "+91 99999 00000",
  });
  expect(changeWords(change)).toBe(`${change.where}: "${before.contacts[0].phone}" → "+91 99999 00000"`);
});

test("an item added and one removed at the end of a list", () => {
  const before = site();
  const after = site();
  after.contacts.push({ name: "New Person", phone: "+91 90000 00000" });
  expect(describeChanges(siteSchema, before, after)).toEqual([
    expect.objectContaining({ kind: "added", after: "New Person" }),
  ]);
  expect(describeChanges(siteSchema, after, before)).toEqual([
    expect.objectContaining({ kind: "removed", before: "New Person" }),
  ]);
});

test("sections reordered: one change naming the new order", () => {
  const before = dataOf(serviceFile) as { sections: unknown[] };
  const after = dataOf(serviceFile) as { sections: unknown[] };
  expect(before.sections.length).toBeGreaterThan(1);
  after.sections.reverse();
  const changes = describeChanges(serviceSchema, before, after);
  expect(changes).toEqual([expect.objectContaining({ kind: "reordered", where: serviceSchema.fields.sections.label })]);
});

test("long values are cut; empty ones said so", () => {
  expect(summary("x".repeat(500))).toHaveLength(SHOWN_CHARACTERS);
  expect(summary("")).toBe("(empty)");
  expect(summary(undefined)).toBe("(empty)");
});
