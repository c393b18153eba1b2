import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseYaml, stringifyWithAliases } from "../../src/schema/yaml";
import { DEFAULT_LANGUAGE, type Language } from "../../src/schema/languages";

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

/**
 * Edits one YAML file of such a copy through its parsed data: its English (`en:`), or the
 * words of another language the file holds (`de:`, made when missing).
 */
export function editYaml(
  dir: string,
  file: string,
  change: (data: Record<string, any>) => unknown,
  language: Language = DEFAULT_LANGUAGE,
) {
  const absolute = path.join(dir, file);
  const data = parseYaml(fs.readFileSync(absolute, "utf8")) as Record<string, any>;
  const part = data[language] ?? {};
  const result = change(part);
  data[language] = result === undefined ? part : result;
  fs.writeFileSync(absolute, stringifyWithAliases(data));
}

export const writeFile = (dir: string, file: string, text: string) => fs.writeFileSync(path.join(dir, file), text);
