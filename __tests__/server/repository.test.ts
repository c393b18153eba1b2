// The content repository's state as the editor, sitectl doctor and the repair read it, and
// the clone the publisher makes: shared with the editor's group whatever the umask.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { ensureRepo } from "../../server/publisher/repo";
import { hostPaths } from "../../server/lib/settings";
import { headTrouble, repositoryTrouble } from "../../server/lib/repoState";

let repo: string;
const git = (...args: string[]) =>
  execFileSync("git", ["-c", "user.name=Test", "-c", "user.email=test@example.invalid", ...args], {
    cwd: repo,
    stdio: "pipe",
    encoding: "utf8",
  });

beforeEach(() => {
  repo = fs.mkdtempSync(path.join(os.tmpdir(), "repo-state-"));
  git("init", "--quiet", "--initial-branch=main");
  fs.writeFileSync(path.join(repo, "a.yaml"), "a: 1\n");
  git("add", ".");
  git("commit", "--quiet", "-m", "first");
});
afterEach(() => fs.rmSync(repo, { recursive: true, force: true }));

describe("repositoryTrouble", () => {
  test("none on main with nothing uncommitted", () => {
    expect(repositoryTrouble(repo, "main")).toBeNull();
  });

  test("a detached HEAD, another branch, uncommitted and untracked files", () => {
    git("checkout", "--quiet", "--detach");
    expect(repositoryTrouble(repo, "main")).toBe("no branch is checked out (detached)");
    git("checkout", "--quiet", "-b", "other");
    expect(repositoryTrouble(repo, "main")).toBe("branch other is checked out, not main");
    git("checkout", "--quiet", "main");
    fs.writeFileSync(path.join(repo, "a.yaml"), "a: 2\n");
    fs.writeFileSync(path.join(repo, "b.yaml"), "b: 1\n");
    expect(repositoryTrouble(repo, "main")).toBe("2 files are changed but not committed (a.yaml, b.yaml)");
  });

  test("a rebase stopped on a conflict, named before anything else", () => {
    git("checkout", "--quiet", "-b", "ours");
    fs.writeFileSync(path.join(repo, "a.yaml"), "a: ours\n");
    git("commit", "--quiet", "-am", "ours");
    git("checkout", "--quiet", "-b", "theirs", "main");
    fs.writeFileSync(path.join(repo, "a.yaml"), "a: theirs\n");
    git("commit", "--quiet", "-am", "theirs");
    expect(() => git("rebase", "ours")).toThrow();
    expect(headTrouble(repo, "main")).toBe("a rebase is under way");
    expect(repositoryTrouble(repo, "main")).toBe("a rebase is under way");
  });
});

test("the publisher's clone is writable by its group even under umask 022", async () => {
  const hostDir = fs.mkdtempSync(path.join(os.tmpdir(), "host-"));
  const umask = process.umask(0o022);
  try {
    const paths = hostPaths(hostDir);
    await ensureRepo(paths);
    const notShared = execFileSync("find", [paths.repo, "-perm", "-u+w", "!", "-perm", "-g+w"], { encoding: "utf8" });
    expect(notShared).toBe("");
    expect(
      execFileSync("git", ["-C", paths.repo, "config", "core.sharedRepository"], { encoding: "utf8" }).trim(),
    ).toBe("group");
  } finally {
    process.umask(umask);
    fs.rmSync(hostDir, { recursive: true, force: true });
  }
});
