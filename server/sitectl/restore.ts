// `sitectl restore FILE [--with-certificates]`: puts a backup made by `sitectl backup`
// onto this installation (normally a fresh one): the content repository, the editor's
// logins, the enquiries (added to any here), the settings, and the certificates when
// asked. The whole file is checked first; a damaged or foreign file changes nothing.
import fs from "node:fs";
import path from "node:path";
import { STATES } from "../enquiry/spool";
import {
  EDITORS_FILE,
  ENQUIRY_DIR,
  ETC_DIR,
  REPO_DIR,
  SERVICES,
  SITE_GROUP,
  UNITS,
  currentCode,
  readInstallSettings,
} from "./layout";
import { FORMAT, PART, VERSION, filesUnder, sha256, stagingFolder, type Manifest } from "./backup";
import { describe, finishedBuildOf, waitForPublisher } from "./publishing";
import { Failure, count, git, must, run, say, systemctl } from "./shell";

/** Only plain files and folders, inside the backup: no links, devices or paths leading out. */
function checkListing(file: string): void {
  const listing = run("tar", ["-tzvf", file]);
  if (listing.status !== 0)
    throw new Failure(`${file} is damaged or is not a backup (tar: ${listing.stderr.trim().split("\n")[0]}).`);
  for (const line of listing.stdout.split("\n").filter(Boolean)) {
    const type = line[0];
    const name = line.split(/\s+/).slice(5).join(" ");
    if ((type !== "-" && type !== "d") || name.startsWith("/") || name.split("/").includes("..")) {
      throw new Failure(`${file} is not a backup made by sitectl backup (it holds ${name}).`);
    }
  }
}

