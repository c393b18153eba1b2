// The check in front of decap-server's middleware: every request names an allowed action
// and only allowed paths; a write is checked with the build's own validator on a copy of
// content/ with the change applied, so a refused edit is a 4xx with nothing written.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { formatProblems, loadContent } from "../../src/contract/content";
import { BRANCH } from "../lib/settings";
import { Refusal } from "../lib/refusal";
import {
  ALLOWED_ACTIONS,
  MAX_FILES_PER_SAVE,
  checkUpload,
  dataFile,
  isDataFile,
  noSymlink,
  uploadFile,
  type Rules,
} from "./rules";

type Params = Record<string, unknown>;
interface DataFile {
  path?: unknown;
  raw?: unknown;
  newPath?: unknown;
}
interface Asset {
  path?: unknown;
  content?: unknown;
  encoding?: unknown;
}

/**
 * What a write does to content/: files written and removed. A content file is its text;
 * an upload its bytes (checked already by checkUpload; the validator reads its type and pixels).
 */
export interface Change {
  write: Map<string, string | Uint8Array>;
  remove: string[];
  /** The bytes of the files it uploads (the editor's daily limit for all staff counts them). */
  uploadBytes: number;
}

/** Adds a checked upload to the change. */
function addUpload(rules: Rules, change: Change, asset: Asset): string {
  const { file, content } = checkUpload(rules, asset);
  change.write.set(file, content);
  change.uploadBytes += content.length;
  return file;
}

const anyFile = (rules: Rules, file: unknown) =>
  typeof file === "string" && isDataFile(rules, file) ? dataFile(rules, file) : uploadFile(rules, file).file;

/** Checks one API request; returns the change a write would make (null for reads). */
export function checkRequest(rules: Rules, repo: string, body: unknown): Change | null {
  const { action, params = {} } = (body ?? {}) as { action?: unknown; params?: Params };
  if (typeof action !== "string" || !ALLOWED_ACTIONS.has(action)) {
    throw new Refusal(403, `action not allowed: ${String(action)}`);
  }
  // decap-server checks out whatever branch a request names, and runs the editorial
  // workflow (branches, rebases) when asked: staff work on the site's branch, plainly.
  if (params.branch !== undefined && params.branch !== BRANCH) {
    throw new Refusal(403, `branch not allowed: ${String(params.branch)} (the site's branch is ${BRANCH})`);
  }
  const options = (params.options ?? {}) as Params;
  if (options.useWorkflow) throw new Refusal(403, "the editorial workflow is not used on this site");
  const paths: string[] = [];
  const change: Change = { write: new Map(), remove: [], uploadBytes: 0 };
  switch (action) {
    case "info":
    case "getDeployPreview":
      return null;
    case "entriesByFolder": {
      const folder = String(params.folder);
      if (!rules.folders.has(folder)) throw new Refusal(403, `folder not allowed: ${folder}`);
      paths.push(folder);
      break;
    }
    case "entriesByFiles":
      for (const file of (params.files as { path?: unknown }[] | undefined) ?? [])
        paths.push(dataFile(rules, file.path));
      break;
    case "getEntry":
      paths.push(dataFile(rules, params.path));
      break;
    case "getMedia": {
      const folder = String(params.mediaFolder);
      if (!rules.mediaFolders.has(folder)) throw new Refusal(403, `media folder not allowed: ${folder}`);
      paths.push(folder);
      break;
    }
    case "getMediaFile":
      paths.push(anyFile(rules, params.path));
      break;
    case "persistEntry": {
      const files = ((params.dataFiles ?? [params.entry]) as DataFile[]).filter(Boolean);
      if (files.length === 0) throw new Refusal(422, "nothing to save");
      for (const file of files) {
        const target = dataFile(rules, file.path);
        if (typeof file.raw !== "string") throw new Refusal(422, `${target}: no text`);
        paths.push(target);
        // decap-server's move takes the whole folder along, unchecked: no renames.
        if (file.newPath !== undefined && file.newPath !== file.path) {
          throw new Refusal(403, `${target}: renaming or moving a content file is not allowed`);
        }
        change.write.set(target, file.raw);
      }
      const assets = (params.assets as Asset[] | undefined) ?? [];
      if (assets.length > MAX_FILES_PER_SAVE)
        throw new Refusal(
          413,
          `${assets.length} new files in one save; at most ${MAX_FILES_PER_SAVE}: save them in parts`,
        );
      for (const asset of assets) paths.push(addUpload(rules, change, asset));
      break;
    }
    case "persistMedia": {
      paths.push(addUpload(rules, change, (params.asset ?? {}) as Asset));
      break;
    }
    case "deleteFile":
      paths.push(anyFile(rules, params.path));
      change.remove.push(paths[0]);
      break;
    case "deleteFiles":
      for (const file of (params.paths as unknown[] | undefined) ?? []) {
        const checked = anyFile(rules, file);
        paths.push(checked);
        change.remove.push(checked);
      }
      break;
  }
  for (const file of paths) noSymlink(repo, file);
  return change.write.size + change.remove.length > 0 ? change : null;
}

/** A throw-away project whose content/ is the repository's: YAML copied, other files linked. */
function mirror(repo: string, into: string, folder = "content"): void {
  fs.mkdirSync(path.join(into, folder), { recursive: true });
  for (const entry of fs.readdirSync(path.join(repo, folder), { withFileTypes: true })) {
    const relative = path.join(folder, entry.name);
    if (entry.isDirectory()) mirror(repo, into, relative);
    else if (/\.ya?ml$/i.test(entry.name)) fs.copyFileSync(path.join(repo, relative), path.join(into, relative));
    else fs.symlinkSync(path.join(repo, relative), path.join(into, relative));
  }
}

/**
 * The build's validator on content/ as it would be after the change. Throws a 422 in the
 * validator's words when the site could not be built from it.
 */
export function validateChange(repo: string, change: Pick<Change, "write" | "remove">): void {
  const project = fs.mkdtempSync(path.join(os.tmpdir(), "editor-check-"));
  try {
    mirror(repo, project);
    for (const file of change.remove) fs.rmSync(path.join(project, file), { force: true });
    for (const [file, text] of change.write) {
      fs.mkdirSync(path.dirname(path.join(project, file)), { recursive: true });
      fs.rmSync(path.join(project, file), { force: true });
      fs.writeFileSync(path.join(project, file), text);
    }
    const { problems } = loadContent(project);
    if (problems.length > 0) throw new Refusal(422, formatProblems(problems));
  } finally {
    fs.rmSync(project, { recursive: true, force: true });
  }
}
