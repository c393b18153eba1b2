// One build of one commit, in the publisher's own clone (HOST_DIR/publisher/build):
// check out the commit, decide whether Gatsby's cache may stay, validate the content,
// run the commit's own `npm run build`. Every command runs under guard.mjs, in its own
// process group, its output appended to the build's log.
import { spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { INLINE_FILE } from "../../src/build/finishPages";
import { formatProblems, formatWarning, type ContentReport } from "../../src/schema/load";
import { readJson } from "../lib/files";
import { git } from "../lib/git";
import { APP_DIR, BRANCH, type HostPaths } from "../lib/settings";

const GUARD = path.join(__dirname, "guard.mjs");

export class BuildFailure extends Error {
  constructor(
    readonly kind: "content" | "technical",
    message: string,
  ) {
    super(message);
  }
}

/** Runs a command under the guard; resolves with its exit code. */
export function runGuarded(
  paths: HostPaths,
  command: string,
  args: string[],
  options: { cwd: string; log: string; timeoutMs: number },
): Promise<number> {
  const log = fs.openSync(options.log, "a");
  fs.writeSync(log, `\n$ ${command} ${args.join(" ")}\n`);
  const child = spawn(process.execPath, [GUARD, command, ...args], {
    cwd: options.cwd,
    detached: true,
    stdio: ["pipe", log, log],
    env: { ...process.env, CI: "true", NO_COLOR: "1", FORCE_COLOR: "0", GATSBY_TELEMETRY_DISABLED: "1" },
  });
  fs.closeSync(log);
  fs.writeFileSync(paths.buildPid, `${child.pid}\n`);
  const timer = setTimeout(() => killGroup(child.pid!), options.timeoutMs);
  return new Promise((resolve) => {
    child.on("exit", (code, signal) => {
      clearTimeout(timer);
      fs.rmSync(paths.buildPid, { force: true });
      resolve(code ?? (signal ? 128 : 1));
    });
  });
}

/** Kills a process group (a guarded command and everything it started); quiet if it is gone. */
export function killGroup(pgid: number): void {
  try {
    process.kill(-pgid, "SIGKILL");
  } catch {
    // already gone
  }
}

/** A build left running by a publisher that was killed: stop it before anything else. */
export function stopOrphanBuild(paths: HostPaths): void {
  if (!fs.existsSync(paths.buildPid)) return;
  const pgid = Number(fs.readFileSync(paths.buildPid, "utf8"));
  if (pgid > 0) killGroup(pgid);
  fs.rmSync(paths.buildPid, { force: true });
}

const lockHash = (dir: string) =>
  crypto
    .createHash("sha256")
    .update(fs.readFileSync(path.join(dir, "package-lock.json")))
    .digest("hex")
    .slice(0, 16);

/** Checks out `commit` in the build clone. Returns whether the build must start clean. */
export async function checkOut(
  paths: HostPaths,
  commit: string,
  memory: { lastBuilt?: string; cleanNext: boolean },
): Promise<boolean> {
  const dir = paths.build;
  if (!fs.existsSync(path.join(dir, ".git"))) {
    fs.rmSync(dir, { recursive: true, force: true });
    // Copies, not hard links, of the repository's objects: a hard link shares its mode with
    // the repository, which the editor's group may write, and the build folder is the publisher's alone.
    await git(paths.state, "clone", "--quiet", "--no-checkout", "--no-hardlinks", paths.repo, dir);
  }
  await git(dir, "fetch", "--quiet", "--force", "origin", `+refs/heads/${BRANCH}:refs/remotes/origin/${BRANCH}`);
  await git(dir, "checkout", "--quiet", "--force", "--detach", commit);
  // Everything not in the commit goes, except the install and Gatsby's cache and output.
  await git(dir, "clean", "-ffdxq", "-e", "/node_modules", "-e", "/.cache", "-e", "/public");
  const clean = memory.cleanNext || !memory.lastBuilt || (await codeChanged(dir, memory.lastBuilt, commit));
  if (clean) {
    fs.rmSync(path.join(dir, ".cache"), { recursive: true, force: true });
    fs.rmSync(path.join(dir, "public"), { recursive: true, force: true });
  } else if (fs.existsSync(path.join(dir, "public"))) {
    // webpack writes every bundle again; without this, old bundles pile up in each release.
    // The inline-*.js files stay: pages Gatsby does not render again still name theirs
    // (the build removes those no page names, src/build/finishPages.ts).
    for (const name of fs.readdirSync(path.join(dir, "public"))) {
      if (/\.(js|css|map)$/.test(name) && !INLINE_FILE.test(name)) {
        fs.rmSync(path.join(dir, "public", name));
      }
    }
  }
  return clean;
}

/** Anything outside content/ changed (code, dependencies, configuration): Gatsby's cache may be stale. */
async function codeChanged(dir: string, from: string, to: string): Promise<boolean> {
  try {
    const changed = (await git(dir, "diff", "--name-only", from, to)).split("\n").filter(Boolean);
    return changed.some((file) => !file.startsWith("content/"));
  } catch {
    return true;
  }
}

/**
 * node_modules for the build: the app's own install when the commit's package-lock is the
 * app's; otherwise one `npm ci` per lock, kept under publisher/deps/.
 */
export async function linkInstall(paths: HostPaths, log: string, timeoutMs: number): Promise<void> {
  const hash = lockHash(paths.build);
  let target = path.join(APP_DIR, "node_modules");
  if (hash !== lockHash(APP_DIR)) {
    const dir = path.join(paths.deps, hash);
    target = path.join(dir, "node_modules");
    if (!fs.existsSync(target)) {
      const partial = `${dir}.partial`;
      fs.rmSync(partial, { recursive: true, force: true });
      fs.mkdirSync(partial, { recursive: true });
      for (const file of ["package.json", "package-lock.json"]) {
        fs.copyFileSync(path.join(paths.build, file), path.join(partial, file));
      }
      // As the server's own install: what builds the site, no test tools, no install scripts.
      const install = ["ci", "--omit=dev", "--ignore-scripts", "--no-audit", "--no-fund"];
      const code = await runGuarded(paths, "npm", install, { cwd: partial, log, timeoutMs });
      if (code !== 0) throw new BuildFailure("technical", `npm ci failed (exit ${code})`);
      fs.rmSync(dir, { recursive: true, force: true });
      fs.renameSync(partial, dir);
    }
  }
  const link = path.join(paths.build, "node_modules");
  fs.rmSync(link, { recursive: true, force: true });
  fs.symlinkSync(target, link);
}

/**
 * The build's own content check (seconds), with its result as data (ContentReport): a
 * refusal in the validator's words when the content is wrong, "technical" when the
 * check itself could not run. Returns its warnings, one line each.
 */
export async function validate(paths: HostPaths, log: string, timeoutMs: number): Promise<string[]> {
  const report = path.join(paths.state, "content-report.json");
  fs.rmSync(report, { force: true });
  const code = await runGuarded(paths, "npm", ["run", "--silent", "content:validate", "--", "--report", report], {
    cwd: paths.build,
    log,
    timeoutMs,
  });
  const result = readJson<ContentReport>(report);
  if (code === 0) return (result?.warnings ?? []).map(formatWarning);
  if (result && !result.valid) throw new BuildFailure("content", formatProblems(result.problems));
  throw new BuildFailure("technical", `content:validate failed (exit ${code}) without a report`);
}

/** The commit's own `npm run build`, into the build clone's public/. */
export async function build(paths: HostPaths, log: string, timeoutMs: number): Promise<void> {
  const code = await runGuarded(paths, "npm", ["run", "--silent", "build"], { cwd: paths.build, log, timeoutMs });
  // The content passed its check just before: whatever fails now is technical.
  if (code !== 0) throw new BuildFailure("technical", `gatsby build failed (exit ${code})`);
}
