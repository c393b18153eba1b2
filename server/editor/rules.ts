// What the editor may touch, derived from the editor's own configuration (src/cms/config.ts,
// itself made from the content schema): the content files, the folder of service pages,
// and the image and document (PDF) folders beside them. decap-server alone only checks
// that a path is inside the repository, so without this the editor could write
// gatsby-node.ts or package.json (which the next build runs) or read .git/config.
import fs from "node:fs";
import path from "node:path";
import {
  cmsConfig,
  FILE_KINDS,
  extensionOf,
  fileProblem,
  HEAD_BYTES,
  kindOfWidget,
  megabytes,
  type FileKindName,
  imageDimensions,
} from "../../src/contract/content";
import { Refusal } from "../lib/refusal";

/** The largest upload of any kind (each kind's own limit is in src/schema/files.ts). */
export const MAX_UPLOAD_BYTES = Math.max(...Object.values(FILE_KINDS).map((kind) => kind.maxBytes));
/** The largest API request: an upload is base64 in JSON (a third bigger), plus the rest. */
export const MAX_REQUEST_BYTES = Math.ceil(MAX_UPLOAD_BYTES * 1.4) + 64 * 1024;

/** The actions of Decap's simple publish mode; the editorial workflow's are refused. */
export const ALLOWED_ACTIONS = new Set([
  "info",
  "entriesByFolder",
  "entriesByFiles",
  "getEntry",
  "persistEntry",
  "getMedia",
  "getMediaFile",
  "persistMedia",
  "deleteFile",
  "deleteFiles",
  "getDeployPreview",
]);
export const WRITE_ACTIONS = new Set(["persistEntry", "persistMedia", "deleteFile", "deleteFiles"]);

const DATA_FILE = /\.ya?ml$/i;
const NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

export interface Rules {
  /** Content files the editor edits one by one (content/site.yaml, ...). */
  files: Set<string>;
  /** Folders whose every YAML file is an entry (content/services). */
  folders: Set<string>;
  /** Folders uploads go to, and the kind of file each holds. */
  mediaFolders: Map<string, FileKindName>;
}

type ConfigField = {
  widget?: string;
  media_folder?: string;
  fields?: ConfigField[];
  field?: ConfigField;
  types?: ConfigField[];
};

/** The folders fields name for their own uploads (PDFs: documents/), relative to the entry, and their kind. */
function fieldFolders(fields: ConfigField[] = []): [string, FileKindName][] {
  return fields.flatMap((field): [string, FileKindName][] => {
    const kind = kindOfWidget(field.widget);
    return [
      ...(field.media_folder && kind ? [[field.media_folder, kind] as [string, FileKindName]] : []),
      ...fieldFolders(field.fields),
      ...fieldFolders(field.field ? [field.field] : []),
      ...fieldFolders(field.types),
    ];
  });
}

export function editorRules(): Rules {
  const config = cmsConfig({ siteUrl: "https://example.invalid" });
  const mediaFolders = new Map<string, FileKindName>([[config.media_folder, "image"]]);
  const rules: Rules = { files: new Set(), folders: new Set(), mediaFolders };
  const addFolders = (base: string, imageFolder: string, fields: ConfigField[]) => {
    mediaFolders.set(path.posix.join(base, imageFolder), "image");
    for (const [folder, kind] of fieldFolders(fields)) mediaFolders.set(path.posix.join(base, folder), kind);
  };
  for (const collection of config.collections) {
    if ("folder" in collection) {
      rules.folders.add(collection.folder);
      addFolders(collection.folder, collection.media_folder, collection.fields);
    } else {
      for (const file of collection.files) {
        rules.files.add(file.file);
        addFolders(path.posix.dirname(file.file), file.media_folder, file.fields);
      }
    }
  }
  return rules;
}

