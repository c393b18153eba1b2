// Reads every file under content/ and checks it against the schema. The build calls
// this before anything else (gatsby-node.ts), and so does `npm run content:validate`.
import fs from "node:fs";
import path from "node:path";
import yaml from "js-yaml";
import { contentFiles } from "./content";
import { expiredDocuments, lapsingDocuments, nextContentChange, today } from "./expiry";
import { imageSize } from "image-size";
import { HEAD_BYTES, type FileFacts } from "./files";
import { missingAnchors, unlinkedPages, type ContentWarning } from "./links";
import { validate, type Problem } from "./validate";

/** The id Gatsby prints beside a content error ("ERROR #..._CONTENT_INVALID"). */
export const CONTENT_ERROR = "CONTENT_INVALID";

export interface FileProblem extends Problem {
  /** The file, relative to the project, e.g. "content/site.yaml". */
  file: string;
}

export interface LoadedFile {
  file: string;
  /** Which kind of content file it is (contentFiles' `name`): its schema. */
  kind: (typeof contentFiles)[number]["name"];
  data: Record<string, unknown>;
}

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

function parse(absolute: string, file: string): { data?: unknown; problem?: FileProblem } {
  const size = fs.statSync(absolute).size;
  if (size > MAX_CONTENT_FILE_BYTES) {
    const message = `is ${Math.ceil(size / 1024)} KB, more than a content file may be (${MAX_CONTENT_FILE_BYTES / 1024} KB)`;
    return { problem: { file, field: "(whole file)", message } };
  }
  try {
    const data = yaml.load(fs.readFileSync(absolute, "utf8"), { filename: file });
    const repeated = repeatedPart(data);
    if (repeated) {
      const message = "repeats another part of the file through a YAML alias (*name); write the value out instead";
      return { problem: { file, field: repeated, message } };
    }
    return { data };
  } catch (error) {
    const mark = (error as yaml.YAMLException).mark;
    const where = mark ? `line ${mark.line + 1}, column ${mark.column + 1}` : "(whole file)";
    const reason = (error as yaml.YAMLException).reason ?? String(error);
    return { problem: { file, field: where, message: `is not valid YAML: ${reason}` } };
  }
}

/** An image's width and height from its header; null when it cannot be read. */
export function imageDimensions(bytes: Uint8Array): { width: number; height: number } | null {
  try {
    const { width, height } = imageSize(bytes);
    return width && height ? { width, height } : null;
  } catch {
    return null;
  }
}

/** Pixels already read, by file, size and time: the editor checks every save against all of content/. */
const dimensionsRead = new Map<string, ReturnType<typeof imageDimensions>>();

function cachedDimensions(absolute: string, stat: fs.Stats) {
  const key = `${absolute}\0${stat.size}\0${stat.mtimeMs}`;
  if (!dimensionsRead.has(key)) {
    if (dimensionsRead.size > 10_000) dimensionsRead.clear();
    dimensionsRead.set(key, imageDimensions(fs.readFileSync(absolute)));
  }
  return dimensionsRead.get(key)!;
}

