// The staff's history of changes at /admin/history/ (behind the editor's login): the
// site's recent changes, each page's versions with what changed in words, "restore this
// version" and "undo my last change". A restore is a new commit, by the staff login,
// through the same checks as a save (allowed paths, the build's validator, one write at a
// time): history is never rewritten, and a restore can itself be undone.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import express, { type Express, type NextFunction, type Request, type Response } from "express";
import YAML from "yaml";
import { crossSite } from "../lib/crossSite";
import { SAFE_GIT, gitSync } from "../lib/git";
import { Refusal } from "../lib/refusal";
import { headTrouble, needsRepair, repositoryTrouble } from "../lib/repoState";
import { BRANCH } from "../lib/settings";
import { ago, attachmentHeader, escapeHtml, shown, staffPage, staffTime } from "../lib/staffPage";
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
import type { WriteLock } from "./writeLock";

export const HISTORY_PATH = "/admin/history/";
/** Sentences shown per file, and files per change, in a list; the change's own page has them all. */
const WORDS_IN_LIST = 6;
const FILES_IN_LIST = 6;

export interface HistoryDeps {
  repo: string;
  rules: Rules;
  writes: WriteLock;
  checker: ContentChecker;
  /** The staff login of a request (throws a Refusal without one). */
  login: (request: Request) => Promise<string>;
  local: boolean;
}

const html = (response: Response, status: number, body: string) =>
  response.status(status).type("text/html; charset=utf-8").set("Cache-Control", "private, no-store").send(body);

function describedList(items: Described[], full: boolean): string {
  const listed = full ? items : items.slice(0, FILES_IN_LIST);
  const hidden = items.length - listed.length;
  return listed
    .map((item) => {
      const words = full ? item.words : item.words.slice(0, WORDS_IN_LIST);
      const more = item.words.length - words.length;
      return `<li><a href="${HISTORY_PATH}file?path=${encodeURIComponent(item.file)}">${shown(item.label)}</a>
  <ul>${words.map((line) => `<li><bdi>${shown(line)}</bdi></li>`).join("")}${more > 0 ? `<li>and ${more} more</li>` : ""}</ul></li>`;
    })
    .concat(hidden > 0 ? [`<li>and ${hidden} more files</li>`] : [])
    .join("\n");
}

function commitRow(repo: string, commit: Commit): string {
  return `<tr>
  <td data-label="When">${staffTime(commit.at)}<br><span class="note">${ago(commit.at)}</span></td>
  <td data-label="Who"><bdi>${shown(commit.author)}</bdi></td>
  <td data-label="What changed"><ul>${describedList(describeCommit(repo, commit), false)}</ul>
  <a href="${HISTORY_PATH}change/${commit.hash}">The whole change</a></td>
</tr>`;
}

const table = (rows: string) =>
  `<table class="wide"><thead><tr><th>When</th><th>Who</th><th>What changed</th></tr></thead><tbody>
${rows}
</tbody></table>`;

const notice = (text: string, problem = false) =>
  text
    ? `<p class="notice${problem ? " problem" : ""}" role="${problem ? "alert" : "status"}">${escapeHtml(text)}</p>`
    : "";

const DONE: Record<string, string> = {
  restored: "Restored. The site is being published: the editor's status (bottom left) says when it is live.",
  undone:
    "Your last change is undone. The site is being published: the editor's status (bottom left) says when it is live.",
};

/** The files staff may restore: content files the editor writes, and their uploads. */
function restorable(rules: Rules, file: string): string {
  if (uploadKind(rules, file)) return file;
  return dataFile(rules, file);
}