/** A plain relative path: no "..", no absolute path, no backslash, nothing to normalise. */
function plain(file: unknown): string {
  if (typeof file !== "string" || file === "" || file.includes("\\") || file.includes("\0")) {
    throw new Refusal(403, `path not allowed: ${JSON.stringify(file)}`);
  }
  if (path.posix.isAbsolute(file) || path.posix.normalize(file) !== file || file.split("/").includes("..")) {
    throw new Refusal(403, `path not allowed: ${file}`);
  }
  return file;
}

export function isDataFile(rules: Rules, file: string): boolean {
  if (!DATA_FILE.test(file)) return false;
  if (rules.files.has(file)) return true;
  return rules.folders.has(path.posix.dirname(file)) && NAME.test(path.posix.basename(file));
}

/** The kind of upload `file` is (by its folder), when its name is one that kind takes. */
export function uploadKind(rules: Rules, file: string): FileKindName | null {
  const kind = rules.mediaFolders.get(path.posix.dirname(file));
  if (!kind || !NAME.test(path.posix.basename(file))) return null;
  return FILE_KINDS[kind].editor.extensions.includes(extensionOf(file)) ? kind : null;
}

export function dataFile(rules: Rules, file: unknown): string {
  const checked = plain(file);
  if (!isDataFile(rules, checked)) throw new Refusal(403, `not a content file the editor may change: ${checked}`);
  return checked;
}

/** An upload's path: an image in an image folder, or a PDF in a documents folder. */
export function uploadFile(rules: Rules, file: unknown): { file: string; kind: FileKindName } {
  const checked = plain(file);
  const kind = uploadKind(rules, checked);
  if (!kind) {
    // Say what the folder takes, or for a file in no upload folder, what either takes.
    const folderKind = rules.mediaFolders.get(path.posix.dirname(checked));
    const told = folderKind
      ? FILE_KINDS[folderKind].editor.told
      : Object.values(FILE_KINDS)
          .map((each) => each.editor.told)
          .join(" or ");
    throw new Refusal(403, `not ${told}: ${checked}`);
  }
  return { file: checked, kind };
}

/** Refuses a path when any part of it inside the repository is a symlink. */
export function noSymlink(repo: string, file: string): void {
  let current = repo;
  for (const part of file.split("/")) {
    current = path.join(current, part);
    let stat: fs.Stats;
    try {
      stat = fs.lstatSync(current);
    } catch {
      return; // does not exist yet: nothing further can be a link
    }
    if (stat.isSymbolicLink()) throw new Refusal(403, `path not allowed (symlink): ${file}`);
  }
}

/** New files one save may bring (a page with its photos); more are refused (413). */
export const MAX_FILES_PER_SAVE = 10;

/**
 * An upload: an allowed path, whose bytes are the type its name says, no bigger than its
 * kind may be, an image of no more pixels than the build takes (the build's own check,
 * src/schema/files.ts). Returns its path and its bytes.
 */
export function checkUpload(
  rules: Rules,
  asset: { path?: unknown; content?: unknown; encoding?: unknown },
): { file: string; content: Buffer } {
  const { file, kind } = uploadFile(rules, asset.path);
  if (asset.encoding !== "base64" || typeof asset.content !== "string")
    throw new Refusal(422, `upload ${file}: not base64`);
  const bytes = Math.floor((asset.content.replace(/=+$/, "").length * 3) / 4);
  const head = Buffer.from(asset.content.slice(0, Math.ceil(HEAD_BYTES / 3) * 4), "base64");
  // Decoded only once its size is known to be within the limit (fileProblem checks that first).
  let content: Buffer | undefined;
  const decoded = () => (content ??= Buffer.from(asset.content as string, "base64"));
  const problem = fileProblem(kind, file, { bytes, head, dimensions: () => imageDimensions(decoded()) });
  if (!problem) return { file, content: decoded() };
  const tooBig = bytes > FILE_KINDS[kind].maxBytes;
  throw new Refusal(
    tooBig ? 413 : 422,
    tooBig ? `upload ${file}: larger than ${megabytes(FILE_KINDS[kind].maxBytes)}` : `upload ${file}: ${problem}`,
  );
}
