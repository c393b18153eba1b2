// One build of one commit, in the publisher's own clone (HOST_DIR/publisher/build): the
// code in use with the commit's content/, decide whether Gatsby's cache may stay, validate
// the content, run the code's `npm run build`. Every command runs under guard.mjs, in its own
// process group, its output appended to the build's log.
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { INLINE_FILE, formatProblems, formatWarning, type ContentReport } from "../../src/contract/content";
import { printable } from "../lib/printable";
import { readJson } from "../lib/files";
import { git, gitWith, trustFile } from "../lib/git";
import { APP_DIR, BRANCH, type HostPaths } from "../lib/settings";
import { buildEnv } from "./mirror/settings";

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
    // Without the mirror's keys; with the server's address for the form when the mirror is on.
    env: { ...buildEnv(), CI: "true", NO_COLOR: "1", FORCE_COLOR: "0", GATSBY_TELEMETRY_DISABLED: "1" },
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

/**
 * One git operation at a time in the publisher's clone: a look for new commits (fetchContent)
 * may come while a build lays out its folder (checkOut), and two gits in one clone fight
 * over its locks.
 */
let cloneQueue: Promise<unknown> = Promise.resolve();
function inClone<T>(work: () => Promise<T>): Promise<T> {
  const run = cloneQueue.catch(() => undefined).then(work);
  cloneQueue = run;
  return run;
}

/** The code in use: the commit of the checkout the server runs (sitectl update installs it). */
export const codeCommit = () => git(APP_DIR, "rev-parse", "HEAD");

/**
 * The publisher's own clone (HOST_DIR/publisher/build) with the content repository's branch
 * fetched into it; returns the branch's head ("" when it has none). Only a fetch reaches the
 * repository the editor writes: git serves it to this clone without running anything it
 * holds, and the trust in its owner is given for this call alone (trustFile).
 */
export function fetchContent(paths: HostPaths): Promise<string> {
  return inClone(() => fetchContentNow(paths));
}

