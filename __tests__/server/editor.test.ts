/**
 * @jest-environment node
 */
// The editor's guard on the tests' own content: which paths and actions it lets through,
// and the build's validator run on a copy with the change applied.
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { parseYaml, stringifyYaml } from "../../src/schema/yaml";
import { editorApp } from "../../server/editor/app";
import { ContentChecker, MAX_WAITING_CHECKS } from "../../server/editor/checker";
import { checkRequest, validateChange } from "../../server/editor/guard";
import { MAX_UPLOAD_BYTES, editorRules } from "../../server/editor/rules";
import { FILE_KINDS } from "../../src/schema/files";
import { Refusal } from "../../server/lib/refusal";
import { copyContent } from "../helpers/contentCopy";
import { jpegHeader, pngHeader } from "../helpers/images";
import { MAX_FILES_PER_SAVE } from "../../server/editor/rules";
import { UploadBudget } from "../../server/editor/uploads";

const rules = editorRules();
const repo = copyContent();
const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    if (error instanceof Refusal) return error.status;
    throw error;
  }
  return null;
};
const persist = (file: string, raw = "a: 1", assets: unknown[] = []) => ({
  action: "persistEntry",
  params: { dataFiles: [{ path: file, raw }], assets, options: { commitMessage: "x" } },
});
const upload = (file: string, bytes: Buffer) => ({
  action: "persistMedia",
  params: { asset: { path: file, content: bytes.toString("base64"), encoding: "base64" } },
});
const JPEG = jpegHeader(640, 480);
const PDF = Buffer.from("%PDF-1.4\n%\xe2\xe3\xcf\xd3\n");

describe("editorRules", () => {
  it("allows the editor's content files, the service and standard folders, and the image and document folders beside them", () => {
    expect([...rules.files].sort()).toEqual([
      "content/capability.yaml",
      "content/clients.yaml",
      "content/enquiry.yaml",
      "content/estimate.yaml",
      "content/home.yaml",
      "content/site.yaml",
    ]);
    expect([...rules.folders]).toEqual(["content/services", "content/standards"]);
    expect([...rules.mediaFolders].sort()).toEqual([
      ["content/documents", "pdf"],
      ["content/images", "image"],
      ["content/images/clients", "image"],
      ["content/services/documents", "pdf"],
      ["content/services/images", "image"],
      ["content/standards/documents", "pdf"],
      ["content/standards/images", "image"],
    ]);
  });

  it("stores only files the build takes: each kind's editor extensions are among its signatures", () => {
    for (const kind of Object.values(FILE_KINDS))
      expect(kind.editor.extensions.filter((extension) => !(extension in kind.signatures))).toEqual([]);
  });
});

