// Reads every file under content/ and checks it against the schema, each file alone and
// all together (page addresses). The build calls this before anything else
// (gatsby-node.ts), and so does `npm run content:validate`. The result is reported by
// report.ts; the files' sizes and pixels are read by fileFacts.ts.
import fs from "node:fs";
import path from "node:path";
import { YAML, parseYaml } from "./yaml";
import { contentFiles } from "./content";
import { deskProblems } from "./estimateLinks";
import { fileFacts } from "./fileFacts";
import { DEFAULT_LANGUAGE, LANGUAGES, TRANSLATIONS, type Language } from "./languages";
import { byLanguage } from "./languageFile";
import { translate } from "./translation";
import type { FileProblem, LoadedFile } from "./types";
import { validate, type Problem } from "./validate";

/** The id Gatsby prints beside a content error ("ERROR #..._CONTENT_INVALID"). */
export const CONTENT_ERROR = "CONTENT_INVALID";

const YAML_FILE = /\.ya?ml$/i;

/** Files of one kind: "site.yaml" or "services/*.yaml". */
function filesOf(contentDir: string, glob: string): string[] {
  if (!glob.includes("*")) return fs.existsSync(path.join(contentDir, glob)) ? [glob] : [];
  const folder = path.dirname(glob);
  const absolute = path.join(contentDir, folder);
  if (!fs.existsSync(absolute)) return [];
  return fs
    .readdirSync(absolute)
    .filter((name) => YAML_FILE.test(name))
    .sort()
    .map((name) => path.join(folder, name));
}

/** Every YAML file under content/ (relative to it), to catch the ones that match no kind. */
export function allYamlFiles(contentDir: string, folder = ""): string[] {
  return fs.readdirSync(path.join(contentDir, folder), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.join(folder, entry.name);
    if (entry.isDirectory()) return allYamlFiles(contentDir, relative);
    return YAML_FILE.test(entry.name) ? [relative] : [];
  });
}

/** A content file is at most this big: the largest today is a few kilobytes. */
export const MAX_CONTENT_FILE_BYTES = 256 * 1024;

/**
 * The first part of `data` that appears twice (a YAML alias, `*name`, to a list or group),
 * or null. Aliases are refused: a few lines of them can stand for millions of items.
 * The walk stops at the first repeat, so it costs no more than the file's own size.
 */
function repeatedPart(data: unknown, at = "", seen = new Set<object>()): string | null {
  if (typeof data !== "object" || data === null) return null;
  if (seen.has(data)) return at || "(whole file)";
  seen.add(data);
  for (const [key, inner] of Object.entries(data)) {
    const found = repeatedPart(inner, Array.isArray(data) ? `${at}[${key}]` : at ? `${at}.${key}` : key, seen);
    if (found) return found;
  }
  return null;
}

/**
 * Why a path under content/ is not the staff's own file, or null: a link (or a file in a
 * linked folder) may point at a file of the server's, which is never read nor quoted.
 */
function notOwnFile(contentDir: string, absolute: string): string | null {
  const stat = fs.lstatSync(absolute);
  if (stat.isSymbolicLink()) return "is a link; content/ may hold only files and folders: put the file itself there";
  if (!stat.isFile()) return "is not a file";
  const inside = path.relative(fs.realpathSync(contentDir), fs.realpathSync(absolute));
  if (inside.startsWith("..") || path.isAbsolute(inside))
    return "is in a linked folder; content/ may hold only files and folders";
  return null;
}

/**
 * What a text read as, when it read cleanly: content is loaded again and again with most
 * files unchanged (three times a build; once per mutation in the content tests, where
 * parsing was most of the time), and a text is parsed once. Kept up to a bound of
 * characters, the oldest forgotten first; each caller gets its own copy (no part is shared:
 * repeatedPart refused those).
 */
const readBefore = new Map<string, unknown>();
const MAX_REMEMBERED_CHARS = 2 * 1024 * 1024;
let rememberedChars = 0;

function remember(text: string, data: unknown) {
  if (data === undefined) return;
  readBefore.set(text, data);
  rememberedChars += text.length;
  for (const old of readBefore.keys()) {
    if (rememberedChars <= MAX_REMEMBERED_CHARS) break;
    readBefore.delete(old);
    rememberedChars -= old.length;
  }
}

