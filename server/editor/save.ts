// A staff change written and committed as one commit, by the staff login that made it: the
// editor's saves (decap's write actions, answered here rather than by decap-server) and
// the history's restore and undo. The caller holds the write lock and has checked the
// change (the guard's paths, the build's validator); this writes each file atomically and
// commits exactly those files, the git identity given to that git alone.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { writeFileAtomic } from "../lib/files";
import { gitWith } from "../lib/git";
import type { Change } from "./guard";

/** Who a commit is by: the login as its author, the editor as its committer. */
export interface Identity {
  GIT_AUTHOR_NAME: string;
  GIT_AUTHOR_EMAIL: string;
  GIT_COMMITTER_NAME: string;
  GIT_COMMITTER_EMAIL: string;
}

/** The identity of a change by `login` (logins are plain names: server/lib/staffLogin.ts). */
export const identityOf = (login: string): Identity => ({
  GIT_AUTHOR_NAME: login,
  GIT_AUTHOR_EMAIL: `${login}@editor.invalid`,
  GIT_COMMITTER_NAME: "Site editor",
  GIT_COMMITTER_EMAIL: "editor@editor.invalid",
});

/** The files a change touches, written ones first. */
export const filesOf = (change: Pick<Change, "write" | "remove">) => [...change.write.keys(), ...change.remove];

/** Writes and removes `change`'s files in `repo` and commits them with `message` as `identity`. */
export async function commitChange(
  repo: string,
  change: Pick<Change, "write" | "remove">,
  message: string,
  identity: Identity,
): Promise<void> {
  for (const [file, content] of change.write) {
    const target = path.join(repo, file);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    writeFileAtomic(target, typeof content === "string" ? content : Buffer.from(content));
  }
  for (const file of change.remove) fs.rmSync(path.join(repo, file), { force: true });
  const files = filesOf(change);
  await gitWith({}, repo, "add", "--all", "--", ...files);
  // Only these files, whatever else git might find: the caller made sure there is nothing else.
  await gitWith(
    { env: { ...identity } },
    repo,
    "commit",
    "-q",
    "--no-verify",
    "--no-gpg-sign",
    "-m",
    message,
    "--",
    ...files,
  );
}

/** A save's commit message: decap's, with the files it does not name and the login. */
export function saveMessage(given: unknown, files: string[], login: string): string {
  const message = typeof given === "string" && given.trim() ? given : `Change ${files.join(", ")}`;
  const unnamed = files.filter((file) => !message.includes(file));
  return unnamed.length ? `${message} (${unnamed.join(", ")}; by ${login})` : `${message} (by ${login})`;
}

/** What decap-server answers each write action with, which the editor in the browser reads. */
export function decapAnswer(repo: string, action: string, params: Record<string, unknown>): unknown {
  if (action === "persistMedia") {
    const file = String((params.asset as { path?: unknown } | undefined)?.path ?? "");
    const content = fs.readFileSync(path.join(repo, file));
    return {
      id: crypto.createHash("sha256").update(content).digest("hex"),
      content: content.toString("base64"),
      encoding: "base64",
      path: file,
      name: path.basename(file),
    };
  }
  if (action === "deleteFile") return { message: `deleted file ${String(params.path)}` };
  if (action === "deleteFiles") return { message: `deleted files ${(params.paths as string[]).join(", ")}` };
  return { message: "entry persisted" };
}
