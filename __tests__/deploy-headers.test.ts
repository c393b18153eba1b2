import fs from "node:fs";
import path from "node:path";
import { gatsbyHeaders, IMMUTABLE, mapOrigin, pageHeaders, pagePolicy, publicPolicy } from "../deploy/headers";
import { brotliConfig, nginxSiteConfig } from "../deploy/nginx";

const root = path.resolve(__dirname, "..");
const directives = (policy: string) =>
  Object.fromEntries(policy.split("; ").map((d) => [d.split(" ")[0], d.slice(d.indexOf(" ") + 1)]));

describe("the headers, stated once in deploy/headers.ts", () => {
  it("deploy/nginx/ is current (npm run nginx:config rewrites it)", () => {
    expect(fs.readFileSync(path.join(root, "deploy/nginx/site.conf"), "utf8")).toBe(nginxSiteConfig());
    expect(fs.readFileSync(path.join(root, "deploy/nginx/brotli.conf"), "utf8")).toBe(brotliConfig);
  });

  it("gives Gatsby the same headers as nginx", () => {
    const [all, statics] = gatsbyHeaders;
    expect(Object.fromEntries(all.headers.map((h) => [h.key, h.value]))).toEqual(pageHeaders);
    expect(statics).toEqual({ source: "/static/*", headers: [{ key: "Cache-Control", value: IMMUTABLE }] });
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
