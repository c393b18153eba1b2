// The HTTP headers the site is served with, stated once. gatsby-config.ts hands them to
// Gatsby's `headers` option (hosts with an adapter); deploy/nginx.ts writes them into
// deploy/nginx/ for nginx. Sources: Gatsby's caching guide, OWASP secure headers.
//
// The map's host is content (content/site.yaml), so it is not in any header: the header
// allows https frames in general and says what only a header can (frame-ancestors);
// each page carries a <meta> policy naming the exact map host of the build it belongs
// to. The browser enforces both, so a page frames its own map and nothing else, and a
// new release can move the map without touching the server.

/** The origin a map address may be framed from: https only, anything else frames nothing. */
export function mapOrigin(embedUrl: string | null | undefined): string {
  try {
    const url = new URL(embedUrl ?? "");
    return url.protocol === "https:" ? url.origin : "'none'";
  } catch {
    return "'none'";
  }
}

const policy = (directives: Record<string, string>) =>
  Object.entries(directives)
    .map(([name, value]) => `${name} ${value}`)
    .join("; ");

/** Public pages: nothing inline runs (the build moves Gatsby's inline scripts to files). */
const publicDirectives = (frames: string) => ({
  "default-src": "'self'",
  "script-src": "'self'",
  // Gatsby inlines the CSS in <style>, and images set their placeholder colour inline.
  "style-src": "'self' 'unsafe-inline'",
  "img-src": "'self' data:",
  "font-src": "'self'",
  "connect-src": "'self'",
  "frame-src": frames,
  "manifest-src": "'self'",
  "object-src": "'none'",
  "base-uri": "'self'",
  "form-action": "'self'",
});

/** The server's header for public pages: any https frame, never framed itself. */
export const publicPolicy = policy({ ...publicDirectives("https:"), "frame-ancestors": "'none'" });

/**
 * The same policy as a page's <meta http-equiv>, naming the one host it frames (the map
 * of that build's content). A <meta> policy cannot carry frame-ancestors; the header does.
 */
export const pagePolicy = (mapEmbedUrl: string | null | undefined) => policy(publicDirectives(mapOrigin(mapEmbedUrl)));

/**
 * /admin: Decap's bundle compiles its form validators at run time ('unsafe-eval'),
 * styles with emotion, previews uploads as blob: images, runs WebAssembly, and talks to
 * decap-server on the editor's own machine, on any port (or to GitHub when a hosted
 * backend is on).
 */
export const adminPolicy = policy({
  "default-src": "'self'",
  "script-src": "'self' 'unsafe-eval' 'wasm-unsafe-eval'",
  "style-src": "'self' 'unsafe-inline'",
  "img-src": "'self' data: blob: https://avatars.githubusercontent.com",
  "font-src": "'self' data:",
  "connect-src": "'self' http://localhost:* https://api.github.com",
  "frame-src": "'self' blob:",
  "media-src": "'self' blob:",
  "object-src": "'none'",
  "base-uri": "'self'",
  "frame-ancestors": "'none'",
});

/** Sent with every response. */
export const securityHeaders = {
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=()",
  "X-Frame-Options": "DENY",
  "Strict-Transport-Security": "max-age=31536000; includeSubDomains",
  "Cross-Origin-Opener-Policy": "same-origin",
};

/** HTML, page-data, the editor and anything without a hash in its name. */
export const REVALIDATE = "public, max-age=0, must-revalidate";
/** webpack's hashed JS and CSS, and /static/ (hashed names): kept a year. */
export const IMMUTABLE = "public, max-age=31536000, immutable";

type Headers = { key: string; value: string }[];
const list = (headers: Record<string, string>): Headers =>
  Object.entries(headers).map(([key, value]) => ({ key, value }));

/** Headers on every response, and the editor's policy that replaces the public one. */
export const pageHeaders = {
  ...securityHeaders,
  "Content-Security-Policy": publicPolicy,
};
export const adminHeaders = { "Content-Security-Policy": adminPolicy, "Cache-Control": REVALIDATE };

/**
 * For Gatsby's `headers` option. Gatsby already sends REVALIDATE for pages and
 * page-data and IMMUTABLE for the hashed JS and CSS it wrote, so only /static/ is named.
 */
export const gatsbyHeaders = [
  { source: "/*", headers: list(pageHeaders) },
  { source: "/static/*", headers: list({ "Cache-Control": IMMUTABLE }) },
  { source: "/admin/*", headers: list(adminHeaders) },
];
