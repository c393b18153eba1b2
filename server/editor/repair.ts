// `sitectl repair` (or `npm run repair` with HOST_DIR): puts the content repository back on
// main with nothing half-done, for when the editor refuses to save ("needs repair"). Run
// as the editor's user in its service's sandbox, while the editor is stopped (sitectl
// stops it). Nothing is thrown away: uncommitted files are set aside with `git stash`,
// other branches are left where they are. `--check` only says what is wrong (sitectl doctor).
import fs from "node:fs";
import path from "node:path";
import { git } from "../lib/git";
import { UNDER_WAY, checkedOut, operationsUnderWay, repositoryTrouble, uncommitted } from "../lib/repoState";
import { BRANCH, hostPaths, readSettings } from "../lib/settings";

const repo = hostPaths(readSettings().hostDir).repo;
const identity = ["-c", "user.name=sitectl repair", "-c", "user.email=repair@editor.invalid"];
const say = (line: string) => console.log(`    ${line}`);

/** How each operation git may leave under way is stopped, undoing what it had done. */
const ABORT: Record<string, string[]> = {
  "a rebase": ["rebase", "--abort"],
  "a merge": ["merge", "--abort"],
  "a cherry-pick": ["cherry-pick", "--abort"],
  "a revert": ["revert", "--abort"],
  "a bisect": ["bisect", "reset"],
};

async function main(): Promise<number> {
  if (!fs.existsSync(path.join(repo, ".git"))) {
    console.error(`There is no repository at ${repo}: sitectl restore puts one back from a backup.`);
    return 1;
  }
  const before = repositoryTrouble(repo, BRANCH);
  if (process.argv.includes("--check")) {
    console.log(before ?? "ok");
    return 0;
  }
  if (!before) {
    console.log(`The content repository needs no repair: on ${BRANCH}, nothing under way, nothing uncommitted.`);
    return 0;
  }
  console.log(`The content repository: ${before}.`);

  // A git command stopped half way leaves its lock; nothing else writes here meanwhile.
  const lock = path.join(repo, ".git", "index.lock");
  if (fs.existsSync(lock)) {
    fs.rmSync(lock);
    say("removed .git/index.lock, left by a git command that was stopped");
  }
  for (const operation of operationsUnderWay(repo)) {
    try {
      await git(repo, ...ABORT[operation]);
    } catch {
      // git could not undo it cleanly: forget the operation; the stash below keeps its files.
      for (const name of [...Object.keys(UNDER_WAY), "MERGE_MSG"])
        fs.rmSync(path.join(repo, ".git", name), { recursive: true, force: true });
      await git(repo, "reset", "--quiet", "--mixed");
    }
    say(`stopped ${operation} that was under way`);
  }
  const changed = uncommitted(repo).split("\n").filter(Boolean);
  if (changed.length) {
    const message = `set aside by sitectl repair, ${new Date().toISOString()}`;
    await git(repo, ...identity, "stash", "push", "--quiet", "--include-untracked", "--message", message);
    say(
      `set ${changed.length} uncommitted file(s) aside (git -C ${repo} stash show -p --include-untracked shows them)`,
    );
  }
  const branch = checkedOut(repo);
  if (branch !== BRANCH) {
    try {
      await git(repo, "checkout", "--quiet", BRANCH);
    } catch {
      console.error(`Branch ${BRANCH} is missing from ${repo}: sitectl restore puts the content back from a backup.`);
      return 1;
    }
    say(`checked out ${BRANCH} again (it was ${branch ? `branch ${branch}` : "detached"})`);
  }
  const others = (await git(repo, "branch", "--format=%(refname:short)"))
    .split("\n")
    .filter((name) => name && name !== BRANCH);
  if (others.length) say(`left other branches as they are (nothing publishes them): ${others.join(", ")}`);

  const after = repositoryTrouble(repo, BRANCH);
  if (after) {
    console.error(`Still wrong: ${after}. Look at it with: git -C ${repo} status`);
    return 1;
  }
  const head = await git(repo, "rev-parse", "--short", "HEAD");
  console.log(
    `Repaired: the content repository is on ${BRANCH} at ${head}, nothing under way or uncommitted; staff can save again.`,
  );
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(`The repair failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
