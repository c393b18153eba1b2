import fs from "node:fs";
import path from "node:path";
import yaml from "js-yaml";
import { migrateContent, migrateText } from "../scripts/migrate-content";
import { loadContent } from "../src/schema/load";
import { copyContent, FIXTURE_PROJECT } from "./helpers/contentCopy";

// __tests__/fixtures/old-content/ is the fixture content as it was written before the
// vocabulary changed: `heading` for titles and small headings, the type `advantages`.
const OLD = path.resolve(__dirname, "fixtures/old-content");
const yamlFiles = (dir: string) =>
  fs
    .readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".yaml"))
    .sort();

describe("npm run content:migrate", () => {
  let dir: string;
  beforeEach(() => {
    dir = copyContent();
    for (const file of yamlFiles(OLD)) fs.copyFileSync(path.join(OLD, file), path.join(dir, "content", file));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("old content is refused by the current schema, naming the old keys", () => {
    const problems = loadContent(dir).problems.map((p) => `${p.file} › ${p.field}`);
    expect(problems).toContain("content/clients.yaml › eyebrow");
    expect(problems).toContain("content/services/alpha.yaml › sections[4].type");
  });

  it("brings old content forward: valid again, equal to the current fixture, comments kept", () => {
    const changed = migrateContent(dir);
    expect(changed).toEqual([
      "content/clients.yaml",
      "content/home.yaml",
      "content/services/alpha.yaml",
      "content/site.yaml",
    ]);
    expect(loadContent(dir).problems).toEqual([]);
    for (const file of yamlFiles(OLD)) {
      const migrated = fs.readFileSync(path.join(dir, "content", file), "utf8");
      expect(yaml.load(migrated)).toEqual(
        yaml.load(fs.readFileSync(path.join(FIXTURE_PROJECT, "content", file), "utf8")),
      );
      // Only keys changed: every comment line is still there, in order.
      const comments = (text: string) => text.split("\n").filter((line) => line.includes("#"));
      expect(comments(migrated)).toEqual(comments(fs.readFileSync(path.join(OLD, file), "utf8")));
    }
  });

  it("changes nothing the second time", () => {
    migrateContent(dir);
    expect(migrateContent(dir)).toEqual([]);
  });

  it("renames only keys: values, quoting and folding stay as written", () => {
    const before =
      'sections:\n  - type: advantages # kept\n    heading: "Why us"\n    intro: >-\n      A long\n      text.\n';
    const { text, changed } = migrateText("services/x.yaml", before);
    expect(changed).toBe(2);
    expect(text).toBe(
      'sections:\n  - type: points # kept\n    title: "Why us"\n    intro: >-\n      A long\n      text.\n',
    );
  });

  it("leaves broken YAML alone, for the validator to name", () => {
    expect(migrateText("home.yaml", "about: [\n")).toEqual({ text: "about: [\n", changed: 0 });
  });
});
