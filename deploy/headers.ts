// The headers the site is served with, read from the nginx snippets in deploy/nginx/
// (the one place they are stated, as plain files an operator can edit). Node only: the
// Gatsby configuration hands them to Gatsby's `headers` option (hosts with an adapter),
// gatsby-ssr.tsx writes each page's own policy from them, and the tests compare what is
// served with them. Sources: Gatsby's caching guide, OWASP secure headers.
import fs from "node:fs";
import path from "node:path";

// From the project folder, where every caller runs (npm scripts, Gatsby, jest,
// Playwright): inside Gatsby's server-rendering bundle __dirname is not this folder.
const NGINX_DIR = path.join(process.cwd(), "deploy", "nginx");

/** The `add_header Name "value" always;` lines of a snippet, as { Name: value }. */
export function headersIn(snippet: string): Record<string, string> {
  const text = fs.readFileSync(path.join(NGINX_DIR, snippet), "utf8");
  const headers: Record<string, string> = {};
  for (const [, name, value] of text.matchAll(/^\s*add_header\s+(\S+)\s+"((?:[^"\\]|\\.)*)"\s+always;/gm)) {
    headers[name] = value.replace(/\\"/g, '"');
  }
  return headers;
}

export const securityHeaders = headersIn("security-headers.conf");
export const publicPolicy = headersIn("public-policy.conf")["Content-Security-Policy"];
export const adminPolicy = headersIn("admin-policy.conf")["Content-Security-Policy"];

/** HTML, page-data, the editor and anything without a hash in its name. */
export const REVALIDATE = "public, max-age=0, must-revalidate";
/** webpack's hashed JS and CSS, and /static/ (hashed names): kept a year. */
export const IMMUTABLE = "public, max-age=31536000, immutable";

/** Headers on every public response, and the editor's that replace the policy. */
export const pageHeaders = { ...securityHeaders, "Content-Security-Policy": publicPolicy };
export const adminHeaders = { "Content-Security-Policy": adminPolicy, "Cache-Control": REVALIDATE };

/** The origin a map address may be framed from: https only; anything else frames nothing. */
export function mapOrigin(embedUrl: string | null | undefined): string {
  try {
    const url = new URL(embedUrl ?? "");
    return url.protocol === "https:" ? url.origin : "'none'";
  } catch {
    return "'none'";
  }
}

/**
 * The public policy for pages served from a CDN: the quote form posts to the server's own
 * address (`serverUrl`, GATSBY_SERVER_URL), with JavaScript (connect-src) or without
 * (form-action). Unchanged without one.
 */
export function withServer(policy: string, serverUrl: string | null | undefined): string {
  if (!serverUrl) return policy;
  const origin = new URL(serverUrl).origin;
  return policy
    .split(/;\s*/)
    .map((directive) => (/^(form-action|connect-src) /.test(directive) ? `${directive} ${origin}` : directive))
    .join("; ");
}

/**
 * A page's own policy, for its <meta http-equiv>: the server's, naming the one host the
 * page frames (its build's map) instead of any https host, and the server's address when
 * pages are served from a CDN. A <meta> policy cannot carry frame-ancestors; the header
 * keeps it.
 */
export const pagePolicy = (mapEmbedUrl: string | null | undefined, serverUrl?: string | null) =>
  withServer(publicPolicy, serverUrl)
    .split(/;\s*/)
    .filter((directive) => !directive.startsWith("frame-ancestors"))
    .map((directive) => (directive.startsWith("frame-src ") ? `frame-src ${mapOrigin(mapEmbedUrl)}` : directive))
    .join("; ");

/** What a CDN in front of the mirror must add to every answer (its header rule): sitectl mirror headers. */
export const cdnHeaders = (serverUrl: string) => ({
  ...securityHeaders,
  "Content-Security-Policy": withServer(publicPolicy, serverUrl),
});

type Headers = { key: string; value: string }[];
const list = (headers: Record<string, string>): Headers =>
  Object.entries(headers).map(([key, value]) => ({ key, value }));

/**
 * For Gatsby's `headers` option. Gatsby already sends REVALIDATE for pages and
 * page-data and IMMUTABLE for the hashed JS and CSS it wrote, so only /static/ is named.
 */
export const gatsbyHeaders = [
  { source: "/*", headers: list(pageHeaders) },
  { source: "/static/*", headers: list({ "Cache-Control": IMMUTABLE }) },
  { source: "/admin/*", headers: list(adminHeaders) },
];
