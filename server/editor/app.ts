// The editor's backend: decap-server's own middleware (git mode on the server: each save
// is a commit in HOST_DIR/repo; file mode for `npm run cms`) behind the guard, and the
// history of changes. It never sees a password: nginx asks the login check (server/login/)
// and passes the login with the editor's own secret (server/lib/staffLogin.ts).
import express, { type NextFunction, type Request, type Response } from "express";
import { registerLocalFs, registerLocalGit } from "decap-server/dist/middlewares";
import { headTrouble, needsRepair, repositoryTrouble } from "../lib/repoState";
import { BRANCH } from "../lib/settings";
import { staffLoginFrom } from "../lib/staffLogin";
import { ContentChecker } from "./checker";
import { WriteLock } from "./writeLock";
import { registerHistory } from "./history";
import { checkRequest } from "./guard";
import { UploadBudget } from "./uploads";
import { Refusal } from "../lib/refusal";
import { crossSite } from "../lib/crossSite";
import { MAX_REQUEST_BYTES, MAX_UPLOAD_BYTES, WRITE_ACTIONS, editorRules } from "./rules";

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

/** The login nginx checked; a Refusal when the request is not nginx's with one. */
function staffLogin(request: Request, secret: string): string {
  const login = staffLoginFrom((name) => request.get(name), secret);
  if (!login) throw new Refusal(401, "staff login required (through the site's /admin/)");
  return login;
}

export async function editorApp(options: EditorOptions) {
  const app = express();
  app.disable("x-powered-by");
  const rules = editorRules();
  const secret = options.proxySecret ?? "";
  const local = !secret;
  const checker = new ContentChecker();
  const writes = new WriteLock();
  const uploads = options.uploadsFile ? new UploadBudget(options.uploadsFile) : null;
  // Without a login (a developer's machine) only this machine's own names may be used: a
  // web page whose name an attacker points at 127.0.0.1 (DNS rebinding) is another site.
  if (local) {
    app.use((request, response, next) => {
      const names = [request.get("host"), request.get("x-forwarded-host")].filter((name) => name !== undefined);
      if (names.every((name) => LOOPBACK_HOST.test(name))) return next();
      response.status(403).json({ error: `host not allowed: ${names.join(", ")}` });
    });
  }

  // The history of changes, restore and undo (git mode: on the server; `npm run cms` has no history).
  if (options.mode === "git") {
    registerHistory(app, {
      repo: options.repo,
      rules,
      writes,
      checker,
      local,
      login: async (request) => (local ? process.env.USER || "local" : staffLogin(request, secret)),
    });
  }

  // Base64 makes an upload a third bigger; a little room for the rest of the request.
  app.use("/api/v1", express.json({ limit: MAX_REQUEST_BYTES }));
  app.post("/api/v1", async (request: Request, response: Response, next: NextFunction) => {
    try {
      // Only with nginx's secret: nothing on this machine can skip the login check.
      const login = local ? process.env.USER || "local" : staffLogin(request, secret);
      const refused = crossSite((name) => request.get(name), local);
      if (refused) throw new Refusal(403, `cross-site request refused (${refused})`);
      // A repository mid-rebase or off main would serve and commit the wrong thing.
      const trouble = options.mode === "git" && headTrouble(options.repo, BRANCH);
      if (trouble) throw new Refusal(409, needsRepair(trouble));
      const change = checkRequest(rules, options.repo, request.body);
      if (!change || !WRITE_ACTIONS.has(request.body.action)) return next();

      const release = await writes.acquire();
      try {
        // The repository as this save will be committed on: nothing left uncommitted.
        const repoTrouble = options.mode === "git" && repositoryTrouble(options.repo, BRANCH);
        if (repoTrouble) {
          console.error(`editor: refused a save: ${repoTrouble} in ${options.repo}`);
          throw new Refusal(409, needsRepair(repoTrouble));
        }
        await checker.check(options.repo, change);
        uploads?.take(change.uploadBytes);
        if (options.mode === "git") {
          const files = [...change.write.keys(), ...change.remove];
          commitAs(login, files, request, response, release);
        } else {
          response.once("finish", release);
          response.once("close", release);
        }
      } catch (error) {
        release();
        throw error;
      }
      next();
    } catch (error) {
      if (error instanceof Refusal) response.status(error.status).json({ error: error.message });
      else next(error);
    }
  });

  const register = options.mode === "git" ? registerLocalGit : registerLocalFs;
  process.env.GIT_REPO_DIRECTORY = options.repo;
  await register(app, { logLevel: process.env.LOG_LEVEL ?? "warn" });
  // Errors as JSON, which Decap shows to staff: a body over the limit, a malformed one.
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
  return {
    app,
    close: () => {
      checker.close();
    },
  };
}

/**
 * Hands a checked write to decap-server, which commits it with `git add .` (the caller made
 * sure nothing else is uncommitted, under the write lock), with the staff login as the
 * commit's author; the lock is released when the answer is sent.
 */
function commitAs(login: string, files: string[], request: Request, response: Response, release: () => void) {
  const options = request.body.params?.options;
  if (options?.commitMessage) {
    const unnamed = files.filter((file) => !options.commitMessage.includes(file));
    options.commitMessage += unnamed.length ? ` (${unnamed.join(", ")}; by ${login})` : ` (by ${login})`;
  }
  Object.assign(process.env, {
    GIT_AUTHOR_NAME: login,
    GIT_AUTHOR_EMAIL: `${login}@editor.invalid`,
    GIT_COMMITTER_NAME: "Site editor",
    GIT_COMMITTER_EMAIL: "editor@editor.invalid",
  });
  const done = () => {
    for (const name of ["GIT_AUTHOR_NAME", "GIT_AUTHOR_EMAIL", "GIT_COMMITTER_NAME", "GIT_COMMITTER_EMAIL"])
      delete process.env[name];
    release();
  };
  response.once("finish", done);
  response.once("close", done);
}
