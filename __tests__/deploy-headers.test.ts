import fs from "node:fs";
import path from "node:path";
import {
  adminPolicy,
  gatsbyHeaders,
  headersIn,
  IMMUTABLE,
  mapOrigin,
  pageHeaders,
  pagePolicy,
  publicPolicy,
  securityHeaders,
} from "../deploy/headers";

const nginxDir = path.resolve(__dirname, "../deploy/nginx");
const directives = (policy: string) =>
  Object.fromEntries(policy.split("; ").map((d) => [d.split(" ")[0], d.slice(d.indexOf(" ") + 1)]));

describe("the headers, stated once in deploy/nginx/", () => {
  it("reads every header of the snippets", () => {
    expect(Object.keys(securityHeaders)).toEqual([
      "X-Content-Type-Options",
      "Referrer-Policy",
      "Permissions-Policy",
      "X-Frame-Options",
      "Strict-Transport-Security",
      "Cross-Origin-Opener-Policy",
    ]);
    expect(directives(publicPolicy)["default-src"]).toBe("'self'");
    expect(directives(adminPolicy)["script-src"]).toContain("'unsafe-eval'");
    expect(headersIn("brotli.conf")).toEqual({});
  });

  it("site.conf sends the security headers and one policy from every location", () => {
    const site = fs.readFileSync(path.join(nginxDir, "site.conf"), "utf8");
    const locations = site.split(/^location /m).slice(1);
    // Locations that only redirect or refuse hand over to one that sends the headers.
    for (const block of locations.filter((b) => !/^[^{]*\{\s*return [^;]*;\s*\}/.test(b))) {
      expect(block).toContain("include snippets/site/security-headers.conf;");
      expect(block.match(/include snippets\/site\/(public|admin)-policy\.conf;/g)).toHaveLength(1);
    }
    expect(locations.length).toBeGreaterThanOrEqual(4);
  });

  it("gives Gatsby the same headers as nginx", () => {
    const [all, statics, admin] = gatsbyHeaders;
    expect(Object.fromEntries(all.headers.map((h) => [h.key, h.value]))).toEqual(pageHeaders);
    expect(statics).toEqual({ source: "/static/*", headers: [{ key: "Cache-Control", value: IMMUTABLE }] });
    expect(admin.headers.find((h) => h.key === "Content-Security-Policy")?.value).toBe(adminPolicy);
  });

  it("the server's policy names no content: https frames, never framed itself", () => {
    expect(directives(publicPolicy)).toMatchObject({
      "frame-src": "https:",
      "frame-ancestors": "'none'",
      "script-src": "'self'",
    });
  });

  it("a page's own policy frames exactly its map's host, and is otherwise the server's", () => {
    const page = directives(pagePolicy("https://maps.acme.test/embed?q=plant"));
    expect(page["frame-src"]).toBe("https://maps.acme.test");
    // A <meta> policy cannot say frame-ancestors; the header does.
    expect(page["frame-ancestors"]).toBeUndefined();
    const { "frame-src": _server, "frame-ancestors": _ancestors, ...rest } = directives(publicPolicy);
    const { "frame-src": _page, ...pageRest } = page;
    expect(pageRest).toEqual(rest);
  });

  it.each(["http://maps.acme.test/embed", "javascript:alert(1)", "maps.acme.test", "", null])(
    "frames nothing for a map address that is not https: %j",
    (url) => {
      expect(mapOrigin(url)).toBe("'none'");
      expect(directives(pagePolicy(url))["frame-src"]).toBe("'none'");
    },
  );
});