/** The manifest, once every file is the one it names. */
function checkContents(file: string, staging: string): Manifest {
  const manifestFile = path.join(staging, PART.manifest);
  let manifest: Manifest;
  try {
    manifest = JSON.parse(fs.readFileSync(manifestFile, "utf8")) as Manifest;
  } catch {
    throw new Failure(`${file} is not a backup made by sitectl backup (no readable ${PART.manifest}).`);
  }
  if (manifest.format !== FORMAT) throw new Failure(`${file} is not a backup made by sitectl backup.`);
  if (manifest.version !== VERSION)
    throw new Failure(`${file} is a backup of version ${manifest.version}; this code reads version ${VERSION}.`);
  const present = filesUnder(staging).filter((name) => name !== PART.manifest);
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

/** The repository from the bundle, checked out on main at the manifest's head. */
function unbundle(staging: string, manifest: Manifest): string {
  const repo = path.join(staging, "repo");
  const cloned = run("git", ["clone", "--quiet", "--branch", "main", path.join(staging, PART.repo), repo]);
  if (cloned.status !== 0) throw new Failure(`the repository in the backup cannot be read: ${cloned.stderr.trim()}`);
  if (git(repo, ["rev-parse", "HEAD"]) !== manifest.head)
    throw new Failure("the repository in the backup is not at the head its manifest names.");
  git(repo, ["remote", "remove", "origin"]);
  // As the publisher makes it (server/publisher/repo.ts): a commit git reported done survives a power cut.
  git(repo, ["config", "core.fsync", "committed,index"]);
  git(repo, ["config", "core.fsyncMethod", "fsync"]);
  must("chown", ["-R", `${SERVICES.publisher.user}:${SITE_GROUP}`, repo]);
  return repo;
}

/** A file copied into place for `user`, mode 0600, by a rename in its folder. */
function placePrivate(from: string, to: string, user: string): void {
  const temp = `${to}.restoring`;
  fs.copyFileSync(from, temp);
  fs.chmodSync(temp, 0o600);
  must("chown", [`${user}:`, temp]);
  fs.renameSync(temp, to);
}

export async function restore(args: string[]): Promise<number> {
  const file = args.find((arg) => !arg.startsWith("--"));
  if (!file) throw new Failure("usage: sitectl restore FILE [--with-certificates]");
  const source = path.resolve(file);
  if (!fs.existsSync(source)) throw new Failure(`${source} does not exist.`);
  const settings = readInstallSettings();
  if (!settings || !fs.existsSync(REPO_DIR))
    throw new Failure("install the site first (deploy/install), then restore onto it.");
  const withCertificates = args.includes("--with-certificates");

  say(`==> Checking ${source}`);
  checkListing(source);
  const staging = stagingFolder();
  try {
    must("tar", ["-xzf", source, "-C", staging, "--no-same-owner", "--no-same-permissions"]);
    const manifest = checkContents(source, staging);
    const repo = unbundle(staging, manifest);
    if (withCertificates && !manifest.certificates)
      throw new Failure(`${source} holds no certificates (it was made without --with-certificates).`);
    say(
      `    a backup of ${manifest.domain} made ${manifest.createdAt}: content at ${manifest.head.slice(0, 7)}, ${count(manifest.logins, "login")}, ${count(manifest.enquiries.pending, "enquiry", "enquiries")} waiting; every file checks out.`,
    );
    if (manifest.domain !== settings.domain) {
      say(
        `    note: this server is installed for ${settings.domain}; the backup is of ${manifest.domain}. Its content is restored as it is.`,
      );
    }

    say("==> Restoring (the services stop meanwhile; the live site stays up)");
    systemctl("stop", ...UNITS);
    const before = `${REPO_DIR}.before-restore`;
    fs.rmSync(before, { recursive: true, force: true });
    fs.renameSync(REPO_DIR, before);
    fs.renameSync(repo, REPO_DIR);
    say(`    content repository at ${manifest.head.slice(0, 7)} (the one it replaces is kept in ${before})`);

    const editors = path.join(staging, PART.editors);
    if (fs.existsSync(editors)) {
      placePrivate(editors, EDITORS_FILE, SERVICES.editor.user);
      say(`    ${count(manifest.logins, "editor login")}`);
    }

    let added = 0;
    for (const state of STATES) {
      const from = path.join(staging, PART.spool, state);
      const to = path.join(ENQUIRY_DIR, "spool", state);
      for (const name of fs.existsSync(from) ? fs.readdirSync(from) : []) {
        const id = name.replace(/\.(eml|json)$/, "");
        const known = STATES.some((other) => fs.existsSync(path.join(ENQUIRY_DIR, "spool", other, `${id}.eml`)));
        if (known) continue;
        placePrivate(path.join(from, name), path.join(to, name), SERVICES.enquiry.user);
        if (name.endsWith(".eml")) added += 1;
      }
    }
    say(`    ${count(added, "enquiry", "enquiries")} added to the spool`);

    for (const name of ["enquiry.env", "publisher.env"]) {
      const from = path.join(staging, PART.settings, name);
      if (!fs.existsSync(from)) continue;
      placePrivate(from, path.join(ETC_DIR, name), "root");
      say(`    ${ETC_DIR}/${name}`);
    }
    if (withCertificates) {
      must("tar", ["-xf", path.join(staging, PART.certificates), "-C", "/"]);
      say("    certificates");
    }
    // The shared-repository permissions, nginx's server block for any certificate restored.
    const configured = run(path.join(currentCode().dir, "deploy", "configure"), []);
    if (configured.status !== 0) throw new Failure(`deploy/configure failed: ${configured.stderr.trim()}`);

    const started = systemctl("start", ...UNITS);
    if (started.status !== 0) throw new Failure(`the services did not start: ${started.stderr.trim()}; sitectl doctor`);
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }

  const head = git(REPO_DIR, ["rev-parse", "HEAD"]);
  say(`==> Publishing ${head.slice(0, 7)}`);
  const status = await waitForPublisher(
    (now) => now?.live?.commit === head || (!!finishedBuildOf(now, head) && !now?.building),
    "the restored content's build",
  );
  if (status.live?.commit !== head) {
    for (const line of describe(status)) say(line);
    throw new Failure(
      "the restored content did not build; the site shows what it showed before. sitectl doctor says more.",
    );
  }
  say(`Restored: content ${head.slice(0, 7)} is live; logins and enquiries are back.`);
  return 0;
}
