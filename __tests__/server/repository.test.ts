// The content repository's state as the editor, sitectl doctor and the repair read it
// (running nothing the repository holds), and how the repository is made.
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

test("the content repository is made whole, on main, from the code's commit, and nobody else may write it", async () => {
  const hostDir = fs.mkdtempSync(path.join(os.tmpdir(), "host-"));
  const umask = process.umask(0o022);
  try {
    const paths = hostPaths(hostDir);
    await ensureRepo(paths);
    const head = execFileSync("git", ["-C", paths.repo, "rev-parse", "HEAD"], { encoding: "utf8" }).trim();
    expect(execFileSync("git", ["rev-parse", "HEAD"], { encoding: "utf8" }).trim()).toBe(head);
    expect(headTrouble(paths.repo, "main")).toBeNull();
    const writableByOthers = execFileSync("find", [paths.repo, "-perm", "/g+w,o+w", "!", "-type", "l"], {
      encoding: "utf8",
    });
    expect(writableByOthers).toBe("");
    // A clone cut short (no branch yet) is made again, not taken for the repository.
    fs.rmSync(path.join(paths.repo, ".git", "refs", "heads", "main"));
    fs.writeFileSync(path.join(paths.repo, "left-over"), "");
    await ensureRepo(paths);
    expect(fs.existsSync(path.join(paths.repo, "left-over"))).toBe(false);
    expect(headTrouble(paths.repo, "main")).toBeNull();
  } finally {
    process.umask(umask);
    fs.rmSync(hostDir, { recursive: true, force: true });
  }
}, 60_000);

test("reading the repository's state runs nothing the repository holds (hooks, core.fsmonitor)", () => {
  const proof = path.join(repo, "..", `${path.basename(repo)}-ran`);
  const program = path.join(repo, ".git", "planted.sh");
  fs.writeFileSync(program, `#!/bin/sh\necho "$0" >> '${proof}'\n`, { mode: 0o755 });
  git("config", "core.fsmonitor", program);
  for (const hook of ["post-index-change", "reference-transaction"])
    fs.copyFileSync(program, path.join(repo, ".git", "hooks", hook));
  fs.chmodSync(path.join(repo, ".git", "hooks", "post-index-change"), 0o755);
  fs.writeFileSync(path.join(repo, "a.yaml"), "a: 3\n");
  try {
    expect(repositoryTrouble(repo, "main")).toMatch(/1 file is changed/);
    expect(fs.existsSync(proof)).toBe(false);
    // The proof is a real one: git without the guard runs the planted program.
    git("status", "--porcelain");
    expect(fs.existsSync(proof)).toBe(true);
  } finally {
    fs.rmSync(proof, { force: true });
  }
});
