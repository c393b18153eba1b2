/**
 * @jest-environment node
 */
// The mirror's pure parts: what a release puts in the bucket (keys, order, types, cache
// lifetimes), what one run uploads and deletes, the build's environment, the policy for
// pages from a CDN, and the staff panel's line. The runs against a real bucket and CDN
// are in server/tests/publisher.spec.ts.
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { IMMUTABLE, REVALIDATE, cdnHeaders, pagePolicy, publicPolicy, withServer } from "../../deploy/headers";
import {
  cacheControl,
  contentType,
  keysOf,
  phaseOf,
  PHASES,
  readMimeTypes,
  releaseObjects,
  type MirrorObject,
} from "../../server/publisher/mirror/objects";
import { plan } from "../../server/publisher/mirror/plan";
import { buildEnv, readMirrorSettings } from "../../server/publisher/mirror/settings";
import { mirrorWords, type PublisherStatus } from "../../src/cms/statusWords";
import { scriptsOf } from "../../server/watch/checks/mirror";

const TYPES = readMimeTypes(`types {
    text/html                             html htm shtml;
    text/css                              css;
    application/javascript                js;
    application/json                      json;
    image/webp                            webp;
}
types { application/manifest+json webmanifest; }`);

describe("what a release puts in the bucket", () => {
  it("reads nginx's types, adds its charset where nginx does, and falls back as nginx does", () => {
    expect(contentType("a/index.html", TYPES)).toBe("text/html; charset=utf-8");
    expect(contentType("app-1.js", TYPES)).toBe("application/javascript; charset=utf-8");
    expect(contentType("page-data/x/page-data.json", TYPES)).toBe("application/json");
    expect(contentType("static/a.WEBP", TYPES)).toBe("image/webp");
    expect(contentType("manifest.webmanifest", TYPES)).toBe("application/manifest+json");
    expect(contentType("file.unknown", TYPES)).toBe("application/octet-stream");
  });

  it("keeps hashed files a year and revalidates the rest, as site.conf's locations", () => {
    expect(cacheControl("static/abc/photo.webp")).toBe(IMMUTABLE);
    expect(cacheControl("app-123.js")).toBe(IMMUTABLE);
    expect(cacheControl("styles.css")).toBe(IMMUTABLE);
    expect(cacheControl("page-data/app-data.json")).toBe(REVALIDATE);
    expect(cacheControl("index.html")).toBe(REVALIDATE);
    expect(cacheControl("quote")).toBe(REVALIDATE);
    expect(cacheControl("robots.txt")).toBe(REVALIDATE);
  });

  it("puts a page at the address the site links to, with and without its slash", () => {
    expect(keysOf("hard_anodizing/index.html")).toEqual([
      "hard_anodizing",
      "hard_anodizing/",
      "hard_anodizing/index.html",
    ]);
    expect(keysOf("index.html")).toEqual(["index.html"]);
    expect(keysOf("404.html")).toEqual(["404.html"]);
    expect(keysOf("app-1.js")).toEqual(["app-1.js"]);
  });

  it("orders files before page data before pages", () => {
    expect(PHASES).toEqual(["files", "page-data", "pages"]);
    expect(phaseOf("app-1.js")).toBe("files");
    expect(phaseOf("static/x/a.webp")).toBe("files");
    expect(phaseOf("page-data/sq/d/123.json")).toBe("files");
    expect(phaseOf("robots.txt")).toBe("files");
    expect(phaseOf("page-data/quote/page-data.json")).toBe("page-data");
    expect(phaseOf("page-data/app-data.json")).toBe("page-data");
    expect(phaseOf("quote")).toBe("pages");
    expect(phaseOf("quote/")).toBe("pages");
    expect(phaseOf("quote/index.html")).toBe("pages");
  });

  it("leaves out the editor, the enquiry service's files, hidden files, compressed copies and other releases' files", () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), "mirror-release-"));
    const files = {
      "index.html": "<p>home</p>",
      "quote/index.html": "<p>quote</p>",
      "app-own.js": "own",
      "app-own.js.br": "br",
      "app-own.js.gz": "gz",
      "app-carried.js": "carried from another release",
      "page-data/quote/page-data.json": "{}",
      "page-data/sq/d/1.json": "{}",
      "admin/index.html": "editor",
      "_enquiry/settings.json": "{}",
      ".gitkeep": "",
      ".well-known/security.txt": "Contact: x",
      "robots.txt": "User-agent: *",
    };
    try {
      for (const [file, text] of Object.entries(files)) {
        fs.mkdirSync(path.dirname(path.join(folder, file)), { recursive: true });
        fs.writeFileSync(path.join(folder, file), text);
      }
      const objects = releaseObjects(folder, new Set(["app-own.js", "page-data/sq/d/1.json"]), TYPES);
      expect(objects.map((object) => object.key)).toEqual([
        ".well-known/security.txt",
        "app-own.js",
        "page-data/sq/d/1.json",
        "robots.txt",
        "page-data/quote/page-data.json",
        "index.html",
        "quote",
        "quote/",
        "quote/index.html",
      ]);
      const own = objects.find((object) => object.key === "app-own.js")!;
      expect(own).toMatchObject({
        md5: crypto.createHash("md5").update("own").digest("hex"),
        size: 3,
        contentType: "application/javascript; charset=utf-8",
        cacheControl: IMMUTABLE,
      });
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });
});

