// nginx as `npm run host` and `npm run serve:nginx` run it: Debian's binary, in the
// foreground, with its pid and temporary files under `prefix`, and deploy/nginx/
// linked where a Debian server keeps it (snippets/site/ beside nginx.conf).
import fs from "node:fs";
import path from "node:path";

export const NGINX = process.env.NGINX ?? "/usr/sbin/nginx";
/** Debian's libnginx-mod-http-brotli-filter and libnginx-mod-http-brotli-static. */
export const BROTLI_FILTER = "/usr/lib/nginx/modules/ngx_http_brotli_filter_module.so";
export const BROTLI_STATIC = "/usr/lib/nginx/modules/ngx_http_brotli_static_module.so";
/** nginx's own table of types, and the ones it lacks that the site serves. */
export const MIME_TYPES = "/etc/nginx/mime.types";
export const EXTRA_TYPES = "types { text/yaml yml yaml; application/manifest+json webmanifest; }";
const SNIPPETS = path.resolve(__dirname, "..", "..", "deploy", "nginx");

export const hasModule = (module: string) => fs.existsSync(module);

/** A snippet of deploy/nginx/, for lines that belong in the http context. */
export const snippet = (name: string) => fs.readFileSync(path.join(SNIPPETS, name), "utf8");

/** Writes `prefix`/nginx.conf around one server block; returns nginx's arguments. */
export function writeNginxConf(prefix: string, server: string, modules: string[]): string[] {
  fs.mkdirSync(path.join(prefix, "snippets"), { recursive: true });
  const link = path.join(prefix, "snippets", "site");
  fs.rmSync(link, { force: true });
  fs.symlinkSync(SNIPPETS, link);
  const conf = `${modules.map((module) => `load_module ${module};\n`).join("")}daemon off;
worker_processes 1;
pid ${prefix}/nginx.pid;
error_log stderr warn;
events { worker_connections 512; }
http {
  include ${MIME_TYPES};
  ${EXTRA_TYPES}
  default_type application/octet-stream;
  access_log off;
  sendfile on;
  client_body_temp_path ${prefix}/body;
  proxy_temp_path ${prefix}/proxy;
  fastcgi_temp_path ${prefix}/fastcgi;
  uwsgi_temp_path ${prefix}/uwsgi;
  scgi_temp_path ${prefix}/scgi;
${server}
}
`;
  fs.writeFileSync(path.join(prefix, "nginx.conf"), conf);
  return ["-p", prefix, "-c", path.join(prefix, "nginx.conf")];
}