export function registerHistory(app: Express, deps: HistoryDeps): void {
  const { repo, rules } = deps;
  const form = express.urlencoded({ extended: false, limit: "4kb" });

  /** A staff request, its login; refuses another site's page and a repository needing repair. */
  const staff = async (request: Request, write: boolean): Promise<string> => {
    const login = await deps.login(request);
    if (write) {
      const refused = crossSite((name) => request.get(name), deps.local);
      if (refused) throw new Refusal(403, `cross-site request refused (${refused})`);
    }
    const trouble = headTrouble(repo, BRANCH);
    if (trouble) throw new Refusal(409, needsRepair(trouble));
    return login;
  };

  /** A staff page's handler: a refusal is answered as a page in its words, anything else is a fault (500). */
  const handled =
    (title: string, handle: (request: Request, response: Response) => Promise<void>) =>
    async (request: Request, response: Response, next: NextFunction) => {
      try {
        await handle(request, response);
      } catch (error) {
        if (!(error instanceof Refusal)) return next(error);
        if (error.status === 401) {
          response.set("WWW-Authenticate", 'Basic realm="Site editor", charset="UTF-8"');
        }
        html(
          response,
          error.status,
          staffPage(title, `<h1>${escapeHtml(title)}</h1>\n${notice(error.message, true)}`, HISTORY_PATH),
        );
      }
    };

  // A saved document (PDF) as content holds it, for the editor's preview to link to: a
  // download, never shown on the editor's own origin.
  app.get(
    `${HISTORY_PATH}document`,
    handled("Document", async (request, response) => {
      await staff(request, false);
      const file = String(request.query.path ?? "");
      if (uploadKind(rules, file) !== "pdf") throw new Refusal(403, `not a document the editor stores: ${file}`);
      noSymlink(repo, file);
      const content = fileAt(repo, "HEAD", file);
      if (!content) throw new Refusal(404, `${file} is not saved yet: publish the page first, then its link works`);
      response
        .status(200)
        .type("application/pdf")
        .set("Content-Disposition", attachmentHeader(path.posix.basename(file)))
        .set("X-Content-Type-Options", "nosniff")
        .set("Cache-Control", "private, no-store")
        .send(content);
    }),
  );

  // Who is logged in, for the editor's panel ("your change").
  app.get(`${HISTORY_PATH}me.json`, async (request, response, next) => {
    try {
      const login = await deps.login(request);
      response.set("Cache-Control", "private, no-store").json({ login });
    } catch (error) {
      if (error instanceof Refusal) response.status(error.status).json({ error: error.message });
      else next(error);
    }
  });

  app.get(
    HISTORY_PATH,
    handled("Changes", async (request, response) => {
      const login = await staff(request, false);
      const recent = commits(repo, HISTORY_LIMIT);
      const mine = recent.find((commit) => commit.author === login);
      const files = gitSync(repo, ["ls-files", "--", "content"])
        .split("\n")
        .filter((file) => kindOf(file));
      const done = DONE[String(request.query.done ?? "")] ?? "";
      html(
        response,
        200,
        staffPage(
          "Changes",
          `<h1>Recent changes</h1>
${notice(done)}
<div class="actions">${
            mine
              ? `<form method="post" action="${HISTORY_PATH}undo"><button type="submit">Undo my last change</button></form>
<span class="note">Your last change: ${staffTime(mine.at)}, ${shown(
                  describeCommit(repo, mine)
                    .map((item) => item.label)
                    .join(", "),
                )}</span>`
              : `<span class="note">You (${shown(login)}) have no change among the latest ${HISTORY_LIMIT}.</span>`
          }</div>
${recent.length ? table(recent.map((commit) => commitRow(repo, commit)).join("\n")) : "<p>No changes yet.</p>"}
<h2>The history of one page</h2>
<ul>${files.map((file) => `<li><a href="${HISTORY_PATH}file?path=${encodeURIComponent(file)}">${shown(fileLabel(file, readYaml(repo, file)))}</a></li>`).join("")}</ul>`,
          HISTORY_PATH,
        ),
      );
    }),
  );

  app.get(
    `${HISTORY_PATH}change/:hash`,
    handled("Changes", async (request, response) => {
      await staff(request, false);
      const hash = String(request.params.hash);
      const [commit] = COMMIT.test(hash) ? commits(repo, 1, ["content"], hash) : [];
      if (!commit || commit.hash !== hash) throw new Refusal(404, "no such change in the site's history");
      html(
        response,
        200,
        staffPage(
          "A change",
          `<h1>A change by <bdi>${shown(commit.author)}</bdi></h1>
<p>${staffTime(commit.at)} (${ago(commit.at)}). <span class="note"><bdi>${shown(commit.subject)}</bdi></span></p>
<ul>${describedList(describeCommit(repo, commit), true)}</ul>
<p><a href="${HISTORY_PATH}">All recent changes</a></p>`,
          HISTORY_PATH,
        ),
      );
    }),
  );

  app.get(
    `${HISTORY_PATH}file`,
    handled("History", async (request, response) => {
      await staff(request, false);
      const file = restorable(rules, String(request.query.path ?? ""));
      const versions = commits(repo, HISTORY_LIMIT, [file]);
      const label = fileLabel(file, readYaml(repo, file));
      const done = DONE[String(request.query.done ?? "")] ?? "";
      const rows = versions
        .map((commit, index) => {
          const words = describeCommit(repo, commit).find((item) => item.file === file)?.words ?? [];
          const restore =
            index === 0
              ? `<span class="done">This is the current version</span>`
              : commit.files.some((change) => change.file === file && change.status === "deleted")
                ? ""
                : `<form method="post" action="${HISTORY_PATH}restore"><input type="hidden" name="path" value="${escapeHtml(file)}"><input type="hidden" name="commit" value="${commit.hash}"><button type="submit" class="secondary">Restore this version</button></form>`;
          return `<tr>
<td data-label="When">${staffTime(commit.at)}<br><span class="note">${ago(commit.at)}</span></td>
<td data-label="Who"><bdi>${shown(commit.author)}</bdi></td>
<td data-label="What changed"><ul>${words.map((line) => `<li><bdi>${shown(line)}</bdi></li>`).join("")}</ul></td>
<td>${restore}</td>
</tr>`;
        })
        .join("\n");
      html(
        response,
        200,
        staffPage(
          `History: ${label}`,
          `<h1>History: ${shown(label)}</h1>
${notice(done)}
<p>Newest first. "Restore this version" makes the page as it was right after that change; it is published like any save, and it can be undone in turn.</p>
${versions.length ? `<table class="wide"><thead><tr><th>When</th><th>Who</th><th>What changed</th><th>Restore</th></tr></thead><tbody>\n${rows}\n</tbody></table>` : "<p>No changes yet.</p>"}
<p><a href="${HISTORY_PATH}">All recent changes</a></p>`,
          HISTORY_PATH,
        ),
      );
    }),
  );

  app.post(
    `${HISTORY_PATH}restore`,
    form,
    handled("Restore", async (request, response) => {
      const login = await staff(request, true);
      const file = restorable(rules, String(request.body?.path ?? ""));
      const hash = String(request.body?.commit ?? "");
      if (!COMMIT.test(hash) || !isAncestor(repo, hash))
        throw new Refusal(404, "no such version in the site's history");
      const content = fileAt(repo, hash, file);
      if (!content) throw new Refusal(422, `${file} did not exist in that version`);
      await commitFiles(
        deps,
        login,
        new Map([[file, content]]),
        [],
        `Restore ${file} to its version of ${staffTime(commitTime(repo, hash))}`,
      );
      response.redirect(303, `${HISTORY_PATH}file?path=${encodeURIComponent(file)}&done=restored`);
    }),
  );

  app.post(
    `${HISTORY_PATH}undo`,
    form,
    handled("Undo", async (request, response) => {
      const login = await staff(request, true);
      const mine = commits(repo, UNDO_LOOKBACK).find((commit) => commit.author === login);
      if (!mine) throw new Refusal(404, `you (${login}) have no change among the latest ${UNDO_LOOKBACK} to undo`);
      const write = new Map<string, Buffer>();
      const remove: string[] = [];
      for (const { file } of mine.files) {
        restorable(rules, file);
        const later = commits(repo, 1, [file], `${mine.hash}..HEAD`)[0];
        if (later) {
          throw new Refusal(
            409,
            `${fileLabel(file)} was changed again by ${later.author} at ${staffTime(later.at)}, after your change: open its history and restore the version you want`,
          );
        }
        const before = fileAt(repo, `${mine.hash}^`, file);
        if (before) write.set(file, before);
        else remove.push(file);
      }
      await commitFiles(deps, login, write, remove, `Undo the change of ${staffTime(mine.at)}: ${mine.subject}`);
      response.redirect(303, `${HISTORY_PATH}?done=undone`);
    }),
  );
}