describe("one mirror run's plan", () => {
  const object = (key: string, md5 = key): MirrorObject => ({
    key,
    file: `/release/${key}`,
    md5,
    size: 1,
    phase: phaseOf(key),
    contentType: "text/plain",
    cacheControl: REVALIDATE,
  });
  const now = new Date("2026-11-26T10:00:00Z");
  const HOUR = 3_600_000;
  const base = { keep: new Set<string>(), unusedSince: {}, now, graceMs: HOUR, maxDeletes: 10 };

  it("uploads only what is missing or changed, in order", () => {
    const objects = [object("app-1.js"), object("page-data/a/page-data.json"), object("a")];
    const planned = plan({
      ...base,
      objects,
      listed: [
        { key: "app-1.js", etag: "app-1.js" },
        { key: "a", etag: "an older page" },
      ],
    });
    expect(planned.uploads.map((o) => o.key)).toEqual(["page-data/a/page-data.json", "a"]);
    expect(planned.deletes).toEqual([]);
  });

  it("keeps the previous release's objects and deletes others only once unused for the grace period", () => {
    const listed = ["live", "previous", "old", "older"].map((key) => ({ key, etag: key }));
    const first = plan({ ...base, objects: [object("live")], listed, keep: new Set(["previous"]) });
    expect(first.deletes).toEqual([]);
    expect(first.waiting).toBe(2);
    expect(first.unusedSince).toEqual({ old: now.toISOString(), older: now.toISOString() });
    expect(first.nextDeleteAt).toBe(new Date(now.getTime() + HOUR).toISOString());

    const later = new Date(now.getTime() + HOUR);
    const second = plan({
      ...base,
      now: later,
      objects: [object("live")],
      listed,
      keep: new Set(["previous"]),
      unusedSince: { ...first.unusedSince, older: new Date(now.getTime() - HOUR).toISOString() },
    });
    expect(second.deletes).toEqual(["old", "older"]);
    expect(second.waiting).toBe(0);
    expect(second.unusedSince).toEqual({});
  });

  it("deletes at most maxDeletes in one run, and forgets objects used again", () => {
    const listed = ["a", "b", "c", "d"].map((key) => ({ key, etag: key }));
    const long = new Date(now.getTime() - 2 * HOUR).toISOString();
    const planned = plan({
      ...base,
      maxDeletes: 2,
      objects: [object("d")],
      listed,
      unusedSince: { a: long, b: long, c: long, d: long },
    });
    expect(planned.deletes).toEqual(["a", "b"]);
    expect(planned.overLimit).toBe(1);
    expect(planned.unusedSince).toEqual({ c: long });
  });
});

