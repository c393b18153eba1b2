import fs from "node:fs";
import path from "node:path";
import { parseYaml } from "../src/schema/yaml";
import { homeToSections, migrateContent, migrateText } from "../scripts/migrate-content";
import { loadContent } from "../src/schema/load";
import { copyContent, FIXTURE_PROJECT } from "./helpers/contentCopy";

// __tests__/fixtures/old-content/ is the fixture content as it was written before the
// vocabulary changed: `heading` for titles and small headings, the type `advantages`, and
// where enquiries go still in enquiry.yaml (`delivery.to`), the published address in
// site.yaml (`url`).
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

  it("old content is refused by the current schema, naming the command that moves it forward", () => {
    const problems = loadContent(dir).problems;
    expect(problems.map((p) => p.file).sort()).toEqual(yamlFiles(OLD).map((file) => `content/${file}`));
    for (const problem of problems) {
      expect(problem).toMatchObject({ field: "(whole file)", message: expect.stringContaining("content:migrate") });
    }
  });

  it("takes the published address out of content, with its comment: the operator sets it (issue 52)", () => {
    const before =
      "# Site-wide settings.\nurl: https://www.example.com # PLACEHOLDER: the address\ncompany:\n  name: A\n";
    const { text, changed } = migrateText("site.yaml", before);
    expect(changed).toBe(1);
    expect(text).toBe("# Site-wide settings.\ncompany:\n  name: A\n");
    // A `url` further in (the web-mail link's) is not the site's address.
    expect(migrateText("site.yaml", "webmail:\n  url: https://mail.test\n").changed).toBe(0);
  });

  it("brings old content forward: valid again, as the current fixture has it, comments kept", () => {
    const changed = migrateContent(dir);
    expect(changed).toEqual([
      "content/clients.yaml",
      "content/enquiry.yaml",
      "content/home.yaml",
      "content/services/alpha.yaml",
      // Only moved under en: (its keys were current).
      "content/services/beta.yaml",
      "content/site.yaml",
    ]);
    expect(loadContent(dir).problems).toEqual([]);
    for (const file of yamlFiles(OLD)) {
      const migrated = fs.readFileSync(path.join(dir, "content", file), "utf8");
      // Every value where the current fixture has it; the fixture also has the optional
      // fields added since (the form's questions), which old content does without.
      const current = parseYaml(fs.readFileSync(path.join(FIXTURE_PROJECT, "content", file), "utf8")) as object;
      expect(current).toMatchObject(parseYaml(migrated) as object);
      // Only keys changed: every comment line is still there, in order.
      // (Indented under en: now: compared without the indentation.)
      const comments = (text: string) =>
        text
          .split("\n")
          .filter((line) => line.includes("#"))
          .map((line) => line.trim());
      expect(comments(migrated)).toEqual(comments(fs.readFileSync(path.join(OLD, file), "utf8")));
    }
  });

  it("adds a required key the schema gained, in the shipped words, after the mapping's last line", () => {
    const before = "problems:\n  network: >-\n    Folded\n    text.\nalternatives: # kept\n  title: T\n";
    const { text, changed } = migrateText("enquiry.yaml", before);
    expect(changed).toBe(1);
    expect(text).toMatch(/^problems:\n  network: >-\n    Folded\n    text\.\n  fileCount: ".*\{count\}.*"\n/);
    expect(text.endsWith("alternatives: # kept\n  title: T\n")).toBe(true);
    expect(migrateText("enquiry.yaml", "problems:\n  a: b").text).toMatch(/^problems:\n  a: b\n  fileCount: "/);
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

  it("takes where enquiries go out of content, with its comment: the operator sets it (issue 35)", () => {
    const before = 'delivery:\n  to: sales@example.com # PLACEHOLDER: the address\n  subject: "Quote {reference}"\n';
    expect(migrateText("enquiry.yaml", before)).toEqual({
      text: 'delivery:\n  subject: "Quote {reference}"\n',
      changed: 1,
    });
  });

  it("leaves broken YAML alone, for the validator to name", () => {
    expect(migrateText("home.yaml", "about: [\n")).toEqual({ text: "about: [\n", changed: 0 });
  });

  it("turns the home page's fixed blocks into its sections, in the page's order, with the site's claims in about us", () => {
    const home = [
      "title: Home",
      "about:",
      "  title: About # kept",
      "  paragraphs: [One]",
      "  teaser: { title: T }",
      "services: { title: Services }",
      "facilities: { title: Facilities }",
      "applications: { title: Areas }",
      "certificates: { title: Certificates }",
      "",
    ].join("\n");
    const site =
      "url: https://x.test\nclaims:\n  - title: Ten years # a claim\n    text: Long.\ncoreValues:\n  title: Values\n";
    const moved = homeToSections(home, site)!;
    const data = parseYaml(moved.home) as { sections: Record<string, unknown>[] };
    expect(data.sections.map((s) => [s.type, s.title, s.anchor ?? null, s.tone ?? null])).toEqual([
      ["about", "About", "aboutUs", null],
      ["serviceCards", "Services", null, null],
      ["points", "Facilities", null, null],
      ["applications", "Areas", null, null],
      ["points", "Certificates", null, "mist"],
      ["clients", undefined, "clients", null],
    ]);
    // The claims and values now belong to about us, before its teaser; site.yaml keeps the rest.
    expect(Object.keys(data.sections[0])).toEqual([
      "type",
      "anchor",
      "title",
      "paragraphs",
      "claims",
      "coreValues",
      "teaser",
    ]);
    expect(parseYaml(moved.site)).toEqual({ url: "https://x.test" });
    // Comments travel with what they were written beside.
    expect(moved.home).toContain("title: About # kept");
    expect(moved.home).toContain("# a claim");
    // Already done: nothing to do.
    expect(homeToSections(moved.home, moved.site)).toBeNull();
  });
});
