// Links that lead nowhere useful in valid content are warnings, never refusals (issue 28):
// a service page no link leads to (staff may add it before its navigation entry), and a
// link to an anchor no section carries. The tests must not fail on either.
import fs from "node:fs";
import path from "node:path";
import { contentReport } from "../../src/schema/report";
import { loadContent } from "../../src/schema/load";
import { copyContent, editYaml } from "../helpers/contentCopy";

let project: string;
beforeEach(() => (project = copyContent()));
afterEach(() => fs.rmSync(project, { recursive: true, force: true }));

// A day on which every fixture document is still valid: these tests are about links only.
const report = () => contentReport(loadContent(project), "2000-01-01");
const services = () =>
  fs.readdirSync(path.join(project, "content", "services")).filter((name) => name.endsWith(".yaml"));

test("the fixture content links every service page", () => {
  expect(report()).toMatchObject({ valid: true, warnings: [] });
});

test("a new service page nothing links to: valid, with a warning naming its file and address", () => {
  const [first] = services();
  const file = path.join(project, "content", "services", first);
  fs.copyFileSync(file, path.join(project, "content", "services", "orphan.yaml"));
  editYaml(project, "content/services/orphan.yaml", (page) => {
    page.slug = "orphan_page";
  });
  const result = report();
  expect(result.valid).toBe(true);
  expect(result.warnings).toEqual([
    { file: "content/services/orphan.yaml", message: expect.stringContaining("/orphan_page") },
  ]);
});

test("a page linked only from itself warns; a link to one of its #anchors from another file counts", () => {
  const [first] = services();
  const slug = (fs.readFileSync(path.join(project, "content", "services", first), "utf8").match(/^ {2}slug: (.+)$/m) ??
    [])[1];
  // Every link to it in the other files goes; the page's own links stay.
  for (const file of [
    "content/site.yaml",
    "content/home.yaml",
    ...services()
      .filter((name) => name !== first)
      .map((name) => `content/services/${name}`),
  ]) {
    const absolute = path.join(project, file);
    fs.writeFileSync(absolute, fs.readFileSync(absolute, "utf8").replaceAll(`link: /${slug}`, "link: /"));
  }
  expect(report().warnings.map((warning) => warning.file)).toEqual([`content/services/${first}`]);
  const site = path.join(project, "content", "site.yaml");
  fs.writeFileSync(site, fs.readFileSync(site, "utf8").replace("link: /#footer", `link: /${slug}#top`));
  expect(report().warnings).toEqual([]);
});

test("a link to a section by an anchor no section of that page carries: valid, with a warning naming the link", () => {
  const anchor = "linked-section";
  editYaml(project, "content/home.yaml", (home) => void (home.sections[0].anchor = anchor));
  editYaml(project, "content/site.yaml", (site) => void site.navigation.push({ label: "To it", link: `/#${anchor}` }));
  expect(report().warnings).toEqual([]);
  editYaml(project, "content/home.yaml", (home) => {
    for (const section of home.sections) delete section.anchor;
  });
  const result = report();
  expect(result.valid).toBe(true);
  const anchored = result.warnings.filter((warning) => warning.message.includes("leads to no section"));
  expect(anchored.length).toBeGreaterThan(0);
  expect(anchored.every((warning) => warning.file === "content/site.yaml")).toBe(true);
  // The layout's own ids (the footer, the top) are always there.
  expect(anchored.some((warning) => warning.message.includes("#footer"))).toBe(false);
});