describe("the mirror's settings", () => {
  const env = {
    MIRROR_ENDPOINT: "https://account.r2.cloudflarestorage.com",
    MIRROR_BUCKET: "site",
    MIRROR_ACCESS_KEY_ID: "id-1234567",
    MIRROR_SECRET_ACCESS_KEY: "secret-1234567890",
    SERVER_URL: "https://works.example.com",
    PATH: "/usr/bin",
  };

  it("are off without a bucket, and name what is missing with one", () => {
    expect(readMirrorSettings({})).toBeNull();
    expect(() => readMirrorSettings({ MIRROR_BUCKET: "site" })).toThrow(
      /MIRROR_ENDPOINT, MIRROR_ACCESS_KEY_ID, MIRROR_SECRET_ACCESS_KEY/,
    );
    expect(readMirrorSettings(env)).toMatchObject({ region: "auto", graceMs: 48 * 3_600_000, maxDeletes: 256 });
  });

  it("never reach a build, which gets the server's address for the form instead", () => {
    const built = buildEnv(env);
    expect(Object.keys(built).filter((name) => name.startsWith("MIRROR_"))).toEqual([]);
    expect(built).toMatchObject({ PATH: "/usr/bin", GATSBY_SERVER_URL: "https://works.example.com" });
    expect(buildEnv({ PATH: "/usr/bin", SERVER_URL: "https://works.example.com" }).GATSBY_SERVER_URL).toBeUndefined();
  });

  it("publish the site at the CDN's address; without the mirror, at the operator's (issue 52, finding 8)", () => {
    const operator = { SITE_URL: "https://works.example.com" };
    expect(buildEnv({ ...env, ...operator, MIRROR_URL: "https://www.example.com" }).SITE_URL).toBe(
      "https://www.example.com",
    );
    expect(buildEnv({ PATH: "/usr/bin", ...operator, MIRROR_URL: "https://www.example.com" }).SITE_URL).toBe(
      "https://works.example.com",
    );
  });
});

describe("pages served from a CDN", () => {
  it("may send the form to the server's address, and nowhere else new", () => {
    const policy = withServer(publicPolicy, "https://works.example.com/");
    expect(policy).toMatch(/form-action 'self' https:\/\/works\.example\.com(;|$)/);
    expect(policy).toMatch(/connect-src 'self' https:\/\/works\.example\.com(;|$)/);
    expect(policy.replace(/ https:\/\/works\.example\.com/g, "")).toBe(publicPolicy);
    expect(withServer(publicPolicy, undefined)).toBe(publicPolicy);
    expect(pagePolicy(null, "https://works.example.com")).toContain("form-action 'self' https://works.example.com");
    expect(cdnHeaders("https://works.example.com")["Content-Security-Policy"]).toBe(policy);
  });

  it("are told apart by the scripts they name, however a CDN rewrites the rest", () => {
    const page = '<script src="/app-1.js"></script><p>a@b.c</p><script async src="/webpack-runtime-2.js"></script>';
    expect(scriptsOf(page)).toBe("app-1.js webpack-runtime-2.js");
    expect(scriptsOf(page.replace("a@b.c", "[email protected]"))).toBe(scriptsOf(page));
  });
});

describe("the staff panel's CDN line", () => {
  const status: PublisherStatus = {
    state: "idle",
    message: "",
    live: { release: "r2", commit: "c", builtAt: "2026-11-26T10:00:00Z" },
  };
  const now = Date.parse("2026-11-26T10:05:00Z");

  it("says nothing without a mirror", () => {
    expect(mirrorWords(status, now)).toBeNull();
    expect(mirrorWords({ ...status, mirror: { state: "off" } }, now)).toBeNull();
  });

  it("says whether the CDN shows what the server shows", () => {
    const mirror = { publicUrl: "https://www.example.com", syncedAt: "2026-11-26T10:01:00Z" };
    expect(mirrorWords({ ...status, mirror: { ...mirror, state: "ok", release: "r2" } }, now)).toMatchObject({
      tone: "idle",
      text: expect.stringContaining("www.example.com) is the same since"),
    });
    expect(mirrorWords({ ...status, mirror: { ...mirror, state: "ok", release: "r1" } }, now)?.tone).toBe("building");
    expect(mirrorWords({ ...status, mirror: { ...mirror, state: "syncing", release: "r1" } }, now)?.tone).toBe(
      "building",
    );
    const failing = mirrorWords({ ...status, mirror: { ...mirror, state: "retrying", release: "r1" } }, now);
    expect(failing).toMatchObject({ tone: "failed", text: expect.stringContaining("still shows the version before") });
  });
});
