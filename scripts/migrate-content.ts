// `npm run content:migrate [-- <project folder>]`: brings content written for an older
// version of the schema forward, rewriting only the keys that were renamed and keeping
// every comment, value and order. Safe to run twice: a key already renamed is left.
//
// 2026-11, one vocabulary: a section's small heading is `eyebrow` and its main heading
// `title` everywhere (they were `heading`, `title` and `eyebrow` by turns), and the
// section type `advantages` is `points`, after the component that draws it.
//
// 2026-11, where enquiries go is the operator's setting (ENQUIRY_TO, `sitectl
// enquiries-to`), not content a staff login can change: enquiry.yaml's `delivery.to` line
// goes (its value is printed, for the operator to set).
//
// 2026-11, the published address is the operator's setting too (SITE_URL: deploy/install
// --site-url, `sitectl site-url`): site.yaml's `url` line goes (its value is printed).
//
// 2026-11, the quote form takes several files: enquiry.yaml's problems gain `fileCount`
// (too many files), added in the shipped words when missing; staff may reword it.
//
// 2026-11, the privacy notice says how long the visits log is kept: when none of its
// paragraphs has {logMonths}, the shipped paragraph is added last; staff may reword it.
//
// 2026-11, the home page is a list of sections like a service page: its fixed blocks
// (about, services, facilities, applications, certificates, then the clients) become
// `sections:` in that order, and the claims and core values move from site.yaml into its
// about section. Comments travel with the blocks they are written in.
//
// 2026-11, a second language (issue 54): each file holds its English under `en:` and each
// translation's words under its language (`de:`), as the editor writes it. Last of all,
// a file without `en:` has every line indented under it, comments and all, and a file
// without a translation's key gets an empty one (`de: {}`), which the editor fills.
import fs from "node:fs";
import path from "node:path";
import { isMap, isScalar, isSeq, parseDocument, Scalar, YAMLMap, YAMLSeq, type Document } from "yaml";
import { DEFAULT_LANGUAGE, TRANSLATIONS } from "../src/schema/languages";
import { UNPUBLISHED_SITE_URL } from "../src/schema/siteAddress";

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

/** The edit that removes a key of a mapping, its whole line(s) with any comment on them. */
function removeKey(map: unknown, key: string, text: string): Edit[] {
  if (!isMap(map)) return [];
  const pair = map.items.find((item) => isScalar(item.key) && item.key.value === key);
  const keyRange = isScalar(pair?.key) ? pair.key.range : undefined;
  const valueRange = (pair?.value as { range?: [number, number, number] } | null)?.range;
  if (!keyRange || !valueRange) return [];
  const start = text.lastIndexOf("\n", keyRange[0]) + 1;
  const lineEnd = text.indexOf("\n", Math.max(valueRange[1], valueRange[2] - 1));
  return [{ start, end: lineEnd < 0 ? text.length : lineEnd + 1, text: "" }];
}

/** Keys no longer in the schema, removed: [file, path to the mapping, key]. */
const REMOVED: [string, string[], string][] = [
  ["enquiry.yaml", ["delivery"], "to"],
  ["site.yaml", [], "url"],
];

/** Keys added to the schema as required: [file, path to the mapping, key, the shipped words]. */
const ADDED: [string, string[], string, string][] = [
  ["enquiry.yaml", ["problems"], "fileCount", "Please attach at most {count} files, or e-mail the rest to us."],
];

/** The edit that adds `key: value` as the last line of a block mapping, when it is missing. */
function addKey(map: unknown, key: string, value: string, text: string): Edit[] {
  if (!isMap(map) || map.has(key) || map.flow || !map.items.length) return [];
  const last = map.items[map.items.length - 1];
  const keyRange = isScalar(last.key) ? last.key.range : undefined;
  const valueRange = (last.value as { range?: [number, number, number] } | null)?.range;
  if (!keyRange || !valueRange) return [];
  const indent = keyRange[0] - (text.lastIndexOf("\n", keyRange[0]) + 1);
  const line = `${" ".repeat(indent)}${key}: ${JSON.stringify(value)}`;
  // After the last item's last line: a folded text ends with its newline, a plain value's
  // line may go on with a comment; a file may end without a final newline.
  const end = valueRange[1];
  const lineEnd = text[end - 1] === "\n" ? end - 1 : text.indexOf("\n", end);
  return lineEnd < 0
    ? [{ start: text.length, end: text.length, text: `\n${line}\n` }]
    : [{ start: lineEnd + 1, end: lineEnd + 1, text: `${line}\n` }];
}

