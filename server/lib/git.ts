// git, run as a child process with its output returned. Every call runs with hooks and
// fsmonitor off: a repository's own files (its hooks, a core.fsmonitor program) never run
// through the server's git, whoever wrote them (CVE-2022-24765 is the same idea).
import { execFile, execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);

/** Put before every git command: nothing a repository holds is run. */
export const SAFE_GIT = ["-c", "core.hooksPath=/dev/null", "-c", "core.fsmonitor=false"];

export interface GitOptions {
  /** A git configuration file to use as the global one (trust for another user's repository, trustFile). */
  globalConfig?: string;
  /** More environment for this call alone (a commit's author). */
  env?: Record<string, string>;
}

const envFor = (options: GitOptions) => ({
  ...process.env,
  ...(options.globalConfig ? { GIT_CONFIG_GLOBAL: options.globalConfig } : {}),
  ...options.env,
});

export async function git(cwd: string, ...args: string[]): Promise<string> {
  return gitWith({}, cwd, ...args);
}

export async function gitWith(options: GitOptions, cwd: string, ...args: string[]): Promise<string> {
  const { stdout } = await run("git", [...SAFE_GIT, ...args], {
    cwd,
    env: envFor(options),
    maxBuffer: 16 * 1024 * 1024,
  });
  return stdout.trim();
}

/** git, waiting for it: for the few callers that cannot await. */
export function gitSync(cwd: string, args: string[], options: GitOptions = {}): string {
  return execFileSync("git", [...SAFE_GIT, ...args], { cwd, encoding: "utf8", env: envFor(options) }).trimEnd();
}

/**
 * A configuration file, written into `folder`, that trusts `repos` (git's safe.directory):
 * the publisher reads the editor's repository, which another user owns. Given as
 * GIT_CONFIG_GLOBAL to those calls alone, never system-wide: root trusts no repository a
 * service writes.
 */
export function trustFile(folder: string, repos: string[]): string {
  const file = path.join(folder, "git-trust.conf");
  const text = `# Written by the publisher: the repositories it fetches from.\n[safe]\n${repos
    .flatMap((repo) => [repo, path.join(repo, ".git")])
    .map((dir) => `\tdirectory = ${dir}\n`)
    .join("")}`;
  const current = fs.existsSync(file) ? fs.readFileSync(file, "utf8") : "";
  if (current !== text) fs.writeFileSync(file, text);
  return file;
}

/**
 * A remote's address (or a message naming one) as it may be shown: whatever stands
 * before the @ of a URL is a secret unless it is a name followed by a colon, so
 * `https://bot:TOKEN@host` shows the name and `https://TOKEN@host` shows nothing.
 */
export function redactRemote(remote: string): string {
  return remote.replace(/([a-z][a-z0-9+.-]*:\/\/)([^/@\s]+)@/gi, (_all, scheme: string, userinfo: string) => {
    const colon = userinfo.indexOf(":");
    return `${scheme}${colon >= 0 ? `${userinfo.slice(0, colon)}:***` : "***"}@`;
  });
}