/** A file's size and first bytes (its pixels read when asked), or null when there is no such file. */
function fileFacts(absolute: string): FileFacts | null {
  let handle: number;
  try {
    handle = fs.openSync(absolute, "r");
  } catch {
    return null;
  }
  try {
    const stat = fs.fstatSync(handle);
    if (!stat.isFile()) return null;
    const head = Buffer.alloc(HEAD_BYTES);
    fs.readSync(handle, head, 0, HEAD_BYTES, 0);
    return { bytes: stat.size, head, dimensions: () => cachedDimensions(absolute, stat) };
  } finally {
    fs.closeSync(handle);
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
    if (matches.length === 0) {
      problems.push({ file: `content/${kind.glob}`, field: "(whole file)", message: "is missing" });
    }
    for (const relative of matches) {
      claimed.add(relative);
      const file = `content/${relative.split(path.sep).join("/")}`;
      const absolute = path.join(contentDir, relative);
      const { data, problem } = parse(absolute, file);
      if (problem) {
        problems.push(problem);
        continue;
      }
      const inside = (relative: string) => {
        const inContent = path.relative(contentDir, path.resolve(path.dirname(absolute), relative));
        return inContent !== ".." && !inContent.startsWith(`..${path.sep}`) && !path.isAbsolute(inContent);
      };
      const named = (relative: string) => fileFacts(path.resolve(path.dirname(absolute), relative));
      const found = validate(kind.schema, data ?? null, "", { inside, file: named });
      problems.push(...found.map((p) => ({ ...p, file, field: p.field || "(whole file)" })));
      if (found.length === 0) files.push({ file, kind: kind.name, data: data as Record<string, unknown> });
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

  problems.push(...duplicateSlugs(files));
  return { files, problems };
}

/** Every page address content chooses: each service's, the quote form's and its privacy notice's. */
function pageSlugs({ file, data }: LoadedFile): { field: string; slug: string }[] {
  if (file.startsWith("content/services/")) return [{ field: "slug", slug: String(data.slug) }];
  if (file === "content/enquiry.yaml") {
    const privacy = data.privacy as { slug: string };
    return [
      { field: "slug", slug: String(data.slug) },
      { field: "privacy.slug", slug: String(privacy.slug) },
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
        seen.set(slug, field === "slug" ? loaded.file : `${loaded.file} › ${field}`);
      }
    }
  }
  return problems;
}

/** The validator's result as data (`content:validate --report FILE`), for programs to read. */
export interface ContentReport {
  valid: boolean;
  /** The content files checked, relative to the project. */
  files: string[];
  problems: FileProblem[];
  /** What does not stop the build but should be fixed (a page nothing links to, a link to no section, a lapsed or lapsing certificate). */
  warnings: ContentWarning[];
  /** The first later day a build would differ (a document lapses or its warning starts); null when none. */
  nextChange: string | null;
}

/** The report on loaded content; `day` ("YYYY-MM-DD") is the day documents must still be valid on. */
export const contentReport = (
  loaded: { files: LoadedFile[]; problems: FileProblem[] },
  day = today(),
): ContentReport => ({
  valid: loaded.problems.length === 0,
  files: loaded.files.map((file) => file.file),
  problems: loaded.problems,
  warnings:
    loaded.problems.length === 0
      ? [
          ...unlinkedPages(loaded.files),
          ...missingAnchors(loaded.files),
          ...expiredDocuments(loaded.files, day),
          ...lapsingDocuments(loaded.files, day),
        ]
      : [],
  nextChange: loaded.problems.length === 0 ? nextContentChange(loaded.files, day) : null,
});

/** A warning as one line: "content/services/x.yaml: no link leads to …". */
export const formatWarning = (warning: ContentWarning) => `${warning.file}: ${warning.message}`;

/** One message for people: every problem on its own line, file first. */
export function formatProblems(problems: FileProblem[]): string {
  const lines = problems.map((p) => `  ${p.file} › ${p.field}: ${p.message}`);
  const count = problems.length === 1 ? "1 problem" : `${problems.length} problems`;
  return `The content has ${count}, so the site was not built. Fix ${problems.length === 1 ? "it" : "them"} and build again:\n${lines.join("\n")}`;
}

export interface SiteSettings {
  url: string;
  name: string;
  shortName: string;
  themeColor: string;
  /** The logo's path relative to the project, for the favicon and app icons. */
  logo: string;
  /** The footer map's address, for each page's security policy. */
  mapEmbedUrl: string | null;
}

/**
 * What the Gatsby configuration needs from content/site.yaml. Read leniently: Gatsby
 * loads its configuration before the content check runs, and that check gives the
 * clear message if the file is broken.
 */
export function readSiteSettings(projectDir: string): SiteSettings {
  const fallback = {
    url: "https://www.example.com",
    name: "Site",
    shortName: "Site",
    themeColor: "#000000",
    mapEmbedUrl: null,
  };
  try {
    const site = yaml.load(fs.readFileSync(path.join(projectDir, "content/site.yaml"), "utf8")) as {
      url?: string;
      company?: { name?: string; shortName?: string; themeColor?: string; logo?: string };
      map?: { embedUrl?: string };
    };
    return {
      url: (site.url ?? fallback.url).replace(/\/+$/, ""),
      name: site.company?.name ?? fallback.name,
      shortName: site.company?.shortName ?? fallback.shortName,
      themeColor: site.company?.themeColor ?? fallback.themeColor,
      logo: path.join("content", site.company?.logo ?? "images/placeholder-logo.png"),
      mapEmbedUrl: site.map?.embedUrl ?? null,
    };
  } catch {
    return { ...fallback, logo: "content/images/placeholder-logo.png" };
  }
}
