// The work behind the staff's history (/admin/history/), as plain functions of the
// content repository: the recent changes, one change, a file's versions, a saved document,
// "restore this version" and "undo my last change". A restore or an undo is a new commit by
// the staff login, through the same checks as a save (allowed paths, no link, the build's
// validator, one write at a time): history is never rewritten, and a restore can itself be
// undone. history.ts's routes check the login and the origin, then draw what these return.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import YAML from "yaml";
import { SAFE_GIT, git, gitSync } from "../lib/git";
import { Refusal } from "../lib/refusal";
import { headTrouble, needsRepair, repositoryTrouble } from "../lib/repoState";
import { BRANCH } from "../lib/settings";
import { staffTime } from "../lib/staffPage";
import {
  COMMIT,
  HISTORY_LIMIT,
  UNDO_LOOKBACK,
  commits,
  describeCommit,
  fileAt,
  fileLabel,
  kindOf,
  type Commit,
  type Described,
} from "./changes";
import type { ContentChecker } from "./checker";
import { dataFile, noSymlink, uploadKind, type Rules } from "./rules";
import { commitChange, identityOf } from "./save";
import type { WriteLock } from "./writeLock";

export interface HistoryActionDeps {
  repo: string;
  rules: Rules;
  writes: WriteLock;
  checker: ContentChecker;
}

/** One version of a file: the change that made it, what it changed there in words, whether it can be restored. */
export interface Version {
  commit: Commit;
  words: string[];
  /** The current version, or one that deleted the file, is not offered. */
  restorable: boolean;
}

/** A change and what it changed, in words. */
export interface InWords {
  commit: Commit;
  described: Described[];
}

export interface RecentInWords {
  recent: InWords[];
  mine: Commit | undefined;
  /** What `mine` changed. */
  yours: Described[];
  files: { file: string; label: string }[];
}

/** The files staff may restore: content files the editor writes, and their uploads. */
function restorable(rules: Rules, file: string): string {
  if (uploadKind(rules, file)) return file;
  return dataFile(rules, file);
}