/**
 * Items added to a list when none says what the schema now requires: [file, path to the
 * list, the words an item must hold, the shipped item].
 */
const APPENDED: [string, string[], string, string][] = [
  [
    "enquiry.yaml",
    ["privacy", "paragraphs"],
    "{logMonths}",
    "Our web server keeps a log of the pages visitors ask for, to count visits: the time, the page, the site you came from, your browser's name and your internet address shortened so that it no longer points to you. It is kept for {logMonths} months and then deleted. This site sets no cookie and runs no tracking script.",
  ],
];

/** The edit that adds `- value` after a block list's last item, when no item holds `marker`. */
function appendItem(list: unknown, marker: string, value: string, text: string): Edit[] {
  if (!isSeq(list) || list.flow || !list.items.length) return [];
  if (list.items.some((item) => isScalar(item) && String(item.value).includes(marker))) return [];
  const range = (list.items[list.items.length - 1] as { range?: [number, number, number] }).range;
  if (!range) return [];
  const lineStart = text.lastIndexOf("\n", range[0]) + 1;
  const indent = /^ */.exec(text.slice(lineStart))![0].length;
  const line = `${" ".repeat(indent)}- ${JSON.stringify(value)}`;
  const end = range[1];
  const lineEnd = text[end - 1] === "\n" ? end - 1 : text.indexOf("\n", end);
  return lineEnd < 0
    ? [{ start: text.length, end: text.length, text: `\n${line}\n` }]
    : [{ start: lineEnd + 1, end: lineEnd + 1, text: `${line}\n` }];
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
    ...REMOVED.filter(([file]) => file === relative).flatMap(([, at, key]) =>
      removeKey(at.length ? doc.getIn(at, true) : doc.contents, key, text),
    ),
    ...ADDED.filter(([file]) => file === relative).flatMap(([, at, key, value]) =>
      addKey(doc.getIn(at, true), key, value, text),
    ),
    ...APPENDED.filter(([file]) => file === relative).flatMap(([, at, marker, value]) =>
      appendItem(doc.getIn(at, true), marker, value, text),
    ),
  ].sort((a, b) => b.start - a.start);
  const migrated = edits.reduce((out, edit) => out.slice(0, edit.start) + edit.text + out.slice(edit.end), text);
  return { text: migrated, changed: edits.length };
}

/** The home page's fixed blocks, in the page's order: [key, section type, fields it gains]. */
const HOME_BLOCKS: [key: string, type: string, extra: Record<string, string>][] = [
  ["about", "about", { anchor: "aboutUs" }],
  ["services", "serviceCards", {}],
  ["facilities", "points", {}],
  ["applications", "applications", {}],
  ["certificates", "points", { tone: "mist" }],
];
/** Site settings that belong to the home page's about section now. */
const MOVED_TO_ABOUT = ["claims", "coreValues"];
const PRINT = { lineWidth: 88 } as const;

/**
 * Turns an older home.yaml's fixed blocks into its `sections` list, taking the claims and
 * core values out of site.yaml. Returns the new texts, or null when there is nothing to do.
 */
export function homeToSections(home: string, site: string): { home: string; site: string } | null {
  const homeDoc = parseDocument(home);
  const siteDoc = parseDocument(site);
  if (homeDoc.errors.length || siteDoc.errors.length || homeDoc.has("sections") || !homeDoc.has("about")) {
    return null;
  }
  const list = new YAMLSeq();
  for (const [key, type, extra] of HOME_BLOCKS) {
    const block = homeDoc.get(key, true);
    if (!isMap(block)) continue;
    const added = Object.entries({ type, ...extra }).map(([k, v]) => homeDoc.createPair(k, v));
    block.items.unshift(...added);
    if (key === "about") {
      const teaserAt = block.items.findIndex((pair) => isScalar(pair.key) && pair.key.value === "teaser");
      const moved = MOVED_TO_ABOUT.flatMap((name) => {
        const pair =
          siteDoc.contents instanceof YAMLMap
            ? siteDoc.contents.items.find((p) => isScalar(p.key) && p.key.value === name)
            : undefined;
        if (!pair) return [];
        siteDoc.delete(name);
        return [pair];
      });
      block.items.splice(teaserAt < 0 ? block.items.length : teaserAt, 0, ...moved);
    }
    list.items.push(block);
    homeDoc.delete(key);
  }
  const clients = new YAMLMap();
  clients.add(homeDoc.createPair("type", "clients"));
  clients.add(homeDoc.createPair("anchor", "clients"));
  list.items.push(clients);
  const key = new Scalar("sections");
  key.spaceBefore = true;
  homeDoc.add(homeDoc.createPair(key, list));
  return { home: homeDoc.toString(PRINT), site: siteDoc.toString(PRINT) };
}

