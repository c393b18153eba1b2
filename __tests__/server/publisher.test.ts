/**
 * @jest-environment node
 */
// The publisher's pure parts: the validator's report it reads, remotes shown without
// passwords, and precompression reusing the previous release's copies.
import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { formatProblems, type ContentReport } from "../../src/schema/report";
import { APP_DIR } from "../../server/lib/settings";
import { copyContent, editYaml } from "../helpers/contentCopy";
import { precompress } from "../../server/publisher/compress";
import { redactRemote } from "../../server/lib/git";
import { RemotePusher } from "../../server/publisher/push";
import type { RemotePush } from "../../server/publisher/status";

const VALIDATE = path.join(APP_DIR, "scripts", "validate-content.ts");

describe("content:validate --report (what the publisher reads)", () => {
  const run = (project: string, report: string) =>
    spawnSync(path.join(APP_DIR, "node_modules", ".bin", "tsx"), [VALIDATE, "--report", report, "--project", project], {
      encoding: "utf8",
    });

  it("writes the problems as data, each with its file and field, and exits 1", () => {
    const project = copyContent();
    try {
      editYaml(project, "content/site.yaml", (site) => {
        site.gstin = "NOT-A-GSTIN";
      });
      const report = path.join(project, "report.json");
      const ran = run(project, report);
      expect(ran.status).toBe(1);
      const result = JSON.parse(fs.readFileSync(report, "utf8")) as ContentReport;
      expect(result.valid).toBe(false);
      expect(result.problems).toEqual([expect.objectContaining({ file: "content/site.yaml", field: "en.gstin" })]);
      expect(formatProblems(result.problems)).toContain("content/site.yaml › en.gstin");
    } finally {
      fs.rmSync(project, { recursive: true, force: true });
    }
  });

  it("says valid, with the files it checked, and exits 0", () => {
    const project = copyContent();
    try {
      const report = path.join(project, "report.json");
      expect(run(project, report).status).toBe(0);
      const result = JSON.parse(fs.readFileSync(report, "utf8")) as ContentReport;
      expect(result).toMatchObject({ valid: true, problems: [] });
      expect(result.files).toContain("content/site.yaml");
    } finally {
      fs.rmSync(project, { recursive: true, force: true });
    }
  });
});

describe("redactRemote", () => {
  it("masks a password or token in an https remote and leaves others alone", () => {
    expect(redactRemote("https://bot:ghp_secret@github.com/co/site.git")).toBe(
      "https://bot:***@github.com/co/site.git",
    );
    expect(redactRemote("git@github.com:co/site.git")).toBe("git@github.com:co/site.git");
    expect(redactRemote("/srv/backup/site.git")).toBe("/srv/backup/site.git");
  });

  it("masks a token with no name (https://TOKEN@host), and every remote in a message", () => {
    expect(redactRemote("https://ghp_secret@github.com/co/site.git")).toBe("https://***@github.com/co/site.git");
    expect(redactRemote("fatal: unable to access 'https://ghp_a@h/x.git': see https://bot:ghp_b@h/y.git")).toBe(
      "fatal: unable to access 'https://***@h/x.git': see https://bot:***@h/y.git",
    );
    expect(redactRemote("ssh://git@github.com/co/site.git")).toBe("ssh://***@github.com/co/site.git");
  });
});

describe("RemotePusher", () => {
  it("shows staff neither a token with no name nor one in git's own error (issue 27, finding 9)", async () => {
    const repo = fs.mkdtempSync(path.join(os.tmpdir(), "backup-token-"));
    const run = (...args: string[]) => execFileSync("git", args, { cwd: repo, encoding: "utf8" }).trim();
    run("init", "--quiet", "--initial-branch=main");
    run("-c", "user.name=t", "-c", "user.email=t@example.invalid", "commit", "--quiet", "--allow-empty", "-m", "c");
    // Nothing listens on port 1: the push fails at once, as a real one with a bad network does.
    const remote = "https://ghp_SECRETTOKEN@127.0.0.1:1/co/site.git";
    const states: RemotePush[] = [];
    let failed: () => void = () => undefined;
    const settled = new Promise<void>((resolve) => (failed = resolve));
    const pusher = new RemotePusher(repo, remote, 60_000, { remote: "", state: "off" }, (state) => {
      states.push(state);
      if (state.state === "retrying") failed();
    });
    pusher.push(run("rev-parse", "HEAD"));
    await settled;
    pusher.stop();
    fs.rmSync(repo, { recursive: true, force: true });
    expect(states.at(-1)?.error).toBeTruthy();
    expect(JSON.stringify([pusher.current, ...states])).not.toContain("SECRETTOKEN");
  });
});

describe("precompress", () => {
  const make = (files: Record<string, string>) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "release-"));
    for (const [name, text] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
      fs.writeFileSync(path.join(dir, name), text);
    }
    return dir;
  };
  const text = (seed: string) => Array.from({ length: 200 }, (_, i) => `${seed} line ${i}`).join("\n");

  it("writes brotli and gzip copies of text files only, and they decode to the file", async () => {
    const dir = make({
      "index.html": text("page"),
      "app.js.map": text("map"),
      "tiny.css": "a{}",
      "static/a.png": text("png"),
    });
    expect(await precompress(dir, null)).toEqual({ compressed: 1, reused: 0 });
    expect(zlib.brotliDecompressSync(fs.readFileSync(path.join(dir, "index.html.br"))).toString()).toBe(text("page"));
    expect(zlib.gunzipSync(fs.readFileSync(path.join(dir, "index.html.gz"))).toString()).toBe(text("page"));
    const made = fs
      .readdirSync(dir, { recursive: true })
      .map(String)
      .filter((f) => /\.(br|gz)$/.test(f));
    expect(made.sort()).toEqual(["index.html.br", "index.html.gz"]);
  });

  it("links the previous release's copies for files that did not change", async () => {
    const before = make({ "a.js": text("same"), "b.js": text("old") });
    await precompress(before, null);
    const after = make({ "a.js": text("same"), "b.js": text("new") });
    expect(await precompress(after, before)).toEqual({ compressed: 1, reused: 1 });
    expect(fs.statSync(path.join(after, "a.js.br")).ino).toBe(fs.statSync(path.join(before, "a.js.br")).ino);
    expect(zlib.brotliDecompressSync(fs.readFileSync(path.join(after, "b.js.br"))).toString()).toBe(text("new"));
  });
});
