// The staff's history of changes at /admin/history/ (behind the staff login): the
// site's recent changes, each page's versions with what changed in words, "restore this
// version" and "undo my last change". The routes check the login (and that a change comes
// from the staff's own pages) and draw the pages; the work is historyActions.ts's.
import express, { type Express, type NextFunction, type Request, type Response } from "express";
import pLimit from "p-limit";
import { crossSite } from "../lib/crossSite";
import { Refusal } from "../lib/refusal";
import { ago, attachmentHeader, escapeHtml, shown, staffPage, staffTime } from "../lib/staffPage";
import { HISTORY_LIMIT, describeCommit, type Commit, type Described } from "./changes";
import { historyActions, type HistoryActionDeps } from "./historyActions";

export const HISTORY_PATH = "/admin/history/";
/** Sentences shown per file, and files per change, in a list; the change's own page has them all. */
const WORDS_IN_LIST = 6;
const FILES_IN_LIST = 6;
/**
 * History pages worked on at once (each runs git a few dozen times, off the event loop);
 * more wait, up to HISTORY_WAITING, and past that are refused: 30 views at once hold up no
 * login check, save or inbox page.
 */
export const HISTORY_AT_ONCE = 2;
export const HISTORY_WAITING = 40;

export interface HistoryDeps extends HistoryActionDeps {
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

async function commitRow(repo: string, commit: Commit): Promise<string> {
  return `<tr>
  <td data-label="When">${staffTime(commit.at)}<br><span class="note">${ago(commit.at)}</span></td>
  <td data-label="Who"><bdi>${shown(commit.author)}</bdi></td>
  <td data-label="What changed"><ul>${describedList(await describeCommit(repo, commit), false)}</ul>
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

export function registerHistory(app: Express, deps: HistoryDeps): void {
  const { repo } = deps;
  const history = historyActions(deps);
  const form = express.urlencoded({ extended: false, limit: "4kb" });
  const reads = pLimit(HISTORY_AT_ONCE);
  /** A history read in its turn, or refused when too many wait. */
  const inTurn = <T>(read: () => Promise<T>): Promise<T> => {
    if (reads.pendingCount >= HISTORY_WAITING) {
      throw new Refusal(503, "The history is busy with other requests; open it again in a minute.");
    }
    return reads(read);
  };

  /** A staff request's login; a change (`write`) only from the staff's own pages. */
  const staff = async (request: Request, write: boolean): Promise<string> => {
    const login = await deps.login(request);
    if (write) {
      const refused = crossSite((name) => request.get(name), deps.local);
      if (refused) throw new Refusal(403, `cross-site request refused (${refused})`);
    }
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
      const document = await inTurn(() => history.document(String(request.query.path ?? "")));
      response
        .status(200)
        .type("application/pdf")
        .set("Content-Disposition", attachmentHeader(document.name))
        .set("X-Content-Type-Options", "nosniff")
        .set("Cache-Control", "private, no-store")
        .send(document.content);
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
      const { recent, mine, files, rows, yours } = await inTurn(async () => {
        const found = await history.recent(login);
        const rows = [];
        for (const commit of found.recent) rows.push(await commitRow(repo, commit));
        const yours = found.mine ? await describeCommit(repo, found.mine) : [];
        return { ...found, rows, yours };
      });
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
<span class="note">Your last change: ${staffTime(mine.at)}, ${shown(yours.map((item) => item.label).join(", "))}</span>`
              : `<span class="note">You (${shown(login)}) have no change among the latest ${HISTORY_LIMIT}.</span>`
          }</div>
${recent.length ? table(rows.join("\n")) : "<p>No changes yet.</p>"}
<h2>The history of one page</h2>
<ul>${files.map(({ file, label }) => `<li><a href="${HISTORY_PATH}file?path=${encodeURIComponent(file)}">${shown(label)}</a></li>`).join("")}</ul>`,
          HISTORY_PATH,
        ),
      );
    }),
  );

  app.get(
    `${HISTORY_PATH}change/:hash`,
    handled("Changes", async (request, response) => {
      await staff(request, false);
      const [commit, described] = await inTurn(async () => {
        const commit = await history.change(String(request.params.hash));
        return [commit, await describeCommit(repo, commit)] as const;
      });
      html(
        response,
        200,
        staffPage(
          "A change",
          `<h1>A change by <bdi>${shown(commit.author)}</bdi></h1>
<p>${staffTime(commit.at)} (${ago(commit.at)}). <span class="note"><bdi>${shown(commit.subject)}</bdi></span></p>
<ul>${describedList(described, true)}</ul>
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
      const { file, label, versions } = await inTurn(() => history.versions(String(request.query.path ?? "")));
      const done = DONE[String(request.query.done ?? "")] ?? "";
      const rows = versions
        .map(({ commit, words, restorable }, index) => {
          const restore =
            index === 0
              ? `<span class="done">This is the current version</span>`
              : !restorable
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
      const file = await history.restore(login, String(request.body?.path ?? ""), String(request.body?.commit ?? ""));
      response.redirect(303, `${HISTORY_PATH}file?path=${encodeURIComponent(file)}&done=restored`);
    }),
  );

  app.post(
    `${HISTORY_PATH}undo`,
    form,
    handled("Undo", async (request, response) => {
      await history.undo(await staff(request, true));
      response.redirect(303, `${HISTORY_PATH}?done=undone`);
    }),
  );
}
