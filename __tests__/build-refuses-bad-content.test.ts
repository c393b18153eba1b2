/** @jest-environment node */
// A few bad-content cases through the real `gatsby build` (the rest go through the
// validator directly, in schema/load.test.ts): the build must exit non-zero with one
// message naming the file and the field, before it writes anything.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { editYaml, FIXTURE_PROJECT, writeFile } from "./helpers/contentCopy";

const root = path.resolve(__dirname, "..");
const PROJECT_FILES = ["package.json", "gatsby-config.ts", "gatsby-node.ts", "tsconfig.json", "src", "deploy"];

/** A copy of the project (sharing node_modules) on the fixture content, one file broken. */
function brokenProject(breakIt: (dir: string) => void) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bad-build-"));
  for (const name of PROJECT_FILES) fs.cpSync(path.join(root, name), path.join(dir, name), { recursive: true });
  fs.cpSync(path.join(FIXTURE_PROJECT, "content"), path.join(dir, "content"), { recursive: true });
  fs.symlinkSync(path.join(root, "node_modules"), path.join(dir, "node_modules"));
  breakIt(dir);
  return dir;
}

function build(dir: string) {
  const result = spawnSync(path.join(root, "node_modules/.bin/gatsby"), ["build"], {
    cwd: dir,
    encoding: "utf8",
    env: { ...process.env, CI: "true", NO_COLOR: "1" },
    timeout: 120_000,
  });
  const wrotePages = fs.existsSync(path.join(dir, "public", "index.html"));
  fs.rmSync(dir, { recursive: true, force: true });
  return { status: result.status, wrotePages, output: `${result.stdout}${result.stderr}`.replace(/\s+/g, " ") };
}

describe("gatsby build with bad content", () => {
  jest.setTimeout(120_000);

  it("stops on malformed YAML, naming the file and the line", () => {
    const { status, output, wrotePages } = build(
      brokenProject((dir) => writeFile(dir, "content/clients.yaml", "logos: [\n")),
    );
    expect(status).not.toBe(0);
    expect(wrotePages).toBe(false);
    expect(output).toMatch(/content\/clients\.yaml › line \d+, column \d+: is not valid YAML/);
    expect(output).toContain("so the site was not built");
  });

  it("stops on a missing field and an invalid phone, naming each file and field", () => {
    const dir = brokenProject((d) => {
      editYaml(d, "content/services/beta.yaml", (data) => void delete data.hero.title);
      editYaml(d, "content/site.yaml", (data) => void (data.contacts[1].phone = "call us"));
    });
    const { status, output } = build(dir);
    expect(status).not.toBe(0);
    expect(output).toContain("content/services/beta.yaml › en.hero.title: is required");
    expect(output).toContain("content/site.yaml › en.contacts[1].phone: must be a phone number");
  });
});
