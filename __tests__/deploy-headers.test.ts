import fs from "node:fs";
import path from "node:path";
import { gatsbyHeaders, IMMUTABLE, pageHeaders } from "../deploy/headers";
import { brotliConfig, nginxSiteConfig } from "../deploy/nginx";
import { readSiteSettings } from "../src/schema/load";

const root = path.resolve(__dirname, "..");
const hosts = { map: readSiteSettings(root).mapOrigin };

describe("the headers, stated once in deploy/headers.ts", () => {
  it("deploy/nginx/ is current (npm run nginx:config rewrites it)", () => {
    expect(fs.readFileSync(path.join(root, "deploy/nginx/site.conf"), "utf8")).toBe(nginxSiteConfig(hosts));
    expect(fs.readFileSync(path.join(root, "deploy/nginx/brotli.conf"), "utf8")).toBe(brotliConfig);
  });

  it("frames only the map's host, and gives Gatsby the same headers as nginx", () => {
    expect(hosts.map).toBe("https://maps.google.com");
    expect(pageHeaders(hosts)["Content-Security-Policy"]).toContain("frame-src https://maps.google.com;");
    const [all, statics] = gatsbyHeaders(hosts);
    expect(Object.fromEntries(all.headers.map((h) => [h.key, h.value]))).toEqual(pageHeaders(hosts));
    expect(statics).toEqual({ source: "/static/*", headers: [{ key: "Cache-Control", value: IMMUTABLE }] });
  });
});
