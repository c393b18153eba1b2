// git, run as a child process with its output returned.
import { execFile } from "node:child_process";
import { promisify } from "node:util";

const run = promisify(execFile);

export async function git(cwd: string, ...args: string[]): Promise<string> {
  const { stdout } = await run("git", args, { cwd, maxBuffer: 16 * 1024 * 1024 });
  return stdout.trim();
}

/** The commit a branch points at, or "" when it does not exist. */
export async function branchHead(repo: string, branch: string): Promise<string> {
  try {
    return await git(repo, "rev-parse", "--verify", "--quiet", `refs/heads/${branch}^{commit}`);
  } catch {
    return "";
  }
}

/** A remote's address as it may be shown: any password or token in it replaced. */
export function redactRemote(remote: string): string {
  return remote.replace(/\/\/([^/@:]+):[^/@]*@/, "//$1:***@");
}
