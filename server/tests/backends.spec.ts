// What nginx (deploy/nginx/, as installed) passes to the services behind it. Staff type
// their password for nginx; only the login check may see it: the editor and the enquiry
// service are told who logged in, each with a secret of its own, never the password
// (issue 52, findings 1 and 2). nginx listens on a socket file, the stand-in login check on
// another (as systemd's), and the stand-in backend on port 0; both record each request's
// path and headers, and the login check answers as server/login/ does.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import type net from "node:net";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { NGINX, snippet, writeNginxConf } from "../lib/nginx";

const LOGIN = "sales-desk";
const PASSWORD = "correct horse battery";
const BASIC = `Basic ${Buffer.from(`${LOGIN}:${PASSWORD}`).toString("base64")}`;
const STAFF_SECRET = "staff-secret-for-the-enquiry-service";
const EDITOR_SECRET = "staff-secret-for-the-editor";

interface Seen {
  path: string;
  headers: http.IncomingHttpHeaders;
}

let dir: string;
let backend: http.Server;
let login: http.Server;
let nginx: ChildProcess;
const seen: Seen[] = [];
const socket = () => path.join(dir, "nginx.sock");

/** A request to nginx's socket, as a browser with the staff's login would send it. */
function ask(method: string, route: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.request({ socketPath: socket(), method, path: route, headers }, (response) => {
      response.resume();
      response.on("end", () => resolve(response.statusCode ?? 0));
    });
    request.on("error", reject);
    request.end(method === "POST" ? "name=A" : undefined);
  });
}

test.beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "backends-"));
  backend = http.createServer((request, response) => {
    seen.push({ path: request.url ?? "", headers: request.headers });
    request.resume();
    response.writeHead(200, { "Content-Type": "text/plain" }).end();
  });
  login = http.createServer((request, response) => {
    seen.push({ path: `login:${request.url}`, headers: request.headers });
    request.resume();
    const good = request.url === "/auth" && request.headers.authorization === BASIC;
    response.writeHead(good ? 204 : 401, good ? { "X-Staff-Login": LOGIN } : {}).end();
  });
  await new Promise<void>((resolve) => backend.listen(0, "127.0.0.1", resolve));
  await new Promise<void>((resolve) => login.listen(path.join(dir, "login.sock"), resolve));
  // nginx's workers run as another user when the tests run as root (systemd gives them the group).
  fs.chmodSync(dir, 0o755);
  fs.chmodSync(path.join(dir, "login.sock"), 0o666);
  const { port } = backend.address() as net.AddressInfo;
  const empty = path.join(dir, "empty.json");
  fs.writeFileSync(empty, "{}");
  const args = writeNginxConf(
    path.join(dir, "nginx"),
    `${snippet("editor-http.conf")
      .replace("127.0.0.1:8091", `127.0.0.1:${port}`)
      .replace("unix:/run/anodising-login.sock", `unix:${path.join(dir, "login.sock")}`)}
  ${snippet("enquiry-http.conf").replace("127.0.0.1:8092", `127.0.0.1:${port}`)}
  map $host $editor_proxy_secret { default "${EDITOR_SECRET}"; }
  map $host $enquiry_staff_secret { default "${STAFF_SECRET}"; }
  server {
    listen unix:${socket()};
    root ${dir};
    set $publisher_status ${empty};
    set $enquiry_status ${empty};
    set $server_problems ${empty};
    set $report_dir ${dir};
    include snippets/site/editor.conf;
    include snippets/site/enquiry.conf;
  }`,
    [],
  );
  nginx = spawn(NGINX, args, { stdio: ["ignore", "inherit", "inherit"] });
  // nginx is up once its socket answers.
  await expect
    .poll(() => ask("GET", "/admin/enquiries/", { Authorization: BASIC }).catch(() => 0), { timeout: 30_000 })
    .toBe(200);
  seen.length = 0;
});

test.afterAll(async () => {
  nginx?.kill();
  await new Promise((resolve) => backend?.close(resolve));
  await new Promise((resolve) => login?.close(resolve));
  fs.rmSync(dir, { recursive: true, force: true });
});

test("the staff's enquiries: the service is told the login with its secret, and never sees the password", async () => {
  expect(await ask("GET", "/admin/enquiries/", { Authorization: BASIC, Host: "site.test" })).toBe(200);
  const [check, page] = seen.splice(0);
  // The login check (the one service that reads the logins file) gets the password.
  expect(check).toMatchObject({ path: "login:/auth", headers: { authorization: BASIC } });
  expect(page.path).toBe("/admin/enquiries/");
  expect(page.headers["x-staff-login"]).toBe(LOGIN);
  expect(page.headers["x-staff-secret"]).toBe(STAFF_SECRET);
  expect(page.headers.authorization).toBeUndefined();
});

test("a staff button (a POST) reaches the enquiry service without the password", async () => {
  const status = await ask("POST", "/admin/enquiries/handled", {
    Authorization: BASIC,
    Host: "site.test",
    Origin: "http://site.test",
    "Content-Type": "application/x-www-form-urlencoded",
  });
  expect(status).toBe(200);
  const page = seen.splice(0).find((request) => request.path === "/admin/enquiries/handled")!;
  expect(page.headers.authorization).toBeUndefined();
});

test("the quote form: a header a visitor's browser sends as Authorization goes no further than nginx", async () => {
  const status = await ask("POST", "/api/enquiry", {
    Authorization: BASIC,
    Host: "site.test",
    "Content-Type": "application/x-www-form-urlencoded",
  });
  expect(status).toBe(200);
  const [form] = seen.splice(0);
  expect(form.path).toBe("/api/enquiry");
  expect(form.headers.authorization).toBeUndefined();
});

test("without a good login nothing reaches a backend: the login check's 401 goes back to the browser", async () => {
  expect(await ask("GET", "/admin/history/", { Host: "site.test" })).toBe(401);
  expect(await ask("POST", "/api/v1", { Host: "site.test", "Content-Type": "application/json" })).toBe(401);
  expect(seen.splice(0).map((request) => request.path)).toEqual(["login:/auth", "login:/auth"]);
});

for (const [method, route] of [
  ["POST", "/api/v1"],
  ["GET", "/admin/history/"],
  ["POST", "/admin/history/undo"],
] as const) {
  test(`the editor (${method} ${route}) is told the login with its own secret, never the password`, async () => {
    // A browser's own X-Staff-* headers are replaced by nginx's.
    const status = await ask(method, route, {
      Authorization: BASIC,
      Host: "site.test",
      "Content-Type":
        method === "POST" && route === "/api/v1" ? "application/json" : "application/x-www-form-urlencoded",
      "X-Staff-Login": "someone-else",
      "X-Staff-Secret": EDITOR_SECRET,
    });
    expect(status).toBe(200);
    const [check, request] = seen.splice(0);
    expect(check.path).toBe("login:/auth");
    expect(request.path).toBe(route);
    expect(request.headers["x-staff-login"]).toBe(LOGIN);
    expect(request.headers["x-staff-secret"]).toBe(EDITOR_SECRET);
    expect(request.headers.authorization).toBeUndefined();
  });
}
