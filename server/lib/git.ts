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
