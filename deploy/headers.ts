// The HTTP headers the site is served with, stated once. gatsby-config.ts hands them to
// Gatsby's `headers` option (hosts with an adapter); deploy/nginx.ts writes them into
// deploy/nginx/ for nginx. Sources: Gatsby's caching guide, OWASP secure headers.

/** Hosts outside the site that pages may use: only the footer's map, in an iframe. */
export interface PolicyHosts {
  map: string;
}

const policy = (directives: Record<string, string>) =>
  Object.entries(directives)
    .map(([name, value]) => `${name} ${value}`)
    .join("; ");

/** Public pages: nothing inline runs (the build moves Gatsby's inline scripts to files). */
export const publicPolicy = ({ map }: PolicyHosts) =>
  policy({
    "default-src": "'self'",
    "script-src": "'self'",
    // Gatsby inlines the CSS in <style>, and images set their placeholder colour inline.
    "style-src": "'self' 'unsafe-inline'",
    "img-src": "'self' data:",
    "font-src": "'self'",
    "connect-src": "'self'",
    "frame-src": map,
    "manifest-src": "'self'",
    "object-src": "'none'",
    "base-uri": "'self'",
    "form-action": "'self'",
    "frame-ancestors": "'none'",
  });

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
export const pageHeaders = (hosts: PolicyHosts) => ({
  ...securityHeaders,
  "Content-Security-Policy": publicPolicy(hosts),
});
export const adminHeaders = { "Content-Security-Policy": adminPolicy, "Cache-Control": REVALIDATE };

/**
 * For Gatsby's `headers` option. Gatsby already sends REVALIDATE for pages and
 * page-data and IMMUTABLE for the hashed JS and CSS it wrote, so only /static/ is named.
 */
export const gatsbyHeaders = (hosts: PolicyHosts) => [
  { source: "/*", headers: list(pageHeaders(hosts)) },
  { source: "/static/*", headers: list({ "Cache-Control": IMMUTABLE }) },
  { source: "/admin/*", headers: list(adminHeaders) },
];