/** A copy of what YAML reads as: lists, groups, days and plain values. */
function copyOf(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(copyOf);
  if (value instanceof Date) return new Date(value.getTime());
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, copyOf(inner)]));
  }
  return value;
}

function parse(contentDir: string, absolute: string, file: string): { data?: unknown; problem?: FileProblem } {
  const notOwn = notOwnFile(contentDir, absolute);
  if (notOwn) return { problem: { file, field: "(whole file)", message: notOwn } };
  const size = fs.statSync(absolute).size;
  if (size > MAX_CONTENT_FILE_BYTES) {
    const message = `is ${Math.ceil(size / 1024)} KB, more than a content file may be (${MAX_CONTENT_FILE_BYTES / 1024} KB)`;
    return { problem: { file, field: "(whole file)", message } };
  }
  try {
    const text = fs.readFileSync(absolute, "utf8");
    const known = readBefore.get(text);
    if (known !== undefined) return { data: copyOf(known) };
    const data = parseYaml(text);
    const repeated = repeatedPart(data);
    if (repeated) {
      const message = "repeats another part of the file through a YAML alias (*name); write the value out instead";
      return { problem: { file, field: repeated, message } };
    }
    remember(text, data);
    return { data: copyOf(data) };
  } catch (error) {
    const at = error instanceof YAML.YAMLError ? error.linePos?.[0] : undefined;
    const where = at ? `line ${at.line}, column ${at.col}` : "(whole file)";
    // The library's sentence without its own "at line …" and the lines it quotes.
    const reason = (error as Error).message.split("\n")[0].replace(/ at line \d+, column \d+:?$/, "");
    return { problem: { file, field: where, message: `is not valid YAML: ${reason}` } };
  }
}

/** Loads and validates all content; `problems` is empty when the site can be built. */
export function loadContent(projectDir: string): { files: LoadedFile[]; problems: FileProblem[] } {
  const contentDir = path.join(projectDir, "content");
  const files: LoadedFile[] = [];
  const problems: FileProblem[] = [];
  const claimed = new Set<string>();

  for (const kind of contentFiles) {
    const matches = filesOf(contentDir, kind.glob);
    if (matches.length === 0 && !("optional" in kind && kind.optional)) {
      problems.push({ file: `content/${kind.glob}`, field: "(whole file)", message: "is missing" });
    }
    for (const relative of matches) {
      claimed.add(relative);
      const file = `content/${relative.split(path.sep).join("/")}`;
      const absolute = path.join(contentDir, relative);
      const { data, problem } = parse(contentDir, absolute, file);
      if (problem) {
        problems.push(problem);
        continue;
      }
      const inside = (relative: string) => {
        const inContent = path.relative(contentDir, path.resolve(path.dirname(absolute), relative));
        return inContent !== ".." && !inContent.startsWith(`..${path.sep}`) && !path.isAbsolute(inContent);
      };
      const named = (relative: string) => fileFacts(path.resolve(path.dirname(absolute), relative));
      const split = byLanguage(data);
      if ("problem" in split) {
        problems.push({ file, field: "(whole file)", message: split.problem });
        continue;
      }
      const context = { inside, file: named };
      const found = validate(kind.schema, split.english ?? null, DEFAULT_LANGUAGE, context);
      const inFile = (p: Problem) => ({ ...p, file, field: p.field || "(whole file)" });
      problems.push(...found.map(inFile));
      if (found.length > 0) continue;
      const english = split.english as Record<string, unknown>;
      const loaded: LoadedFile = { file, kind: kind.name, data: english, translations: {}, untranslated: {} };
      for (const [language, words] of Object.entries(split.translations) as [Language, unknown][]) {
        const page = translate(kind.schema, english, words, language);
        // The page in that language must pass what the English passes (a key fact's length).
        const invalid = page.problems.length ? [] : validate(kind.schema, page.data, language, context);
        problems.push(...[...page.problems, ...invalid].map(inFile));
        if (page.missing.length) loaded.untranslated[language] = page.missing;
        else if (!page.problems.length && !invalid.length) loaded.translations[language] = page.data;
      }
      for (const language of TRANSLATIONS.filter((language) => !(language in split.translations))) {
        loaded.untranslated[language] = [{ field: language, message: `has no ${LANGUAGES[language].inEnglish} yet` }];
      }
      files.push(loaded);
    }
  }

  for (const relative of allYamlFiles(contentDir)) {
    if (!claimed.has(relative)) {
      const file = `content/${relative.split(path.sep).join("/")}`;
      problems.push({
        file,
        field: "(whole file)",
        message: `is not a known content file (expected ${contentFiles.map((k) => k.glob).join(", ")})`,
      });
    }
  }

  // A service page that did not load is named by its own problem, not again by each standard citing it.
  const servicesLoaded = !problems.some((problem) => problem.file.startsWith("content/services/"));
  const citing = servicesLoaded ? unknownServices(files) : [];
  // The desk names plants too: only once the site's settings loaded.
  const siteLoaded = files.some((loaded) => loaded.kind === "site");
  const twice = duplicateSlugs(files);
  problems.push(
    ...twice,
    ...citing,
    ...(servicesLoaded && citing.length === 0 ? strayGradeServices(files) : []),
    // Pages named twice would be listed twice among the pages the desk may name.
    ...(servicesLoaded && siteLoaded && twice.length === 0 ? deskProblems(files) : []),
  );
  return { files, problems };
}

