// npm run serve:nginx: serves the built public/ with Debian's nginx and deploy/nginx/,
// on 127.0.0.1:$PORT (8080), in the foreground, compressing on the fly (the browser
// tests run against it). SITE_ROOT serves another copy of a build (the audit's --floor).
// `npm run host` serves precompressed releases instead.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { BROTLI_FILTER, NGINX, hasModule, writeNginxConf } from "../server/lib/nginx";

const root = path.resolve(__dirname, "..");
const port = Number(process.env.PORT ?? 8080);
const siteRoot = path.resolve(process.env.SITE_ROOT ?? path.join(root, "public"));

if (!fs.existsSync(path.join(siteRoot, "index.html"))) {
  console.error(`No build in ${siteRoot}: run \`npm run build\` first.`);
  process.exit(1);
}
if (!fs.existsSync(NGINX)) {
  console.error(`No nginx at ${NGINX}: install Debian's package (apt-get install nginx-light) or set NGINX.`);
  process.exit(1);
}

const brotli = hasModule(BROTLI_FILTER);
const temp = fs.mkdtempSync(path.join(os.tmpdir(), "nginx-site-"));
const args = writeNginxConf(
  temp,
  `  server {
    listen 127.0.0.1:${port};
    root ${siteRoot};
    include snippets/site/site.conf;
    include snippets/site/admin.conf;
    ${brotli ? "include snippets/site/brotli.conf;" : "# no brotli module here"}
  }`,
  brotli ? [BROTLI_FILTER] : [],
);
console.log(`nginx: http://127.0.0.1:${port}/ (gzip${brotli ? " and brotli" : ""}); Ctrl+C stops it`);
const server = spawn(NGINX, args, { stdio: "inherit" });
const stop = () => server.kill("SIGQUIT");
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
server.on("exit", (code) => {
  fs.rmSync(temp, { recursive: true, force: true });
  process.exit(code ?? 0);
});
