// Releases: each build is copied into releases/<id>/ (id = time + commit), precompressed,
// and made live by pointing the `live` symlink at it in one rename. nginx's root is
// `live`, so a request sees the old release or the new one, never a mix, and nginx is
// never reloaded.
//
// A visitor who loaded a page of the old release may still ask for its scripts, styles
// and images after the switch. Their names carry a hash of their content, so every
// release also holds (as hard links: no extra space) the hashed files of the other kept
// releases: the new one gets the old ones' files, and a rollback gets the newer ones'.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { readJson, swapSymlink, writeFileAtomic } from "../lib/files";
import { ENCODINGS, filesIn, precompress } from "./compress";
import { KEEP_RELEASES, type HostPaths } from "../lib/settings";

export interface Release {
  id: string;
  commit: string;
  builtAt: string;
  /** This build's own hashed files (not those carried over from other releases). */
  hashed: string[];
}

/** Root-level webpack output, /static/ (images, hashed folders) and static-query results. */
export const HASHED = /^(?:[^/]+\.(?:js|css)|static\/.+|page-data\/sq\/d\/.+\.json)$/;
const PARTIAL = ".partial";

const metaFile = (paths: HostPaths, id: string) => path.join(paths.releases, `${id}.json`);
const folder = (paths: HostPaths, id: string) => path.join(paths.releases, id);

/** Kept releases, oldest first. */
export function listReleases(paths: HostPaths): Release[] {
  if (!fs.existsSync(paths.releases)) return [];
  return fs
    .readdirSync(paths.releases)
    .filter((name) => name.endsWith(".json"))
    .sort()
    .map((name) => readJson<Release>(path.join(paths.releases, name))!)
    .filter((release) => fs.existsSync(folder(paths, release.id)));
}

export function liveRelease(paths: HostPaths): Release | null {
  try {
    const id = path.basename(fs.readlinkSync(paths.live));
    return readJson<Release>(metaFile(paths, id)) ?? null;
  } catch {
    return null;
  }
}

const pinFile = (paths: HostPaths) => path.join(paths.state, "pinned");
export const readPin = (paths: HostPaths) =>
  fs.existsSync(pinFile(paths)) ? fs.readFileSync(pinFile(paths), "utf8").trim() : "";
export const writePin = (paths: HostPaths, id: string) => writeFileAtomic(pinFile(paths), id + "\n");
export const clearPin = (paths: HostPaths) => fs.rmSync(pinFile(paths), { force: true });

function newId(commit: string): string {
  const stamp = new Date().toISOString().replace(/[-:.]/g, "").slice(0, 18);
  return `${stamp}Z-${commit.slice(0, 12)}`;
}

/** Hard-links into `target` the hashed files (and their .br/.gz) of `others` it lacks. */
function carryHashedFiles(paths: HostPaths, target: string, others: Release[]): number {
  let carried = 0;
  for (const other of others) {
    for (const relative of other.hashed) {
      for (const ext of ["", ...ENCODINGS]) {
        const from = path.join(folder(paths, other.id), relative + ext);
        const to = path.join(target, relative + ext);
        if (fs.existsSync(to) || !fs.existsSync(from)) continue;
        fs.mkdirSync(path.dirname(to), { recursive: true });
        fs.linkSync(from, to);
        if (ext === "") carried += 1;
      }
    }
  }
  return carried;
}

/** Writes everything under `dir` to disk (syncfs): a release survives a power cut once live. */
function syncToDisk(dir: string): void {
  const result = spawnSync("sync", ["-f", dir]);
  if (result.status !== 0) throw new Error(`sync -f ${dir} failed: ${result.stderr}`);
}

/** Copies a build into a new release folder, precompressed, ready to switch to. */
export async function createRelease(paths: HostPaths, built: string, commit: string) {
  fs.mkdirSync(paths.releases, { recursive: true });
  const id = newId(commit);
  const partial = folder(paths, id) + PARTIAL;
  fs.cpSync(built, partial, { recursive: true });
  const hashed = filesIn(partial).filter((file) => HASHED.test(file));
  const live = liveRelease(paths);
  const compression = await precompress(partial, live && folder(paths, live.id));
  const carried = carryHashedFiles(paths, partial, listReleases(paths).slice(-(KEEP_RELEASES - 1)));
  syncToDisk(partial);
  fs.renameSync(partial, folder(paths, id));
  const release: Release = { id, commit, builtAt: new Date().toISOString(), hashed };
  writeFileAtomic(metaFile(paths, id), JSON.stringify(release, null, 2) + "\n");
  return { release, ...compression, carried };
}

export function switchTo(paths: HostPaths, id: string): void {
  swapSymlink(path.join("releases", id), paths.live);
}

/** Keeps the newest releases and the live one; removes the rest and any half-made one. */
export function prune(paths: HostPaths): void {
  if (!fs.existsSync(paths.releases)) return;
  const live = liveRelease(paths)?.id;
  const keep = new Set(
    listReleases(paths)
      .slice(-KEEP_RELEASES)
      .map((release) => release.id),
  );
  if (live) keep.add(live);
  for (const name of fs.readdirSync(paths.releases)) {
    const id = name.replace(/\.json$/, "");
    if (keep.has(id) && !name.endsWith(PARTIAL)) continue;
    fs.rmSync(path.join(paths.releases, name), { recursive: true, force: true });
  }
}

/**
 * Switches to the release before the live one and pins it (until the next publish).
 * Returns it, or null when there is none to go back to.
 */
export function rollback(paths: HostPaths): Release | null {
  const releases = listReleases(paths);
  const live = liveRelease(paths);
  const index = releases.findIndex((release) => release.id === live?.id);
  if (index <= 0) return null;
  const target = releases[index - 1];
  // Visitors on the release being left keep getting its scripts and images.
  carryHashedFiles(
    paths,
    folder(paths, target.id),
    releases.filter((release) => release.id !== target.id),
  );
  syncToDisk(folder(paths, target.id));
  writePin(paths, target.id);
  switchTo(paths, target.id);
  return target;
}

/** Every script and stylesheet the built pages name is in the build (nothing half-built goes live). */
export function missingAssets(built: string): string[] {
  const missing = new Set<string>();
  for (const page of ["index.html", "404.html"]) {
    if (!fs.existsSync(path.join(built, page))) missing.add(page);
  }
  for (const relative of filesIn(built).filter((file) => file.endsWith(".html"))) {
    const html = fs.readFileSync(path.join(built, relative), "utf8");
    for (const [, url] of html.matchAll(/(?:src|href)="(\/[^"?#]+\.(?:js|css))"/g)) {
      if (!fs.existsSync(path.join(built, url))) missing.add(`${url} (named by ${relative})`);
    }
  }
  return [...missing];
}
