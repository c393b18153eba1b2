// git in a repository the tests made (their own content's), as staff's saves commit there.
import { execFileSync } from "node:child_process";

/** git with `args` in `repo`; its output, trimmed. */
export const gitIn = (repo: string, ...args: string[]) =>
  execFileSync("git", args, { cwd: repo, encoding: "utf8" }).trim();

/** Commits the working tree as `author`, as a save through the editor would; the commit's hash. */
export function commitAs(repo: string, author: string, message: string): string {
  gitIn(repo, "add", "--all");
  gitIn(repo, "-c", `user.name=${author}`, "-c", `user.email=${author}@editor.invalid`, "commit", "-q", "-m", message);
  return gitIn(repo, "rev-parse", "HEAD");
}
