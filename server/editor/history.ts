// The routes of the staff's history of changes at /admin/history/ (behind the staff login):
// the site's recent changes, each page's versions with what changed in words, "restore
// this version" and "undo my last change". Each route checks the login (and that a change
// comes from the staff's own pages) and answers; the work is historyActions.ts's, the
// pages historyPages.ts's.
import express, { type Express, type NextFunction, type Request, type Response } from "express";
import pLimit from "p-limit";
import { Refusal } from "../lib/refusal";
import type { StaffGate } from "../lib/staffLogin";
import { attachmentHeader } from "../lib/staffPage";
import { historyActions, type HistoryActionDeps } from "./historyActions";
import { HISTORY_PATH, changePage, changesPage, doneNotice, filePage, refusalPage } from "./historyPages";
import { headersOf } from "./http";

export { HISTORY_PATH };
/**
 * History pages worked on at once (each runs git a few dozen times, off the event loop);
 * more wait, up to HISTORY_WAITING, and past that are refused: 30 views at once hold up no
 * login check, save or inbox page.
 */
export const HISTORY_AT_ONCE = 2;
export const HISTORY_WAITING = 40;

export interface HistoryDeps extends HistoryActionDeps {
  gate: StaffGate;
}

type Handler = (request: Request, response: Response) => Promise<void>;

const html = (response: Response, status: number, body: string) =>
  response.status(status).type("text/html; charset=utf-8").set("Cache-Control", "private, no-store").send(body);

/** A staff page's handler: a refusal is answered as a page in its words, anything else is a fault (500). */
const handled =
  (title: string, handle: Handler) => async (request: Request, response: Response, next: NextFunction) => {
    try {
      await handle(request, response);
    } catch (error) {
      if (!(error instanceof Refusal)) return next(error);
      if (error.status === 401) response.set("WWW-Authenticate", 'Basic realm="Site editor", charset="UTF-8"');
      html(response, error.status, refusalPage(title, error.message));
    }
  };

export function registerHistory(app: Express, deps: HistoryDeps): void {
  const history = historyActions(deps);
  const reads = pLimit(HISTORY_AT_ONCE);
  /** A history read in its turn, or refused when too many wait. */
  const inTurn = <T>(read: () => Promise<T>): Promise<T> => {
    if (reads.pendingCount >= HISTORY_WAITING) {
      throw new Refusal(503, "The history is busy with other requests; open it again in a minute.");
    }
    return reads(read);
  };
  registerReads(app, deps.gate, history, inTurn);
  registerForEditor(app, deps.gate, history, inTurn);
  registerChanges(app, deps.gate, history);
}

type History = ReturnType<typeof historyActions>;
type InTurn = <T>(read: () => Promise<T>) => Promise<T>;

/** The history's pages: the recent changes, one change, one file's versions. */
function registerReads(app: Express, gate: StaffGate, history: History, inTurn: InTurn) {
  const login = (request: Request) => gate.login(headersOf(request));
  app.get(
    HISTORY_PATH,
    handled("Changes", async (request, response) => {
      const found = await inTurn(() => history.recentInWords(login(request)));
      html(response, 200, changesPage(found, login(request), doneNotice(request.query.done)));
    }),
  );
  app.get(
    `${HISTORY_PATH}change/:hash`,
    handled("Changes", async (request, response) => {
      login(request);
      html(response, 200, changePage(await inTurn(() => history.changeInWords(String(request.params.hash)))));
    }),
  );
  app.get(
    `${HISTORY_PATH}file`,
    handled("History", async (request, response) => {
      login(request);
      const { file, label, versions } = await inTurn(() => history.versions(String(request.query.path ?? "")));
      html(response, 200, filePage(file, label, versions, doneNotice(request.query.done)));
    }),
  );
}

/** For the editor itself: who is logged in, and a saved document. */
function registerForEditor(app: Express, gate: StaffGate, history: History, inTurn: InTurn) {
  const login = (request: Request) => gate.login(headersOf(request));
  // Who is logged in, for the editor's panel ("your change").
  app.get(`${HISTORY_PATH}me.json`, (request, response, next) => {
    try {
      response.set("Cache-Control", "private, no-store").json({ login: login(request) });
    } catch (error) {
      if (error instanceof Refusal) response.status(error.status).json({ error: error.message });
      else next(error);
    }
  });
  // A saved document (PDF) as content holds it, for the editor's preview to link to: a
  // download, never shown on the editor's own origin.
  app.get(
    `${HISTORY_PATH}document`,
    handled("Document", async (request, response) => {
      login(request);
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
}

/** Restore and undo: buttons on the staff's own pages, each a new commit by the login. */
function registerChanges(app: Express, gate: StaffGate, history: History) {
  const form = express.urlencoded({ extended: false, limit: "4kb" });
  app.post(
    `${HISTORY_PATH}restore`,
    form,
    handled("Restore", async (request, response) => {
      const login = gate.change(headersOf(request));
      const file = await history.restore(login, String(request.body?.path ?? ""), String(request.body?.commit ?? ""));
      response.redirect(303, `${HISTORY_PATH}file?path=${encodeURIComponent(file)}&done=restored`);
    }),
  );
  app.post(
    `${HISTORY_PATH}undo`,
    form,
    handled("Undo", async (request, response) => {
      await history.undo(gate.change(headersOf(request)));
      response.redirect(303, `${HISTORY_PATH}?done=undone`);
    }),
  );
}
