// `npm run host`: in the foreground, everything the company's server runs (the systemd
// units and nginx server block in deploy/ do the same there):
//   - nginx on 127.0.0.1:$PORT (8080), serving HOST_DIR/live with deploy/nginx/;
//   - the publisher (server/publisher/), turning each commit on `main` in HOST_DIR/repo
//     into a live release;
//   - the staff login check (server/login/) on HOST_DIR/login.sock, which nginx asks
//     before every staff request (`npm run editors:add -- NAME` adds a login);
//   - the editor's backend (server/editor/) on 127.0.0.1:$EDITOR_PORT (8091), reached
//     through nginx at /api/v1 and /admin/history/ with the login nginx was told;
//   - the enquiry service (server/enquiry/) on 127.0.0.1:$ENQUIRY_PORT (8092), at
//     /api/enquiry, mailing through SMTP_URL (default: `npm run mail:catch`'s port).
// The four services are restarted if they die, as systemd's Restart= would. nginx writes
// the visits log to HOST_DIR/visits; `npm run report` builds the owner's report from it
// into HOST_DIR/report, served at /admin/report/.
// HOST_DIR (default .host/ in this checkout, git-ignored) holds all the server's state.
// On first start the publisher clones HOST_DIR/repo from this checkout's HEAD, on main.
import crypto from "node:crypto";
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { BROTLI_FILTER, BROTLI_STATIC, NGINX, hasModule, snippet, writeNginxConf } from "./lib/nginx";
import { ensureRepo } from "./publisher/repo";
import { LOCAL_ENQUIRY_TO, readEnquirySettings } from "./enquiry/settings";
import { Spool } from "./enquiry/spool";
import { APP_DIR, hostPaths, readSettings } from "./lib/settings";

const settings = readSettings();
const paths = hostPaths(settings.hostDir);
// The operator's address for enquiries on a server (ENQUIRY_TO); a stand-in here.
process.env.ENQUIRY_TO ||= LOCAL_ENQUIRY_TO;
const enquiry = readEnquirySettings();
const port = Number(process.env.PORT ?? 8080);
/** The visits log and the owner's report, beside the publisher's state (REPORT_DIR, VISITS_LOG_DIR). */
const visitsLogDir = process.env.VISITS_LOG_DIR ?? path.join(paths.hostDir, "visits");
const reportDir = process.env.REPORT_DIR ?? path.join(paths.hostDir, "report");
/** nginx's secret for the editor (as deploy/configure makes one), new at each start. */
const PROXY_SECRET = crypto.randomBytes(24).toString("base64url");
process.env.EDITOR_PROXY_SECRET = PROXY_SECRET;
/** nginx's secret for the staff's enquiries (ENQUIRY_STAFF_SECRET), another one: the editor does not know it. */
const STAFF_SECRET = crypto.randomBytes(24).toString("base64url");
process.env.ENQUIRY_STAFF_SECRET = STAFF_SECRET;
/** As systemd's RestartSec: a publisher that dies is started again after this long. */
const RESTART_MS = 1000;

function startNginx(): ChildProcess {
  const modules = [BROTLI_FILTER, BROTLI_STATIC].filter(hasModule);
  const brotli = modules.length === 2;
  const args = writeNginxConf(
    paths.nginx,
    `${snippet("editor-http.conf")
      .replace("127.0.0.1:8091", `127.0.0.1:${settings.editorPort}`)
      .replace("unix:/run/anodising-login.sock", `unix:${settings.loginSocket}`)}
  map $host $editor_proxy_secret { default "${PROXY_SECRET}"; }
  map $host $enquiry_staff_secret { default "${STAFF_SECRET}"; }
${snippet("enquiry-http.conf").replace("127.0.0.1:8092", `127.0.0.1:${enquiry.port}`)}
${snippet("access-log-http.conf")}
  server {
    listen 127.0.0.1:${port};
    root ${paths.live};
    set $publisher_status ${paths.status};
    set $enquiry_status ${new Spool(enquiry.dir).statusFile()};
    # The server's own checks (sitectl watch) run on the installed server only: none here.
    set $server_problems ${path.join(paths.hostDir, "no-server-checks.json")};
    # The owner's report (npm run report writes it there) and the visits log it reads.
    set $report_dir ${reportDir};
    access_log ${path.join(visitsLogDir, "access.log")} anonymised;
    include snippets/site/site.conf;
    include snippets/site/editor.conf;
    include snippets/site/enquiry.conf;
    ${brotli ? "include snippets/site/brotli.conf;\n    include snippets/site/precompressed.conf;" : "gzip_static on;"}
  }`,
    modules,
  );
  if (!brotli) console.warn("host: Debian's brotli modules are missing; serving gzip only");
  return spawn(NGINX, args, { stdio: "inherit" });
}

let stopping = false;
let nginx: ChildProcess | undefined;
const services = new Map<string, ChildProcess>();

/** Runs a Node service (publisher, login, editor, enquiry) and starts it again whenever it dies. */
function startService(name: string, script: string): void {
  const tsx = path.join(APP_DIR, "node_modules", ".bin", "tsx");
  const child = spawn(tsx, [path.join(__dirname, script)], { stdio: "inherit", env: process.env });
  services.set(name, child);
  child.on("exit", (code, signal) => {
    if (stopping) return;
    console.error(`host: the ${name} stopped (${signal ?? `exit ${code}`}); starting it again`);
    setTimeout(() => startService(name, script), RESTART_MS);
  });
}

function stop(): void {
  if (stopping) return;
  stopping = true;
  for (const child of services.values()) child.kill("SIGTERM");
  nginx?.kill("SIGQUIT");
}

async function main(): Promise<void> {
  if (!fs.existsSync(NGINX)) {
    console.error(
      `No nginx at ${NGINX}: install Debian's nginx-light and libnginx-mod-http-brotli-static, or set NGINX.`,
    );
    process.exit(1);
  }
  fs.mkdirSync(paths.state, { recursive: true });
  fs.mkdirSync(visitsLogDir, { recursive: true });
  // Before the editor starts: it works in this repository.
  await ensureRepo(paths);
  nginx = startNginx();
  nginx.on("exit", (code) => {
    if (!stopping) {
      console.error(`host: nginx stopped (exit ${code})`);
      stop();
      process.exitCode = 1;
    }
  });
  startService("publisher", "publisher/main.ts");
  startService("login", "login/main.ts");
  startService("editor", "editor/main.ts");
  startService("enquiry", "enquiry/main.ts");
  if (!fs.existsSync(settings.editorsFile)) {
    console.warn(`host: no editor logins yet (${settings.editorsFile}): add one with npm run editors:add -- NAME`);
  }
  console.log(`host: http://127.0.0.1:${port}/ serving ${paths.live}; the editor at /admin/; Ctrl+C stops`);
  if (!process.env.SMTP_URL) {
    console.log(`host: enquiries are mailed to ${enquiry.smtpUrl}: run npm run mail:catch to catch them as .eml files`);
  }
}

process.on("SIGINT", stop);
process.on("SIGTERM", stop);
main().catch((error) => {
  console.error("host:", error);
  stop();
  process.exitCode = 1;
});
