// Writes deploy/nginx/site.conf from deploy/headers.ts: the same headers as Gatsby's
// `headers` option, for nginx. `npm run nginx:config` rewrites it; a unit test checks
// the committed file is current.
import { adminHeaders, IMMUTABLE, pageHeaders, REVALIDATE } from "./headers";

/** Types nginx compresses (text-like); images and fonts are compressed already. */
export const COMPRESSED_TYPES =
  "text/css application/javascript application/json application/xml image/svg+xml text/plain application/manifest+json text/yaml";

const quote = (value: string) => `"${value.replace(/"/g, '\\"')}"`;

// add_header in a location replaces the server's, so each location repeats them all.
// `always` sends them with the 404 page and redirects too.
const headerLines = (headers: Record<string, string>) =>
  Object.entries(headers).map(([name, value]) => `  add_header ${name} ${quote(value)} always;`);

function location(match: string, headers: Record<string, string>, body: string[]) {
  return [`location ${match} {`, ...headerLines(headers), ...body.map((line) => `  ${line}`), "}"].join("\n");
}

/** Directives for a `server { root <public>; include site.conf; }` block. */
export function nginxSiteConfig(): string {
  const page = pageHeaders;
  return `# Written by \`npm run nginx:config\` from deploy/headers.ts: do not edit.
# Include it in a server block whose root is the built public/ folder:
#   server { listen 443 ssl; root /srv/site/public; include /srv/site/deploy/nginx/site.conf; }

charset utf-8;
server_tokens off;
absolute_redirect off;
index index.html;
# Unknown paths: status 404 with the site's own 404 page.
error_page 404 /404.html;

gzip on;
gzip_vary on;
gzip_comp_level 6;
gzip_min_length 256;
gzip_types ${COMPRESSED_TYPES};

# Pages and page-data: revalidated on every visit. /hard_anodizing and /hard_anodizing/
# are both answered from hard_anodizing/index.html, without a redirect.
${location("/", { ...page, "Cache-Control": REVALIDATE }, ["try_files $uri $uri/index.html $uri.html =404;"])}

# Files whose names carry a hash of their content: kept a year.
${location("/static/", { ...page, "Cache-Control": IMMUTABLE }, ["try_files $uri =404;"])}
${location('~ "^/[^/]+\\.(js|css)$"', { ...page, "Cache-Control": IMMUTABLE }, ["try_files $uri =404;"])}

# The editor: its own, looser policy; never cached for long.
location = /admin {
  return 301 /admin/;
}
${location("/admin/", { ...page, ...adminHeaders }, ["try_files $uri $uri/index.html =404;"])}
`;
}

/** Where Debian's libnginx-mod-http-brotli-filter puts the module. */
export const BROTLI_MODULE = "/usr/lib/nginx/modules/ngx_http_brotli_filter_module.so";

/** Brotli, for servers with Debian's libnginx-mod-http-brotli-filter. */
export const brotliConfig = `brotli on;\nbrotli_comp_level 5;\nbrotli_types ${COMPRESSED_TYPES};\n`;
