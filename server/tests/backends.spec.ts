// What nginx (deploy/nginx/, as installed) passes to the services behind it. Staff type
// their password for nginx; only the login check may see it: the enquiry service is told
// who logged in with a secret of its own, never the password (issue 52, finding 2).
// nginx listens on a socket file and the stand-in backend on port 0, which records each
// request's path and headers and answers the login check as the editor does.
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

interface Seen {
  path: string;
  headers: http.IncomingHttpHeaders;
}

let dir: string;
let backend: http.Server;
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
    if (request.url === "/auth") response.writeHead(204, { "X-Editor-Login": LOGIN });
    else response.writeHead(200, { "Content-Type": "text/plain" });
    response.end();
  });
  await new Promise<void>((resolve) => backend.listen(0, "127.0.0.1", resolve));
  const { port } = backend.address() as net.AddressInfo;
  const empty = path.join(dir, "empty.json");
  fs.writeFileSync(empty, "{}");
  const args = writeNginxConf(
    path.join(dir, "nginx"),
    `${snippet("editor-http.conf").replace("127.0.0.1:8091", `127.0.0.1:${port}`)}
  ${snippet("enquiry-http.conf").replace("127.0.0.1:8092", `127.0.0.1:${port}`)}
  map $host $editor_proxy_secret { default "editor-secret"; }
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
  await expect.poll(() => ask("GET", "/admin/enquiries/", {}).catch(() => 0), { timeout: 30_000 }).toBe(200);
  seen.length = 0;
});

test.afterAll(async () => {
  nginx?.kill();
  await new Promise((resolve) => backend?.close(resolve));
  fs.rmSync(dir, { recursive: true, force: true });
});

test("the staff's enquiries: the service is told the login with its secret, and never sees the password", async () => {
  expect(await ask("GET", "/admin/enquiries/", { Authorization: BASIC, Host: "site.test" })).toBe(200);
  const [check, page] = seen.splice(0);
  // The login check (the one service that reads the logins file) gets the password.
  expect(check).toMatchObject({ path: "/auth", headers: { authorization: BASIC } });
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
