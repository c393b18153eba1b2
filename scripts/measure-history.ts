// `npm run measure:history`: how long a staff login check takes while 30 staff open the
// history of changes at once (issue 52, findings 1 and 10). The editor's backend runs in
// this process on a repository of the tests' fixture content with 40 changes, each history
// view describing them afresh; the login check runs as its own service (server/login/main.ts,
// on a unix socket, as on the server) and is asked one after another meanwhile. Prints the
// login check's median and slowest time, and how long the 30 views took.
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import YAML from "yaml";
import { editorApp } from "../server/editor/app";
import { hashPassword, writeLogins } from "../server/login/logins";

const VIEWS = 30;
const CHANGES = 40;
const FIXTURE = path.resolve(__dirname, "..", "__tests__", "fixtures", "content");
const PASSWORD = "correct horse battery";
const auth = { authorization: `Basic ${Buffer.from(`priya:${PASSWORD}`).toString("base64")}` };
/** What nginx passes the editor once the login check said yes. */
const SECRET = "measure-history";
const staff = { "x-staff-login": "priya", "x-staff-secret": SECRET };

/** One GET of the login check on its socket: its status. */
const askLogin = (socketPath: string) =>
  new Promise<number>((resolve, reject) => {
    http
      .get({ socketPath, path: "/auth", headers: auth }, (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      })
      .on("error", reject);
  });

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "measure-history-"));
  const repo = path.join(dir, "repo");
  fs.cpSync(FIXTURE, path.join(repo, "content"), { recursive: true });
  const git = (...args: string[]) => execFileSync("git", args, { cwd: repo, encoding: "utf8" });
  git("init", "-q", "-b", "main");
  const commit = (message: string) => {
    git("add", "--all");
    git("-c", "user.name=priya", "-c", "user.email=priya@editor.invalid", "commit", "-q", "-m", message);
  };
  commit("First content");
  const site = path.join(repo, "content", "site.yaml");
  for (let n = 0; n < CHANGES; n += 1) {
    const data = YAML.parse(fs.readFileSync(site, "utf8"));
    data.contacts[0].phone = `+91 20 ${4000 + n} 1234`;
    fs.writeFileSync(site, YAML.stringify(data));
    commit(`Change ${n}`);
  }
  const editors = path.join(dir, "editors");
  writeLogins(editors, new Map([["priya", hashPassword(PASSWORD)]]));
  const socket = path.join(dir, "login.sock");
  const login = spawn(path.join(__dirname, "..", "node_modules", ".bin", "tsx"), ["server/login/main.ts"], {
    cwd: path.join(__dirname, ".."),
    env: { ...process.env, EDITORS_FILE: editors, LOGIN_SOCKET: socket, LOGIN_STATE_DIR: dir },
    stdio: ["ignore", "pipe", "inherit"],
  });
  await new Promise<void>((resolve, reject) => {
    login.stdout!.on("data", (chunk: Buffer) => chunk.toString().includes("checking logins") && resolve());
    login.once("exit", (code) => reject(new Error(`the login check exited (${code})`)));
  });
  const editor = await editorApp({ repo, mode: "git", proxySecret: SECRET });
  const server = editor.app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const check = async () => {
    const started = performance.now();
    const status = await askLogin(socket);
    if (status !== 204) throw new Error(`login check answered ${status}`);
    return performance.now() - started;
  };
  await check(); // the password hashed once; the check after that is the one staff wait on

  // The views come from another process, as from nginx: this one's loop is the editor's.
  const started = performance.now();
  let viewing = true;
  const viewer = spawn(
    process.execPath,
    [
      "-e",
      `Promise.all(Array.from({ length: ${VIEWS} }, () => fetch(${JSON.stringify(`${base}/admin/history/`)}, { headers: ${JSON.stringify(staff)} }).then((r) => r.text())))`,
    ],
    { stdio: "inherit" },
  );
  const views = new Promise((resolve) => viewer.once("exit", resolve)).finally(() => (viewing = false));
  const times: number[] = [];
  while (viewing) times.push(await check());
  await views;
  const viewsMs = performance.now() - started;

  server.close();
  editor.close();
  // It writes its count of wrong passwords into `dir` as it stops: gone first.
  const stopped = new Promise((resolve) => login.once("exit", resolve));
  login.kill("SIGTERM");
  await stopped;
  fs.rmSync(dir, { recursive: true, force: true });
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)];
  console.log(
    `login check during ${VIEWS} history views of ${CHANGES} changes: median ${median.toFixed(1)} ms, slowest ${times[times.length - 1].toFixed(1)} ms (${times.length} checks); the views took ${(viewsMs / 1000).toFixed(1)} s`,
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