/** A content file's data as committed now (for its label), or undefined. */
const readYaml = (repo: string, file: string): unknown => {
  try {
    return YAML.parse(fileAt(repo, "HEAD", file)?.toString("utf8") ?? "");
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
  deps: HistoryDeps,
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
    const changed = [...write].filter(([file, content]) => !fileAt(repo, "HEAD", file)?.equals(content));
    const gone = remove.filter((file) => fs.existsSync(path.join(repo, file)));
    if (!changed.length && !gone.length) throw new Refusal(409, "nothing to change: the site already has that version");
    for (const file of [...changed.map(([file]) => file), ...gone]) noSymlink(repo, file);
    await checker.check(repo, { write: new Map(changed), remove: gone });
    for (const [file, content] of changed) {
      fs.mkdirSync(path.dirname(path.join(repo, file)), { recursive: true });
      fs.writeFileSync(path.join(repo, file), content);
    }
    for (const file of gone) fs.rmSync(path.join(repo, file), { force: true });
    const files = [...changed.map(([file]) => file), ...gone];
    gitSync(repo, ["add", "--all", "--", ...files]);
    gitSync(repo, ["commit", "-q", "-m", `${message} (by ${login})`, "--", ...files], {
      env: {
        GIT_AUTHOR_NAME: login,
        GIT_AUTHOR_EMAIL: `${login}@editor.invalid`,
        GIT_COMMITTER_NAME: "Site editor",
        GIT_COMMITTER_EMAIL: "editor@editor.invalid",
      },
    });
  } finally {
    release();
  }
}
