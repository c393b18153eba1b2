// npm run serve:nginx: serves the built public/ with Debian's nginx and deploy/nginx/,
// on 127.0.0.1:$PORT (8080), in the foreground. deploy/nginx/ is linked where a Debian
// server keeps it (snippets/site/ beside nginx.conf), and everything nginx writes (pid,
// temporary files) goes to a temporary folder.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { BROTLI_MODULE } from "./lib/nginx";

const root = path.resolve(__dirname, "..");
const port = Number(process.env.PORT ?? 8080);
const nginx = process.env.NGINX ?? "/usr/sbin/nginx";
const MIME_TYPES = "/etc/nginx/mime.types";

if (!fs.existsSync(path.join(root, "public", "index.html"))) {
  console.error("No build in public/: run `npm run build` first.");
  process.exit(1);
}
if (!fs.existsSync(nginx)) {
  console.error(`No nginx at ${nginx}: install Debian's package (apt-get install nginx-light) or set NGINX.`);
  process.exit(1);
}

const brotli = fs.existsSync(BROTLI_MODULE);
const temp = fs.mkdtempSync(path.join(os.tmpdir(), "nginx-site-"));
fs.mkdirSync(path.join(temp, "snippets"));
fs.symlinkSync(path.join(root, "deploy", "nginx"), path.join(temp, "snippets", "site"));
const conf = `${brotli ? `load_module ${BROTLI_MODULE};\n` : ""}daemon off;
worker_processes 1;
pid ${temp}/nginx.pid;
error_log stderr warn;
events { worker_connections 256; }
http {
  include ${MIME_TYPES};
  types { text/yaml yml yaml; application/manifest+json webmanifest; }
  default_type application/octet-stream;
  access_log off;
  sendfile on;
  client_body_temp_path ${temp}/body;
  proxy_temp_path ${temp}/proxy;
  fastcgi_temp_path ${temp}/fastcgi;
  uwsgi_temp_path ${temp}/uwsgi;
  scgi_temp_path ${temp}/scgi;
  server {
    listen 127.0.0.1:${port};
    root ${path.join(root, "public")};
    include snippets/site/site.conf;
    ${brotli ? "include snippets/site/brotli.conf;" : "# no brotli module here"}
  }
}
`;
fs.writeFileSync(path.join(temp, "nginx.conf"), conf);
console.log(`nginx: http://127.0.0.1:${port}/ (gzip${brotli ? " and brotli" : ""}); Ctrl+C stops it`);
const server = spawn(nginx, ["-p", temp, "-c", path.join(temp, "nginx.conf")], { stdio: "inherit" });
const stop = () => server.kill("SIGQUIT");
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
server.on("exit", (code) => {
  fs.rmSync(temp, { recursive: true, force: true });
  process.exit(code ?? 0);
});
