// What a restore and the drill check of a backup before they trust any of it: the archive's
// listing (plain files and folders inside it), every file against the manifest's digests,
// the settings through their rules (server/installed/settingRules.ts), and the content
// repository's bundle, cloned whole at the manifest's head.
import fs from "node:fs";
import path from "node:path";
import { SAFE_GIT } from "../lib/git";
import { readEnvFile } from "../installed/layout";
import {
  SETTING_RULES,
  SettingRefused,
  WHERE_THINGS_GO,
  checkedSettings,
  settingsText,
  shownValue,
} from "../installed/settingRules";
import { Failure, must, run, say } from "../installed/shell";
import { badName, members } from "./archive";
import { FORMAT, PART, READABLE_VERSIONS, filesUnder, sha256, type Manifest } from "./file";

/** Only plain files and folders, inside the backup: no links, devices or paths leading out. */
export function checkListing(file: string): void {
  for (const { type, name } of members(file)) {
    const bad =
      (type !== "-" && type !== "d" && `a ${type === "l" || type === "h" ? "link" : "special file"}`) || badName(name);
    if (bad)
      throw new Failure(
        `${file} is not a backup made by sitectl backup: it holds ${name} (${bad}); nothing was changed.`,
      );
  }
}

/** The manifest, once every file is the one it names. */
export function checkContents(file: string, staging: string): Manifest {
  const manifestFile = path.join(staging, PART.manifest);
  let manifest: Manifest;
  try {
    manifest = JSON.parse(fs.readFileSync(manifestFile, "utf8")) as Manifest;
  } catch {
    throw new Failure(`${file} is not a backup made by sitectl backup (no readable ${PART.manifest}).`);
  }
  if (manifest.format !== FORMAT) throw new Failure(`${file} is not a backup made by sitectl backup.`);
  if (!READABLE_VERSIONS.includes(manifest.version))
    throw new Failure(
      `${file} is a backup of version ${manifest.version}; this code reads versions ${READABLE_VERSIONS.join(" and ")} (update the code: sitectl update).`,
    );
  const present = filesUnder(staging).filter((name) => name !== PART.manifest && name !== PART.signature);
  for (const name of present) {
    if (!(name in manifest.files))
      throw new Failure(`${file} holds ${name}, which its manifest does not list: refused.`);
  }
  for (const [name, digest] of Object.entries(manifest.files)) {
    const part = path.join(staging, name);
    if (!fs.existsSync(part)) throw new Failure(`${file} is damaged: ${name} is missing.`);
    if (sha256(part) !== digest) throw new Failure(`${file} is damaged: ${name} is not what was backed up.`);
  }
  return manifest;
}

/**
 * The backup's settings files (install.conf aside: the installer here wrote it), each read
 * through its rules (server/installed/settingRules.ts): any unknown key or bad value
 * refuses the whole restore before anything changes. Returns each file's text to write.
 */
export function checkSettings(label: string, unpacked: string, files: string[], show = true): Map<string, string> {
  const restored = new Map<string, string>();
  for (const file of files) {
    const from = path.join(unpacked, PART.settings, path.basename(file));
    if (!fs.existsSync(from)) continue;
    const name = `${PART.settings}/${path.basename(file)}`;
    try {
      const values = checkedSettings(file, fs.readFileSync(from, "utf8"), name);
      restored.set(file, settingsText(file, values));
      const now = readEnvFile(file);
      if (show)
        for (const key of WHERE_THINGS_GO.filter((key) => key in SETTING_RULES[file]))
          if ((values[key] ?? "") !== (now[key] ?? ""))
            say(`    ${key} becomes ${shownValue(values[key] ?? "")} (now ${shownValue(now[key] ?? "")})`);
    } catch (error) {
      if (!(error instanceof SettingRefused)) throw error;
      throw new Failure(`${label} is refused: ${error.message}. Nothing was changed.`);
    }
  }
  return restored;
}

/** The bundle cloned into root's `staging` (nothing of it runs), on main at the manifest's head: the repository is whole. */
export function cloneBundle(staging: string, unpacked: string, manifest: Manifest): string {
  const repo = path.join(staging, "repo");
  const cloned = run("git", [
    ...SAFE_GIT,
    "clone",
    "--quiet",
    "--branch",
    "main",
    path.join(unpacked, PART.repo),
    repo,
  ]);
  if (cloned.status !== 0) throw new Failure(`the repository in the backup cannot be read: ${cloned.stderr.trim()}`);
  if (must("git", [...SAFE_GIT, "-C", repo, "rev-parse", "HEAD"]) !== manifest.head)
    throw new Failure("the repository in the backup is not at the head its manifest names.");
  return repo;
}