describe("checkRequest", () => {
  it("lets reads and writes of content through, and returns what a write changes", () => {
    expect(checkRequest(rules, repo, { action: "info" })).toBeNull();
    expect(checkRequest(rules, repo, { action: "getEntry", params: { path: "content/site.yaml" } })).toBeNull();
    expect(checkRequest(rules, repo, { action: "entriesByFolder", params: { folder: "content/services" } })).toBeNull();
    const change = checkRequest(
      rules,
      repo,
      persist("content/services/new_page.yaml", "x: 1", [upload("content/services/images/a.jpg", JPEG).params.asset]),
    );
    expect([...change!.write.keys()]).toEqual(["content/services/new_page.yaml", "content/services/images/a.jpg"]);
  });

  it("lets a PDF into a documents folder", () => {
    for (const file of ["content/documents/iso-9001.pdf", "content/services/documents/datasheet.PDF"]) {
      expect([...checkRequest(rules, repo, upload(file, PDF))!.write.keys()]).toEqual([file]);
    }
  });

  it.each([
    ["a code file", persist("gatsby-node.ts"), 403],
    ["package.json", persist("package.json"), 403],
    ["a YAML file outside content/", persist("deploy/x.yaml"), 403],
    ["a climb out of content/", persist("content/../package.yaml"), 403],
    ["an absolute path", persist("/etc/passwd.yaml"), 403],
    ["a nested service folder", persist("content/services/deep/x.yaml"), 403],
    [".git/config", { action: "getEntry", params: { path: ".git/config" } }, 403],
    ["another folder", { action: "entriesByFolder", params: { folder: "src" } }, 403],
    ["an SVG", upload("content/images/a.svg", Buffer.from("<svg/>")), 403],
    ["an image outside the image folders", upload("content/a.jpg", JPEG), 403],
    ["HTML named .png", upload("content/images/a.png", Buffer.from("<html><script></script>")), 422],
    ["a PDF in an image folder", upload("content/images/a.pdf", PDF), 403],
    ["an image in a documents folder", upload("content/documents/a.jpg", JPEG), 403],
    ["a PDF outside the documents folders", upload("content/a.pdf", PDF), 403],
    ["HTML named .pdf", upload("content/documents/a.pdf", Buffer.from("<html><script></script>")), 422],
    ["a JPEG named .pdf", upload("content/documents/a.pdf", JPEG), 422],
    [
      "a PDF over the documents' limit (below the images')",
      upload("content/documents/a.pdf", Buffer.concat([PDF, Buffer.alloc(FILE_KINDS.pdf.maxBytes)])),
      413,
    ],
    [
      "an upload over the limit",
      upload("content/images/a.jpg", Buffer.concat([JPEG, Buffer.alloc(MAX_UPLOAD_BYTES)])),
      413,
    ],
    [
      "a decompression bomb: a PNG of a few bytes claiming 100,000 × 100,000 pixels",
      upload("content/images/bomb.png", pngHeader(100_000, 100_000)),
      422,
    ],
    [
      "a JPEG whose size in pixels cannot be read",
      upload("content/images/a.jpg", Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0, 0, 0])),
      422,
    ],
    [
      `more than ${MAX_FILES_PER_SAVE} new files in one save`,
      persist(
        "content/site.yaml",
        "a: 1",
        Array.from({ length: MAX_FILES_PER_SAVE + 1 }, (_, i) => upload(`content/images/p${i}.jpg`, JPEG).params.asset),
      ),
      413,
    ],
    ["the editorial workflow", { action: "publishUnpublishedEntry", params: {} }, 403],
    ["no action", {}, 403],
  ])("refuses %s", (_name, body, status) => {
    expect(refusal(() => checkRequest(rules, repo, body))).toBe(status);
  });

  it("names the file and its pixels when it refuses a decompression bomb", () => {
    try {
      checkRequest(rules, repo, upload("content/images/bomb.png", pngHeader(100_000, 100_000)));
      throw new Error("not refused");
    } catch (error) {
      expect((error as Error).message).toMatch(/content\/images\/bomb\.png.*100000 × 100000 pixels.*megapixels/);
    }
  });

  it("counts the bytes a write uploads", () => {
    const change = checkRequest(rules, repo, upload("content/images/a.jpg", JPEG));
    expect(change!.uploadBytes).toBe(JPEG.length);
  });

  it("refuses a path through a symlink", () => {
    fs.symlinkSync("/etc", path.join(repo, "content", "images", "linked"));
    try {
      expect(
        refusal(() => checkRequest(rules, repo, { action: "getMediaFile", params: { path: "content/images/linked" } })),
      ).toBe(403);
    } finally {
      fs.rmSync(path.join(repo, "content", "images", "linked"));
    }
  });
});

