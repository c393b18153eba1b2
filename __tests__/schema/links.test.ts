// A service page no link leads to is valid content with a warning (issue 28): staff may add
// the page before its navigation entry, and the tests must not fail on it.
import fs from "node:fs";
import path from "node:path";
import { contentReport, loadContent } from "../../src/schema/load";
import { copyContent, editYaml } from "../helpers/contentCopy";

let project: string;
beforeEach(() => (project = copyContent()));
afterEach(() => fs.rmSync(project, { recursive: true, force: true }));

const report = () => contentReport(loadContent(project));
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
  const slug = (fs.readFileSync(path.join(project, "content", "services", first), "utf8").match(/^slug: (.+)$/m) ??
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
