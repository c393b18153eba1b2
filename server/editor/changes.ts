// The content's history as staff read it, from the editor's repository: each commit that
// touched content/ (who, when, which pages) and, for each page or settings file, what
// changed field by field in the editor's labels (src/schema/describe.ts). Read-only; the
// restores that write are in history.ts. git runs as a child process the event loop does
// not wait on: reading history never holds up a login check, a save or the inbox.
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import YAML from "yaml";
import {
  LANGUAGES,
  contentFiles,
  changeWords,
  describeChanges,
  type Language,
  type ObjectField,
} from "../../src/contract/content";
import { SAFE_GIT, git } from "../lib/git";

const run = promisify(execFile);

export const COMMIT = /^[0-9a-f]{40}$/;
/** The commits the site-wide list and a file's history show. */
export const HISTORY_LIMIT = 40;
/** How far back "undo my last change" looks for the login's own change. */
export const UNDO_LOOKBACK = 200;

export interface FileChange {
  file: string;
  status: "added" | "modified" | "deleted";
}

export interface Commit {
  hash: string;
  author: string;
  at: string;
  subject: string;
  files: FileChange[];
}

const STATUS: Record<string, FileChange["status"]> = { A: "added", M: "modified", D: "deleted" };

/** The commits touching `paths` (content/ by default), newest first. */
export async function commits(
  repo: string,
  limit: number,
  paths: string[] = ["content"],
  range = "HEAD",
): Promise<Commit[]> {
  let text: string;
  try {
    text = await git(
      repo,
      "log",
      `-n${limit}`,
      "--no-renames",
      "--format=%x1e%H%x1f%an%x1f%aI%x1f%s",
      "--name-status",
      range,
      "--",
      ...paths,
    );
  } catch {
    return []; // no commits yet
  }
  return text
    .split("\x1e")
    .filter((block) => block.trim())
    .map((block) => {
      const [head, ...lines] = block.split("\n");
      const [hash, author, at, subject] = head.split("\x1f");
      const files = lines.flatMap((line) => {
        const [code, file] = line.split("\t");
        return file && file.startsWith("content/") ? [{ file, status: STATUS[code[0]] ?? "modified" }] : [];
      });
      return { hash, author, at, subject, files };
    });
}

/** A file's bytes at a commit, or null when it did not exist there. */
export async function fileAt(repo: string, commit: string, file: string): Promise<Buffer | null> {
  try {
    const { stdout } = await run("git", [...SAFE_GIT, "show", `${commit}:${file}`], {
      cwd: repo,
      encoding: "buffer",
      maxBuffer: 64 * 1024 * 1024,
    });
    return stdout;
  } catch {
    return null;
  }
}

/** The content file kind a path belongs to (site.yaml, services/<slug>.yaml…), or null for media. */
export function kindOf(file: string) {
  const relative = file.replace(/^content\//, "");
  return (
    contentFiles.find((kind) =>
      kind.glob.includes("*")
        ? relative.startsWith(kind.glob.slice(0, kind.glob.indexOf("*"))) &&
          relative.endsWith(kind.glob.slice(kind.glob.indexOf("*") + 1)) &&
          !relative.slice(kind.glob.indexOf("*")).includes("/")
        : relative === kind.glob,
    ) ?? null
  );
}

/**
 * A content file's data by language. A file written before it held its languages (no
 * `en:`) is all English, so the commit that moved it under `en:` reads as no change.
 */
const parse = (bytes: Buffer | null): Partial<Record<Language, unknown>> | null => {
  if (!bytes) return null;
  let data: unknown;
  try {
    data = YAML.parse(bytes.toString("utf8")) ?? {};
  } catch {
    return {};
  }
  const byLanguage = typeof data === "object" && data !== null && "en" in data;
  return byLanguage ? (data as Partial<Record<Language, unknown>>) : { en: data };
};

/** A file's name for staff: "Site settings", "Service page: Hard anodising", or the media file's name. */
export function fileLabel(file: string, data?: unknown): string {
  const kind = kindOf(file);
  if (!kind) return file.replace(/^content\//, "");
  if (!kind.glob.includes("*")) return kind.schema.label;
  const title = (data as { hero?: { title?: string }; slug?: string } | null)?.hero?.title;
  return `${kind.schema.label}: ${
    title ??
    file
      .split("/")
      .pop()!
      .replace(/\.ya?ml$/, "")
  }`;
}

export interface Described {
  file: string;
  label: string;
  status: FileChange["status"];
  /** What changed, one sentence per field. */
  words: string[];
}

/** Described commits by hash: a commit never changes, so what it changed is worked out once. */
const described = new Map<string, Described[]>();
const DESCRIBED_KEPT = 500;

/** What a commit changed in each of its content files, in words. */
export async function describeCommit(repo: string, commit: Commit): Promise<Described[]> {
  const known = described.get(commit.hash);
  if (known) return known;
  const result: Described[] = [];
  for (const { file, status } of commit.files) result.push(await describeFile(repo, commit, file, status));
  if (described.size >= DESCRIBED_KEPT) described.delete(described.keys().next().value!);
  described.set(commit.hash, result);
  return result;
}

async function describeFile(
  repo: string,
  commit: Commit,
  file: string,
  status: FileChange["status"],
): Promise<Described> {
  const kind = kindOf(file);
  if (!kind) {
    const words = [status === "added" ? "File uploaded" : status === "deleted" ? "File deleted" : "File replaced"];
    return { file, label: fileLabel(file), status, words };
  }
  const before = parse(await fileAt(repo, `${commit.hash}^`, file));
  const after = parse(await fileAt(repo, commit.hash, file));
  const label = fileLabel(file, (after ?? before)?.en);
  if (before === null) return { file, label, status, words: ["Page created"] };
  if (after === null) return { file, label, status, words: ["Page deleted"] };
  // The English by its labels; a translation's words after its language's name.
  const changes = (Object.keys(LANGUAGES) as Language[]).flatMap((language) =>
    describeChanges(kind.schema as ObjectField, before[language] ?? {}, after[language] ?? {})
      .map(changeWords)
      .map((words) => (language === "en" ? words : `${LANGUAGES[language].inEnglish} › ${words}`)),
  );
  return { file, label, status, words: changes.length ? changes : ["Only notes or layout of the file changed"] };
}
