// `npm run content:migrate [-- <project folder>]`: brings content written for an older
// version of the schema forward, rewriting only the keys that were renamed and keeping
// every comment, value and order. Safe to run twice: a key already renamed is left.
//
// 2026-11, one vocabulary: a section's small heading is `eyebrow` and its main heading
// `title` everywhere (they were `heading`, `title` and `eyebrow` by turns), and the
// section type `advantages` is `points`, after the component that draws it.
import fs from "node:fs";
import path from "node:path";
import { isMap, isScalar, isSeq, parseDocument, type Document } from "yaml";

type Rename = [from: string, to: string];
/** A change to the file's text: the characters from `start` to `end` become `text`. */
type Edit = { start: number; end: number; text: string };

/** The edit that renames a key of a mapping, if it is there and the new name is not. */
function renameKey(map: unknown, [from, to]: Rename): Edit[] {
  if (!isMap(map) || map.has(to)) return [];
  const key = map.items.map((item) => item.key).find((k) => isScalar(k) && k.value === from);
  return isScalar(key) && key.range ? [{ start: key.range[0], end: key.range[1], text: to }] : [];
}

const SMALL_HEADING: Rename = ["heading", "eyebrow"];
const MAIN_HEADING: Rename = ["heading", "title"];

/** What each kind of section renames (by its new type). */
const SECTION_RENAMES: Record<string, Rename[]> = {
  statement: [SMALL_HEADING],
  about: [SMALL_HEADING],
  productSlider: [MAIN_HEADING],
  applications: [MAIN_HEADING],
  points: [MAIN_HEADING],
  advantages: [MAIN_HEADING],
  serviceCards: [MAIN_HEADING],
};

function sectionEdits(doc: Document): Edit[] {
  const sections = doc.get("sections");
  if (!isSeq(sections)) return [];
  return sections.items.flatMap((section) => {
    if (!isMap(section)) return [];
    const type = section.get("type", true);
    const edits = (SECTION_RENAMES[String(section.get("type"))] ?? []).flatMap((rename) => renameKey(section, rename));
    if (isScalar(type) && type.value === "advantages" && type.range) {
      edits.push({ start: type.range[0], end: type.range[1], text: "points" });
    }
    return edits;
  });
}

/** Renames at fixed places of a file: [path to the mapping, rename]. */
const FILE_RENAMES: Record<string, [string[], Rename][]> = {
  "site.yaml": [[["coreValues"], MAIN_HEADING]],
  "home.yaml": [
    [["about"], SMALL_HEADING],
    [["services"], MAIN_HEADING],
    [["facilities"], MAIN_HEADING],
    [["applications"], MAIN_HEADING],
    [["certificates"], MAIN_HEADING],
  ],
  "clients.yaml": [[[], ["eyebrow", "title"]]],
};

/**
 * Migrates one file's text (its path relative to content/). Only the renamed keys'
 * characters change, so comments, quoting, folding and order stay exactly as written.
 */
export function migrateText(relative: string, text: string): { text: string; changed: number } {
  const doc = parseDocument(text);
  if (doc.errors.length) return { text, changed: 0 }; // broken YAML: the validator will say where
  const edits = [
    ...(relative.startsWith("services/") ? sectionEdits(doc) : []),
    ...(FILE_RENAMES[relative] ?? []).flatMap(([at, rename]) =>
      renameKey(at.length ? doc.getIn(at, true) : doc.contents, rename),
    ),
  ].sort((a, b) => b.start - a.start);
  const migrated = edits.reduce((out, edit) => out.slice(0, edit.start) + edit.text + out.slice(edit.end), text);
  return { text: migrated, changed: edits.length };
}

/** Migrates every content file of a project folder in place; returns the files changed. */
export function migrateContent(projectDir: string): string[] {
  const contentDir = path.join(projectDir, "content");
  const changedFiles: string[] = [];
  const files = fs
    .readdirSync(contentDir, { recursive: true, encoding: "utf8" })
    .filter((file) => /\.ya?ml$/.test(file))
    .map((file) => file.split(path.sep).join("/"))
    .sort();
  for (const relative of files) {
    const absolute = path.join(contentDir, relative);
    const { text, changed } = migrateText(relative, fs.readFileSync(absolute, "utf8"));
    if (!changed) continue;
    // Written whole, then renamed over the old file: never a half-written content file.
    fs.writeFileSync(`${absolute}.migrating`, text);
    fs.renameSync(`${absolute}.migrating`, absolute);
    changedFiles.push(`content/${relative}`);
  }
  return changedFiles;
}

if (require.main === module) {
  const projectDir = path.resolve(process.argv[2] ?? path.join(__dirname, ".."));
  const changed = migrateContent(projectDir);
  console.log(changed.length ? `migrated: ${changed.join(", ")}` : "content is already current");
}
