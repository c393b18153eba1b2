// The editor's backend: decap-server's own middleware (git mode on the server: each save
// is a commit in HOST_DIR/repo; file mode for `npm run cms`) behind the guard, and the
// history of changes. It never sees a password: nginx asks the login check (server/login/)
// and passes the login with the editor's own secret (server/lib/staffLogin.ts). A save
// on the server is checked here and committed by save.ts; decap-server answers the reads.
import express, { type Express, type NextFunction, type Request, type Response } from "express";
import { registerLocalFs, registerLocalGit } from "decap-server/dist/middlewares";
import { headTrouble, needsRepair, repositoryTrouble } from "../lib/repoState";
import { BRANCH } from "../lib/settings";
import { staffGate, type StaffGate } from "../lib/staffLogin";
import { headersOf } from "./http";
import { ContentChecker } from "./checker";
import { WriteLock } from "./writeLock";
import { registerHistory } from "./history";
import { checkRequest, type Change } from "./guard";
import { UploadBudget } from "./uploads";
import { Refusal } from "../lib/refusal";
import { MAX_REQUEST_BYTES, MAX_UPLOAD_BYTES, WRITE_ACTIONS, editorRules, type Rules } from "./rules";
import { commitChange, decapAnswer, filesOf, identityOf, saveMessage } from "./save";

export interface EditorOptions {
  /** The repository (host) or checkout (local) whose content/ the editor changes. */
  repo: string;
  /** git: commit each save (the server); fs: write files only (`npm run cms`). */
  mode: "git" | "fs";
  /** Where the day's uploaded bytes are kept across restarts (uploads.ts); without one, uploads are not counted. */
  uploadsFile?: string;
  /**
   * The secret nginx sends with the checked login (EDITOR_PROXY_SECRET): a request without
   * it is refused. Without one (a developer's machine) no login is asked.
   */
  proxySecret?: string;
}

const LOOPBACK_HOST = /^(localhost|127\.0\.0\.1|\[::1\])(:\d+)?$/i;

export async function editorApp(options: EditorOptions) {
  const app = express();
  app.disable("x-powered-by");
  const rules = editorRules();
  const secret = options.proxySecret ?? "";
  const local = !secret;
  // Without a login (a developer's machine) every change is this machine's user's.
  const gate = staffGate(secret, local ? process.env.USER || "local" : undefined);
  const checker = new ContentChecker();
  const writes = new WriteLock();
  if (local) onlyLocalNames(app);
  // The history of changes, restore and undo (git mode: on the server; `npm run cms` has no history).
  if (options.mode === "git") registerHistory(app, { repo: options.repo, rules, writes, checker, gate });
  const uploads = options.uploadsFile ? new UploadBudget(options.uploadsFile) : null;
  registerSave(app, { ...options, rules, gate, checker, writes, uploads });
  process.env.GIT_REPO_DIRECTORY = options.repo;
  const register = options.mode === "git" ? registerLocalGit : registerLocalFs;
  await register(app, { logLevel: process.env.LOG_LEVEL ?? "warn" });
  registerErrors(app);
  return { app, close: () => checker.close() };
}

/**
 * Without a login only this machine's own names may be used: a web page whose name an
 * attacker points at 127.0.0.1 (DNS rebinding) is another site.
 */
function onlyLocalNames(app: Express) {
  app.use((request, response, next) => {
    const names = [request.get("host"), request.get("x-forwarded-host")].filter((name) => name !== undefined);
    if (names.every((name) => LOOPBACK_HOST.test(name))) return next();
    response.status(403).json({ error: `host not allowed: ${names.join(", ")}` });
  });
}

interface SaveDeps extends EditorOptions {
  rules: Rules;
  gate: StaffGate;
  checker: ContentChecker;
  writes: WriteLock;
  uploads: UploadBudget | null;
}

/**
 * decap's API: every request from the staff's own pages with the login nginx checked, and
 * within the guard's rules. A write is checked on the content as it would be, counted
 * against the day's uploads and, on the server, committed here as the login; reads (and a
 * developer's `npm run cms`, which commits nothing) go on to decap-server.
 */
function registerSave(app: Express, deps: SaveDeps) {
  // Base64 makes an upload a third bigger; a little room for the rest of the request.
  app.use("/api/v1", express.json({ limit: MAX_REQUEST_BYTES }));
  app.post("/api/v1", async (request: Request, response: Response, next: NextFunction) => {
    try {
      const login = deps.gate.change(headersOf(request));
      // A repository mid-rebase or off main would serve and commit the wrong thing.
      const trouble = deps.mode === "git" && headTrouble(deps.repo, BRANCH);
      if (trouble) throw new Refusal(409, needsRepair(trouble));
      const change = checkRequest(deps.rules, deps.repo, request.body);
      if (!change || !WRITE_ACTIONS.has(request.body.action)) return next();
      const release = await deps.writes.acquire();
      try {
        await checkSave(deps, change);
        if (deps.mode === "fs") return next();
        const message = saveMessage(request.body.params?.options?.commitMessage, filesOf(change), login);
        await commitChange(deps.repo, change, message, identityOf(login));
        response.json(decapAnswer(deps.repo, request.body.action, request.body.params ?? {}));
      } finally {
        if (deps.mode === "git") release();
        else for (const end of ["finish", "close"]) response.once(end, release);
      }
    } catch (error) {
      if (error instanceof Refusal) response.status(error.status).json({ error: error.message });
      else next(error);
    }
  });
}

/** A write's checks under the write lock: nothing left uncommitted, the content valid, the uploads within the day's. */
async function checkSave({ mode, repo, checker, uploads }: SaveDeps, change: Change) {
  const trouble = mode === "git" && repositoryTrouble(repo, BRANCH);
  if (trouble) {
    console.error(`editor: refused a save: ${trouble} in ${repo}`);
    throw new Refusal(409, needsRepair(trouble));
  }
  await checker.check(repo, change);
  uploads?.take(change.uploadBytes);
}

/** Errors as JSON, which Decap shows to staff: a body over the limit, a malformed one. */
function registerErrors(app: Express) {
  app.use((error: { status?: number; type?: string }, _request: Request, response: Response, next: NextFunction) => {
    if (response.headersSent) return next(error);
    const status = error.status && error.status >= 400 && error.status < 500 ? error.status : 500;
    const message =
      error.type === "entity.too.large"
        ? `larger than ${MAX_UPLOAD_BYTES / 1024 / 1024} MB: upload a smaller file`
        : status === 500
          ? "the editor's server failed; see its log"
          : "malformed request";
    if (status === 500) console.error("editor:", error);
    response.status(status).json({ error: message });
  });
}
