// What the editor may touch, derived from the editor's own configuration (src/cms/config.ts,
// itself made from the content schema): the content files, the folder of service pages,
// and the image folders beside them. decap-server alone only checks that a path is inside
// the repository, so without this the editor could write gatsby-node.ts or package.json
// (which the next build runs) or read .git/config.
import fs from "node:fs";
import path from "node:path";
import { cmsConfig } from "../../src/cms/config";
import { Refusal } from "../lib/refusal";

/** Uploads larger than this are refused (a hero photo is 1 to 5 MB). */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
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
/** Raster images only: an SVG is a document that can carry script, on the editor's origin. */
const IMAGE_FILE = /\.(jpe?g|png|webp)$/i;
const NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

/** The first bytes each allowed image type starts with. */
const SIGNATURES: [RegExp, (bytes: Buffer) => boolean][] = [
  [/\.jpe?g$/i, (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff],
  [/\.png$/i, (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))],
  [/\.webp$/i, (b) => b.toString("latin1", 0, 4) === "RIFF" && b.toString("latin1", 8, 12) === "WEBP"],
];

export interface Rules {
  /** Content files the editor edits one by one (content/site.yaml, ...). */
  files: Set<string>;
  /** Folders whose every YAML file is an entry (content/services). */
  folders: Set<string>;
  /** Folders uploads go to. */
  mediaFolders: Set<string>;
}

export function editorRules(): Rules {
  const config = cmsConfig({ siteUrl: "https://example.invalid" });
  const rules: Rules = { files: new Set(), folders: new Set(), mediaFolders: new Set([config.media_folder]) };
  for (const collection of config.collections) {
    if ("folder" in collection) {
      rules.folders.add(collection.folder);
      rules.mediaFolders.add(path.posix.join(collection.folder, collection.media_folder));
    } else {
      for (const file of collection.files) {
        rules.files.add(file.file);
        rules.mediaFolders.add(path.posix.join(path.posix.dirname(file.file), file.media_folder));
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

export function isImageFile(rules: Rules, file: string): boolean {
  return (
    IMAGE_FILE.test(file) && rules.mediaFolders.has(path.posix.dirname(file)) && NAME.test(path.posix.basename(file))
  );
}

export function dataFile(rules: Rules, file: unknown): string {
  const checked = plain(file);
  if (!isDataFile(rules, checked)) throw new Refusal(403, `not a content file the editor may change: ${checked}`);
  return checked;
}

export function imageFile(rules: Rules, file: unknown): string {
  const checked = plain(file);
  if (!isImageFile(rules, checked)) {
    throw new Refusal(403, `not an image the editor may store (JPEG, PNG or WebP in an image folder): ${checked}`);
  }
  return checked;
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

/** An upload: an allowed image path, at most MAX_UPLOAD_BYTES, whose bytes are that image type. */
export function checkUpload(rules: Rules, asset: { path?: unknown; content?: unknown; encoding?: unknown }): void {
  const file = imageFile(rules, asset.path);
  if (asset.encoding !== "base64" || typeof asset.content !== "string")
    throw new Refusal(422, `upload ${file}: not base64`);
  if ((asset.content.length * 3) / 4 > MAX_UPLOAD_BYTES + 3) {
    throw new Refusal(413, `upload ${file}: larger than ${MAX_UPLOAD_BYTES / 1024 / 1024} MB`);
  }
  const bytes = Buffer.from(asset.content.slice(0, 64), "base64");
  const signature = SIGNATURES.find(([extension]) => extension.test(file));
  if (!signature || !signature[1](bytes))
    throw new Refusal(422, `upload ${file}: its content is not the image type its name says`);
}
