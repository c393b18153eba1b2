/**
 * @jest-environment node
 */
// The editor's guard on the tests' own content: which paths and actions it lets through,
// and the build's validator run on a copy with the change applied.
import fs from "node:fs";
import path from "node:path";
import yaml from "js-yaml";
import { checkRequest, validateChange } from "../../server/editor/guard";
import {
  hashPassword,
  verifyPassword,
  Gate,
  writeLogins,
  MAX_ADDRESS_FAILURES,
  MAX_FAILURES,
} from "../../server/editor/logins";
import { MAX_UPLOAD_BYTES, Refusal, editorRules } from "../../server/editor/rules";
import { copyContent } from "../helpers/contentCopy";

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
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0, 0, 0]);

describe("editorRules", () => {
  it("allows the editor's content files, the service folder and the image folders beside them", () => {
    expect([...rules.files].sort()).toEqual([
      "content/clients.yaml",
      "content/enquiry.yaml",
      "content/home.yaml",
      "content/site.yaml",
    ]);
    expect([...rules.folders]).toEqual(["content/services"]);
    expect([...rules.mediaFolders].sort()).toEqual([
      "content/images",
      "content/images/clients",
      "content/services/images",
    ]);
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
    [
      "an upload over the limit",
      upload("content/images/a.jpg", Buffer.concat([JPEG, Buffer.alloc(MAX_UPLOAD_BYTES)])),
      413,
    ],
    ["the editorial workflow", { action: "publishUnpublishedEntry", params: {} }, 403],
    ["no action", {}, 403],
  ])("refuses %s", (_name, body, status) => {
    expect(refusal(() => checkRequest(rules, repo, body))).toBe(status);
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
  const site = () =>
    yaml.load(fs.readFileSync(path.join(repo, "content/site.yaml"), "utf8")) as Record<string, unknown>;

  it("accepts valid content and leaves the repository as it was", () => {
    const before = fs.readFileSync(path.join(repo, "content/site.yaml"), "utf8");
    expect(() =>
      validateChange(repo, { write: new Map([["content/site.yaml", yaml.dump(site())]]), remove: [] }),
    ).not.toThrow();
    expect(fs.readFileSync(path.join(repo, "content/site.yaml"), "utf8")).toBe(before);
  });

  it("refuses invalid content with 422 in the validator's words", () => {
    const raw = yaml.dump({ ...site(), gstin: "NOT-A-GSTIN" });
    let error: unknown;
    try {
      validateChange(repo, { write: new Map([["content/site.yaml", raw]]), remove: [] });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(Refusal);
    expect((error as Refusal).status).toBe(422);
    expect((error as Refusal).message).toMatch(/content\/site\.yaml › gstin: .*NOT-A-GSTIN/);
  });

  it("refuses deleting a file the site needs", () => {
    expect(refusal(() => validateChange(repo, { write: new Map(), remove: ["content/site.yaml"] }))).toBe(422);
  });
});

describe("logins", () => {
  it("hashes with scrypt and checks the password", () => {
    const hash = hashPassword("a long enough password");
    expect(hash).toMatch(/^\$scrypt\$N=32768,r=8,p=1\$/);
    expect(verifyPassword("a long enough password", hash)).toBe(true);
    expect(verifyPassword("another password here", hash)).toBe(false);
  });

  it("lets a good login in, asks for one, and blocks an address after repeated wrong passwords", () => {
    const file = path.join(repo, "editors");
    writeLogins(file, new Map([["anita", hashPassword("correct password")]]));
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const gate = new Gate(file);
    const header = (password: string) => `Basic ${Buffer.from(`anita:${password}`).toString("base64")}`;
    expect(gate.check(header("correct password"), "10.0.0.1")).toEqual({ login: "anita" });
    expect(gate.check(undefined, "10.0.0.1")).toMatchObject({ status: 401 });
    for (let i = 0; i < MAX_FAILURES; i += 1)
      expect(gate.check(header(`wrong ${i}`), "10.0.0.2")).toMatchObject({ status: 401 });
    expect(gate.check(header("correct password"), "10.0.0.2")).toMatchObject({ status: 403 });
    expect(gate.check(header("correct password"), "10.0.0.1")).toEqual({ login: "anita" });
    // Another login from the same (office) address is not blocked by anita's typos...
    const other = (name: string) => `Basic ${Buffer.from(`${name}:guess`).toString("base64")}`;
    expect(gate.check(other("ravi"), "10.0.0.2")).toMatchObject({ status: 401 });
    // ...until that address has guessed too many names.
    for (let i = 0; i < MAX_ADDRESS_FAILURES; i += 1) gate.check(other(`name${i}`), "10.0.0.3");
    expect(gate.check(header("correct password"), "10.0.0.3")).toMatchObject({ status: 403 });
    // A removed login is refused at once, even though its header was remembered.
    writeLogins(file, new Map());
    expect(gate.check(header("correct password"), "10.0.0.1")).toMatchObject({ status: 401 });
  });
});