describe("validateChange", () => {
  // The site settings' English, and a file holding it.
  const site = () =>
    (parseYaml(fs.readFileSync(path.join(repo, "content/site.yaml"), "utf8")) as { en: Record<string, unknown> }).en;
  const asFile = (english: Record<string, unknown>) => stringifyYaml({ en: english });

  it("accepts valid content and leaves the repository as it was", () => {
    const before = fs.readFileSync(path.join(repo, "content/site.yaml"), "utf8");
    expect(() =>
      validateChange(repo, { write: new Map([["content/site.yaml", asFile(site())]]), remove: [] }),
    ).not.toThrow();
    expect(fs.readFileSync(path.join(repo, "content/site.yaml"), "utf8")).toBe(before);
  });

  it("refuses invalid content with 422 in the validator's words", () => {
    const raw = asFile({ ...site(), gstin: "NOT-A-GSTIN" });
    let error: unknown;
    try {
      validateChange(repo, { write: new Map([["content/site.yaml", raw]]), remove: [] });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(Refusal);
    expect((error as Refusal).status).toBe(422);
    expect((error as Refusal).message).toMatch(/content\/site\.yaml › en\.gstin: .*NOT-A-GSTIN/);
  });

  it("refuses an image path that leaves content/, even to a picture that exists (issue 27, finding 8)", () => {
    // A picture of the machine's own, and one beside the repository's content/.
    const beside = path.join(repo, "beside.png");
    fs.copyFileSync(path.join(repo, "content", String((site().company as { logo: string }).logo)), beside);
    for (const logo of [beside, "../beside.png", "images/../../beside.png"]) {
      const raw = asFile({ ...site(), company: { ...(site().company as object), logo } });
      expect(refusal(() => validateChange(repo, { write: new Map([["content/site.yaml", raw]]), remove: [] }))).toBe(
        422,
      );
    }
    fs.rmSync(beside);
  });

  it("refuses deleting a file the site needs", () => {
    expect(refusal(() => validateChange(repo, { write: new Map(), remove: ["content/site.yaml"] }))).toBe(422);
  });
});

describe("ContentChecker (issue 27, finding 7: validation off the request thread)", () => {
  const valid = () => ({
    write: new Map([["content/site.yaml", fs.readFileSync(path.join(repo, "content/site.yaml"), "utf8")]]),
    remove: [],
  });

  it("checks in a worker thread: this thread runs on meanwhile, and the validator's refusal comes back", async () => {
    const checker = new ContentChecker();
    try {
      let ranMeanwhile = false;
      setImmediate(() => (ranMeanwhile = true));
      await checker.check(repo, valid());
      expect(ranMeanwhile).toBe(true);
      await expect(checker.check(repo, { write: new Map(), remove: ["content/site.yaml"] })).rejects.toMatchObject({
        status: 422,
        message: expect.stringContaining("site.yaml"),
      });
    } finally {
      checker.close();
    }
  });

  it(`refuses a save past ${MAX_WAITING_CHECKS} waiting for their check (503), from every login together; the others are checked`, async () => {
    const checker = new ContentChecker();
    try {
      const saves = Array.from({ length: MAX_WAITING_CHECKS + 1 }, () =>
        checker.check(repo, valid()).then(
          () => 200,
          (error: Refusal) => error.status,
        ),
      );
      expect(await Promise.all(saves)).toEqual([...Array(MAX_WAITING_CHECKS).fill(200), 503]);
      await expect(checker.check(repo, valid())).resolves.toBeUndefined();
    } finally {
      checker.close();
    }
  });

  it("stops a check that runs too long and refuses the save; the next check gets a new worker", async () => {
    const checker = new ContentChecker(1);
    try {
      await expect(checker.check(repo, valid())).rejects.toMatchObject({
        status: 422,
        message: expect.stringMatching(/took longer than 0.001 s/),
      });
    } finally {
      checker.close();
    }
    const patient = new ContentChecker();
    try {
      await expect(patient.check(repo, valid())).resolves.toBeUndefined();
    } finally {
      patient.close();
    }
  });
});

describe("npm run cms (no login, a developer's machine)", () => {
  /** POSTs `info` to a local backend with the given Host and Origin; the status. */
  const post = (port: number, host: string) =>
    new Promise<number>((resolve, reject) => {
      const body = JSON.stringify({ action: "info" });
      const request = http.request(
        {
          host: "127.0.0.1",
          port,
          path: "/api/v1",
          method: "POST",
          headers: {
            host,
            origin: `http://${host}`,
            "content-type": "application/json",
            "content-length": body.length,
          },
        },
        (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
        },
      );
      request.on("error", reject);
      request.end(body);
    });

  it("answers only to this machine's own names, not to a rebound one (issue 27, finding 11)", async () => {
    const { app } = await editorApp({ repo, mode: "fs" });
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    const { port } = server.address() as AddressInfo;
    try {
      expect(await post(port, `127.0.0.1:${port}`)).toBe(200);
      expect(await post(port, `localhost:${port}`)).toBe(200);
      // A page on attacker.example, its name pointed at 127.0.0.1: same origin to the browser.
      expect(await post(port, `attacker.example:${port}`)).toBe(403);
    } finally {
      server.close();
    }
  });
});

describe("the uploads' daily limit, for every login together (issue 35)", () => {
  it("takes bytes until the day's limit, refuses past it (429) and remembers across restarts", () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "uploads-")), "uploads.json");
    const budget = new UploadBudget(file, 1000);
    const now = Date.now();
    budget.take(600, now);
    expect(refusal(() => budget.take(500, now))).toBe(429);
    // A restart forgets nothing.
    const again = new UploadBudget(file, 1000);
    expect(again.used(now)).toBe(600);
    expect(refusal(() => again.take(500, now))).toBe(429);
    again.take(400, now);
    // A day later the room is back.
    expect(again.used(now + 24 * 60 * 60_000 + 1)).toBe(0);
    again.take(900, now + 24 * 60 * 60_000 + 1);
  });
});

describe("saves one at a time, each checked against the content it is saved on (issue 35)", () => {
  it("refuses the second of two saves that are each valid alone but not together", async () => {
    const local = copyContent();
    const { app, close } = await editorApp({ repo: local, mode: "fs" });
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    const { port } = server.address() as AddressInfo;
    const service = fs.readFileSync(path.join(local, "content", "services", "alpha.yaml"), "utf8");
    const twin = service.replace(/^  slug: .*$/m, "  slug: twin-page");
    const save = (file: string) =>
      fetch(`http://127.0.0.1:${port}/api/v1`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        // As the editor's page sends a new page.
        body: JSON.stringify({
          action: "persistEntry",
          params: {
            branch: "main",
            dataFiles: [{ slug: path.basename(file, ".yaml"), path: file, raw: twin }],
            assets: [],
            options: {
              commitMessage: `Create ${file}`,
              useWorkflow: false,
              status: "published",
              collectionName: "services",
            },
          },
        }),
      }).then((response) => response.status);
    try {
      const statuses = await Promise.all([save("content/services/twin_a.yaml"), save("content/services/twin_b.yaml")]);
      expect(statuses.sort()).toEqual([200, 422]);
      const written = ["twin_a", "twin_b"].filter((name) =>
        fs.existsSync(path.join(local, "content", "services", `${name}.yaml`)),
      );
      expect(written).toHaveLength(1);
    } finally {
      server.close();
      close();
      fs.rmSync(local, { recursive: true, force: true });
    }
  });
});
