// Whether the content repository is as the editor and the publisher need it: on its
// branch, nothing half-done (a merge, a rebase), nothing uncommitted. The editor refuses
// to work in it otherwise and says so; `sitectl doctor` reports it; `sitectl repair`
// (server/editor/repair.ts) mends it.
import fs from "node:fs";
import path from "node:path";
import { gitSync } from "./git";

/** Files git leaves in .git while an operation waits for someone to finish it. */
export const UNDER_WAY: Record<string, string> = {
  "rebase-merge": "a rebase",
  "rebase-apply": "a rebase",
  MERGE_HEAD: "a merge",
  CHERRY_PICK_HEAD: "a cherry-pick",
  REVERT_HEAD: "a revert",
  BISECT_LOG: "a bisect",
};

/** The operations under way in the repository ([] when none). Reads .git only: cheap. */
export function operationsUnderWay(repo: string): string[] {
  const found = Object.entries(UNDER_WAY).filter(([name]) => fs.existsSync(path.join(repo, ".git", name)));
  return [...new Set(found.map(([, what]) => what))];
}

/** The branch checked out, or "" when HEAD is detached. */
export function checkedOut(repo: string): string {
  const head = fs.readFileSync(path.join(repo, ".git", "HEAD"), "utf8").trim();
  return head.startsWith("ref: refs/heads/") ? head.slice("ref: refs/heads/".length) : "";
}

/** What is wrong with HEAD and the operations under way, in words, or null. */
export function headTrouble(repo: string, branch: string): string | null {
  const underWay = operationsUnderWay(repo);
  if (underWay.length) return `${underWay.join(" and ")} is under way`;
  const current = checkedOut(repo);
  if (current !== branch)
    return current ? `branch ${current} is checked out, not ${branch}` : `no branch is checked out (detached)`;
  return null;
}

/** Changed and untracked files, one per line as `git status --porcelain` lists them ("" when none). */
export function uncommitted(repo: string): string {
  // No index refresh: it may run beside a save.
  return gitSync(repo, ["--no-optional-locks", "status", "--porcelain", "--untracked-files=all"]);
}

/** Everything wrong with the repository, in words, or null: HEAD first, then uncommitted files. */
export function repositoryTrouble(repo: string, branch: string): string | null {
  const head = headTrouble(repo, branch);
  if (head) return head;
  const changed = uncommitted(repo).split("\n").filter(Boolean);
  if (!changed.length) return null;
  const named = changed.slice(0, 3).map((line) => line.slice(3));
  return `${changed.length} file${changed.length === 1 ? " is" : "s are"} changed but not committed (${named.join(", ")}${changed.length > 3 ? ", …" : ""})`;
}

/** What staff read when the repository needs the operator. */
export const needsRepair = (trouble: string) =>
  `The site's content repository needs repair (${trouble}); nothing can be saved until the server's operator runs: sudo sitectl repair`;