/**
 * A type a standard offers names the service that applies it: one of the standard's own
 * (once those are real service pages: unknownServices names them first).
 */
function strayGradeServices(files: LoadedFile[]): FileProblem[] {
  return files
    .filter((loaded) => loaded.kind === "standards")
    .flatMap((loaded) => {
      const services = (loaded.data.services as string[]) ?? [];
      const items = (loaded.data.offered as { items: { service?: string }[] }).items;
      return items.flatMap((item, index) =>
        !item.service || services.includes(item.service)
          ? []
          : [
              {
                file: loaded.file,
                field: `${DEFAULT_LANGUAGE}.offered.items[${index}].service`,
                message: `"${item.service}" is not among this standard's services: write one of ${services.join(", ")}`,
              },
            ],
      );
    });
}

/** A standard page names the service pages that work to it: each must be one. */
function unknownServices(files: LoadedFile[]): FileProblem[] {
  const services = files.filter((loaded) => loaded.kind === "services").map((loaded) => String(loaded.data.slug));
  return files
    .filter((loaded) => loaded.kind === "standards")
    .flatMap((loaded) =>
      ((loaded.data.services as string[]) ?? []).flatMap((slug, index) =>
        services.includes(slug)
          ? []
          : [
              {
                file: loaded.file,
                field: `${DEFAULT_LANGUAGE}.services[${index}]`,
                message: `"${slug}" is not a service page: write the address of one of ${services.join(", ")}`,
              },
            ],
      ),
    );
}

/** Every page address content chooses: each service's and standard's, the desk's, the quote form's and its privacy notice's. */
function pageSlugs({ file, data }: LoadedFile): { field: string; slug: string }[] {
  const field = (at: string) => `${DEFAULT_LANGUAGE}.${at}`;
  if (file.startsWith("content/services/") || file.startsWith("content/standards/") || file === "content/estimate.yaml")
    return [{ field: field("slug"), slug: String(data.slug) }];
  if (file === "content/enquiry.yaml") {
    const privacy = data.privacy as { slug: string };
    return [
      { field: field("slug"), slug: String(data.slug) },
      { field: field("privacy.slug"), slug: String(privacy.slug) },
    ];
  }
  return [];
}

/** Addresses the server or the build already uses. */
const RESERVED_SLUGS = ["admin", "api", "static", "page-data", "404", "sitemap", "icons"];

function duplicateSlugs(files: LoadedFile[]): FileProblem[] {
  const seen = new Map<string, string>();
  const problems: FileProblem[] = [];
  for (const loaded of files) {
    for (const { field, slug } of pageSlugs(loaded)) {
      if (RESERVED_SLUGS.includes(slug)) {
        problems.push({
          file: loaded.file,
          field,
          message: `"${slug}" is an address the site already uses; choose another`,
        });
        continue;
      }
      const first = seen.get(slug);
      if (first) {
        problems.push({
          file: loaded.file,
          field,
          message: `"${slug}" is already used by ${first}; each page needs its own`,
        });
      } else {
        seen.set(slug, field === `${DEFAULT_LANGUAGE}.slug` ? loaded.file : `${loaded.file} › ${field}`);
      }
    }
  }
  return problems;
}