async function fetchContentNow(paths: HostPaths): Promise<string> {
  const dir = paths.build;
  if (!fs.existsSync(path.join(paths.repo, ".git"))) return "";
  if (!fs.existsSync(path.join(dir, ".git"))) {
    fs.rmSync(dir, { recursive: true, force: true });
    fs.mkdirSync(dir, { recursive: true });
    await git(dir, "init", "--quiet");
  }
  const trust = { globalConfig: trustFile(paths.state, [paths.repo, APP_DIR]) };
  try {
    await gitWith(
      trust,
      dir,
      "fetch",
      "--quiet",
      "--no-tags",
      "--force",
      paths.repo,
      `+refs/heads/${BRANCH}:${CONTENT_REF}`,
    );
  } catch (error) {
    // No branch yet (a repository being made): nothing to publish.
    if (/couldn't find remote ref/i.test(String((error as { stderr?: string }).stderr ?? error))) return "";
    throw error;
  }
  return git(dir, "rev-parse", CONTENT_REF);
}

/** Where the publisher's clone keeps the content repository's branch. */
export const CONTENT_REF = `refs/remotes/content/${BRANCH}`;

/**
 * Lays out the build folder: the code in use (its commit, fetched from the code's own
 * checkout) with `commit`'s content/ over it. Nothing else of the commit is built: code
 * reaches the site only through `sitectl update`, so a commit that changes gatsby-node.ts or
 * package.json runs nothing. Returns whether the build must start clean, and the files
 * outside content/ the commit has differently from the code (they are not built; said as a warning).
 */
export function checkOut(
  paths: HostPaths,
  commit: string,
  memory: { lastBuilt?: string; lastCode?: string; cleanNext: boolean },
): Promise<{ clean: boolean; code: string; ignored: string[] }> {
  return inClone(() => checkOutNow(paths, commit, memory));
}

async function checkOutNow(
  paths: HostPaths,
  commit: string,
  memory: { lastBuilt?: string; lastCode?: string; cleanNext: boolean },
): Promise<{ clean: boolean; code: string; ignored: string[] }> {
  const dir = paths.build;
  const code = await codeCommit();
  const trust = { globalConfig: trustFile(paths.state, [paths.repo, APP_DIR]) };
  await gitWith(trust, dir, "fetch", "--quiet", "--no-tags", APP_DIR, code);
  await git(dir, "checkout", "--quiet", "--force", "--detach", code);
  // Everything not in the code goes, except Gatsby's cache and output.
  await git(dir, "clean", "-ffdxq", "-e", "/node_modules", "-e", "/.cache", "-e", "/public");
  fs.rmSync(path.join(dir, "content"), { recursive: true, force: true });
  await refuseNonFiles(dir, commit);
  await git(dir, "checkout", "--quiet", commit, "--", "content");
  const ignored = (await git(dir, "diff", "--name-only", code, commit, "--", ".", ":(exclude)content"))
    .split("\n")
    .filter(Boolean);
  const clean = memory.cleanNext || !memory.lastBuilt || memory.lastCode !== code;
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
  return { clean, code, ignored };
}

/** git's modes of what staff may commit in content/: a file (or one marked executable). */
const FILE_MODES = new Set(["100644", "100755"]);

/**
 * Refuses a commit whose content/ holds anything but files and folders (a link, a
 * submodule), before anything reads it: a link to a file only the publisher can read
 * would otherwise be read by the content check and quoted in its error, for staff to see.
 */
async function refuseNonFiles(dir: string, commit: string): Promise<void> {
  const entries = (await git(dir, "ls-tree", "-r", "-z", commit, "--", "content")).split("\0").filter(Boolean);
  const problems = entries.flatMap((entry) => {
    const [meta, file] = [entry.slice(0, entry.indexOf("\t")), entry.slice(entry.indexOf("\t") + 1)];
    const mode = meta.split(" ")[0];
    if (FILE_MODES.has(mode)) return [];
    const what = mode === "120000" ? "a link" : mode === "160000" ? "another repository (a submodule)" : "not a file";
    const message = `is ${what}; content/ may hold only files and folders: commit the file itself`;
    return [{ file: printable(file), field: "(whole file)", message }];
  });
  if (problems.length) throw new BuildFailure("content", formatProblems(problems));
}

/** node_modules for the build: the code's own install (what sitectl update installed, root's). */
export function linkInstall(paths: HostPaths): void {
  const link = path.join(paths.build, "node_modules");
  fs.rmSync(link, { recursive: true, force: true });
  fs.symlinkSync(path.join(APP_DIR, "node_modules"), link);
}

/**
 * The build's own content check (seconds), with its result as data (ContentReport): a
 * refusal in the validator's words when the content is wrong, "technical" when the
 * check itself could not run. Returns its warnings, one line each, and the day a build would next differ.
 */
export async function validate(
  paths: HostPaths,
  log: string,
  timeoutMs: number,
): Promise<{ warnings: string[]; nextChange: string | null }> {
  const report = path.join(paths.state, "content-report.json");
  fs.rmSync(report, { force: true });
  const code = await runGuarded(paths, "npm", ["run", "--silent", "content:validate", "--", "--report", report], {
    cwd: paths.build,
    log,
    timeoutMs,
  });
  const result = readJson<ContentReport>(report);
  if (code === 0)
    return { warnings: (result?.warnings ?? []).map(formatWarning), nextChange: result?.nextChange ?? null };
  if (result && !result.valid) throw new BuildFailure("content", formatProblems(result.problems));
  throw new BuildFailure("technical", `content:validate failed (exit ${code}) without a report`);
}

/** The code's `npm run build`, into the build clone's public/. */
export async function build(paths: HostPaths, log: string, timeoutMs: number): Promise<void> {
  const code = await runGuarded(paths, "npm", ["run", "--silent", "build"], { cwd: paths.build, log, timeoutMs });
  // The content passed its check just before: whatever fails now is technical.
  if (code !== 0) throw new BuildFailure("technical", `gatsby build failed (exit ${code})`);
}
