import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import yaml from "js-yaml";

/**
 * The tests' own content tree (__tests__/fixtures/content): every field of the schema,
 * optional ones too, with values no real site uses. Tests break copies of it, so they
 * hold whatever staff write in content/.
 */
export const FIXTURE_PROJECT = path.resolve(__dirname, "../fixtures");

/** A throw-away project folder holding a copy of the fixture content, to break on purpose. */
export function copyContent(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "content-test-"));
  fs.cpSync(path.join(FIXTURE_PROJECT, "content"), path.join(dir, "content"), { recursive: true });
  return dir;
}

/** Edits one YAML file of such a copy through its parsed data. */
export function editYaml(dir: string, file: string, change: (data: Record<string, any>) => unknown) {
  const absolute = path.join(dir, file);
  const data = yaml.load(fs.readFileSync(absolute, "utf8")) as Record<string, any>;
  const result = change(data);
  fs.writeFileSync(absolute, yaml.dump(result === undefined ? data : result));
}

export const writeFile = (dir: string, file: string, text: string) => fs.writeFileSync(path.join(dir, file), text);