/**
 * A file written in one language, its lines moved under `en:` as they are (a block of
 * text keeps its own indentation; the file's opening comment stays on top), or null when
 * it holds its languages already.
 */
export function underEnglish(text: string): string | null {
  const doc = parseDocument(text);
  if (doc.errors.length || !isMap(doc.contents) || doc.has(DEFAULT_LANGUAGE)) return null;
  const lines = text.replace(/\n$/, "").split("\n");
  // The comment that opens the file says what the file is: it stays on top.
  const head = lines.findIndex((line) => line.trim() !== "" && !line.startsWith("#"));
  const indented = lines.slice(head).map((line) => (line ? `  ${line}` : line));
  return [...lines.slice(0, head), `${DEFAULT_LANGUAGE}:`, ...indented].join("\n") + "\n";
}

/**
 * A file holding its languages, with an empty place for each translation it lacks
 * (`de: {}`). Decap 3.16 cannot save a single_file entry when a language has no data at
 * all (decaporg/decap-cms#6353: "Cannot read properties of undefined (reading 'get')").
 */
export function withEveryLanguage(text: string): string {
  const doc = parseDocument(text);
  if (doc.errors.length || !isMap(doc.contents) || !doc.has(DEFAULT_LANGUAGE)) return text;
  const lacking = TRANSLATIONS.filter((language) => !doc.has(language));
  return lacking.reduce((out, language) => `${out.replace(/\n*$/, "\n")}\n${language}: {}\n`, text);
}

/** Writes a file whole, then renames it over the old one: never a half-written content file. */
function replaceFile(file: string, text: string) {
  fs.writeFileSync(`${file}.migrating`, text);
  fs.renameSync(`${file}.migrating`, file);
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
    replaceFile(absolute, text);
    changedFiles.push(`content/${relative}`);
  }
  const [homeFile, siteFile] = ["home.yaml", "site.yaml"].map((name) => path.join(contentDir, name));
  if (fs.existsSync(homeFile) && fs.existsSync(siteFile)) {
    const moved = homeToSections(fs.readFileSync(homeFile, "utf8"), fs.readFileSync(siteFile, "utf8"));
    if (moved) {
      replaceFile(homeFile, moved.home);
      replaceFile(siteFile, moved.site);
      changedFiles.push("content/home.yaml", "content/site.yaml");
    }
  }
  for (const relative of files) {
    const absolute = path.join(contentDir, relative);
    const before = fs.readFileSync(absolute, "utf8");
    const after = withEveryLanguage(underEnglish(before) ?? before);
    if (after === before) continue;
    replaceFile(absolute, after);
    changedFiles.push(`content/${relative}`);
  }
  return [...new Set(changedFiles)].sort();
}

if (require.main === module) {
  const projectDir = path.resolve(process.argv[2] ?? path.join(__dirname, ".."));
  const enquiryFile = path.join(projectDir, "content", "enquiry.yaml");
  const siteFile = path.join(projectDir, "content", "site.yaml");
  const valueIn = (file: string, at: string[]) =>
    fs.existsSync(file) ? (parseDocument(fs.readFileSync(file, "utf8")).getIn(at) as string | undefined) : undefined;
  const oldRecipient = valueIn(enquiryFile, ["delivery", "to"]);
  const oldAddress = valueIn(siteFile, ["url"]);
  const changed = migrateContent(projectDir);
  if (oldRecipient)
    console.log(
      `content/enquiry.yaml › delivery.to (${oldRecipient}) is no longer content: on the server, set it with sitectl enquiries-to ${oldRecipient}`,
    );
  // The shipped placeholder was never an address to keep.
  if (oldAddress && oldAddress.replace(/\/+$/, "") !== UNPUBLISHED_SITE_URL)
    console.log(
      `content/site.yaml › url (${oldAddress}) is no longer content: on the server, set it with sitectl site-url ${oldAddress}`,
    );
  console.log(changed.length ? `migrated: ${changed.join(", ")}` : "content is already current");
}