export function historyActions(deps: HistoryActionDeps) {
  const { repo, rules } = deps;
  /** Refuses while the repository needs repair (the editor refuses to save meanwhile too). */
  const usable = () => {
    const trouble = headTrouble(repo, BRANCH);
    if (trouble) throw new Refusal(409, needsRepair(trouble));
  };

  const recent = async (login: string) => {
    usable();
    const recent = await commits(repo, HISTORY_LIMIT);
    const files = [];
    for (const file of (await git(repo, "ls-files", "--", "content")).split("\n").filter((file) => kindOf(file))) {
      files.push({ file, label: fileLabel(file, await readYaml(repo, file)) });
    }
    return { recent, mine: recent.find((commit) => commit.author === login), files };
  };
  const change = async (hash: string): Promise<Commit> => {
    usable();
    const [commit] = COMMIT.test(hash) ? await commits(repo, 1, ["content"], hash) : [];
    if (!commit || commit.hash !== hash) throw new Refusal(404, "no such change in the site's history");
    return commit;
  };

  return {
    /** The latest changes, `login`'s own last among them, and the files whose history staff may read. */
    recent,
    /** One change of content, by its hash. */
    change,

    /** The latest changes as staff read them: each with what it changed in words, and `login`'s own last. */
    async recentInWords(login: string): Promise<RecentInWords> {
      const found = await recent(login);
      const described = [];
      for (const commit of found.recent) described.push({ commit, described: await describeCommit(repo, commit) });
      const yours = found.mine ? await describeCommit(repo, found.mine) : [];
      return { recent: described, mine: found.mine, yours, files: found.files };
    },

    /** One change, with what it changed in words. */
    async changeInWords(hash: string): Promise<InWords> {
      const commit = await change(hash);
      return { commit, described: await describeCommit(repo, commit) };
    },

    /** A saved document (PDF) as content holds it now, for the editor's preview to link to. */
    async document(file: string): Promise<{ name: string; content: Buffer }> {
      usable();
      if (uploadKind(rules, file) !== "pdf") throw new Refusal(403, `not a document the editor stores: ${file}`);
      noSymlink(repo, file);
      const content = await fileAt(repo, "HEAD", file);
      if (!content) throw new Refusal(404, `${file} is not saved yet: publish the page first, then its link works`);
      return { name: path.posix.basename(file), content };
    },

    /** A file's versions, newest first, and its label. */
    async versions(requested: string): Promise<{ file: string; label: string; versions: Version[] }> {
      usable();
      const file = restorable(rules, requested);
      const versions: Version[] = [];
      for (const [index, commit] of (await commits(repo, HISTORY_LIMIT, [file])).entries()) {
        versions.push({
          commit,
          words: (await describeCommit(repo, commit)).find((item) => item.file === file)?.words ?? [],
          restorable: index > 0 && !commit.files.some((change) => change.file === file && change.status === "deleted"),
        });
      }
      return { file, label: fileLabel(file, await readYaml(repo, file)), versions };
    },

    /** Makes `file` as it was right after `hash`, as a new commit by `login`; the file restored. */
    async restore(login: string, requested: string, hash: string): Promise<string> {
      usable();
      const file = restorable(rules, requested);
      if (!COMMIT.test(hash) || !isAncestor(repo, hash))
        throw new Refusal(404, "no such version in the site's history");
      const content = await fileAt(repo, hash, file);
      if (!content) throw new Refusal(422, `${file} did not exist in that version`);
      await commitFiles(
        deps,
        login,
        new Map([[file, content]]),
        [],
        `Restore ${file} to its version of ${staffTime(commitTime(repo, hash))}`,
      );
      return file;
    },

    /** Undoes `login`'s last change, as a new commit, unless someone changed its files since. */
    async undo(login: string): Promise<void> {
      usable();
      const mine = (await commits(repo, UNDO_LOOKBACK)).find((commit) => commit.author === login);
      if (!mine) throw new Refusal(404, `you (${login}) have no change among the latest ${UNDO_LOOKBACK} to undo`);
      const write = new Map<string, Buffer>();
      const remove: string[] = [];
      for (const { file } of mine.files) {
        restorable(rules, file);
        const [later] = await commits(repo, 1, [file], `${mine.hash}..HEAD`);
        if (later) {
          throw new Refusal(
            409,
            `${fileLabel(file)} was changed again by ${later.author} at ${staffTime(later.at)}, after your change: open its history and restore the version you want`,
          );
        }
        const before = await fileAt(repo, `${mine.hash}^`, file);
        if (before) write.set(file, before);
        else remove.push(file);
      }
      await commitFiles(deps, login, write, remove, `Undo the change of ${staffTime(mine.at)}: ${mine.subject}`);
    },
  };
}

/** A content file's data as committed now (for its label), or undefined. */
const readYaml = async (repo: string, file: string): Promise<unknown> => {
  try {
    return YAML.parse((await fileAt(repo, "HEAD", file))?.toString("utf8") ?? "");
  } catch {
    return undefined;
  }
};

/** Whether `hash` is in the site's history (git says "not a valid commit" otherwise: not shown). */
const isAncestor = (repo: string, hash: string) => {
  try {
    execFileSync("git", [...SAFE_GIT, "merge-base", "--is-ancestor", hash, "HEAD"], { cwd: repo, stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
};

const commitTime = (repo: string, hash: string) => gitSync(repo, ["show", "-s", "--format=%aI", hash]);

/**
 * Writes and removes files as one commit by `login`, after the checks a save gets: nothing
 * uncommitted in the repository, no path through a link, the build's validator on the
 * content as it would be. One write at a time with the editor's saves.
 */
async function commitFiles(
  deps: HistoryActionDeps,
  login: string,
  write: Map<string, Buffer>,
  remove: string[],
  message: string,
): Promise<void> {
  const { repo, writes, checker } = deps;
  const release = await writes.acquire();
  try {
    const trouble = repositoryTrouble(repo, BRANCH);
    if (trouble) throw new Refusal(409, needsRepair(trouble));
    const changed: [string, Buffer][] = [];
    for (const [file, content] of write)
      if (!(await fileAt(repo, "HEAD", file))?.equals(content)) changed.push([file, content]);
    const gone = remove.filter((file) => fs.existsSync(path.join(repo, file)));
    if (!changed.length && !gone.length) throw new Refusal(409, "nothing to change: the site already has that version");
    for (const file of [...changed.map(([file]) => file), ...gone]) noSymlink(repo, file);
    await checker.check(repo, { write: new Map(changed), remove: gone });
    await commitChange(repo, { write: new Map(changed), remove: gone }, `${message} (by ${login})`, identityOf(login));
  } finally {
    release();
  }
}
