// The publisher end to end: `npm run host` on a temporary HOST_DIR, its first release
// adopted from the suite's build (public/), then real commits in HOST_DIR/repo built by
// real Gatsby builds. Every wait is on the status record or a process, never on time.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import YAML from "yaml";
import { routes } from "../../e2e/content";
import { htmlFiles } from "../../src/build/finishPages";
import { APP_DIR } from "../lib/settings";
import {
  commitFile,
  git,
  headOf,
  newPhone,
  page,
  readStatus,
  runningInGroup,
  edited,
  startHost,
  stopHost,
  type Host,
} from "./host";

test.describe.configure({ mode: "serial" });

const SITE = "content/site.yaml";
const PHONE = ["contacts", 0, "phone"];
const BUILD = { timeout: 6 * 60_000, intervals: [500] };
let host: Host;
let original: string;
let backup: string;

test.beforeAll(async () => {
  test.setTimeout(3 * 60_000);
  backup = path.join(fs.mkdtempSync("/tmp/host-backup-"), "site.git");
  host = await startHost({
    HOST_SEED_RELEASE: path.join(APP_DIR, "public"),
    // Not there yet: pushes fail until a test creates it.
    SITE_REMOTE: backup,
    PUSH_RETRY_SECONDS: "1",
  });
  original = fs.readFileSync(path.join(host.paths.repo, SITE), "utf8");
});

test.afterAll(async () => {
  await stopHost(host);
  if (test.info().errors.length === 0 && host) fs.rmSync(host.dir, { recursive: true, force: true });
});

const liveCommit = async () => (await readStatus(host)).live?.commit;
const liveRoot = () => fs.realpathSync(host.paths.live);

test("the first release is the suite's build, served precompressed", async () => {
  const status = await readStatus(host);
  expect(status).toMatchObject({ state: "idle", pinned: false, live: { commit: headOf(host) } });
  const route = routes[routes.length - 1];
  const html = path.join(liveRoot(), route === "/" ? "" : route, "index.html");
  for (const [encoding, ext] of [
    ["br", ".br"],
    ["gzip", ".gz"],
  ]) {
    const response = await fetch(host.url + route, { headers: { "Accept-Encoding": encoding } });
    expect(response.headers.get("content-encoding")).toBe(encoding);
    // fetch decodes the body; the length on the wire is the precompressed file's.
    expect(Number(response.headers.get("content-length"))).toBe(fs.statSync(html + ext).size);
  }
  const scripts = [...fs.readFileSync(html, "utf8").matchAll(/<script src="(\/[^"]+\.js)"/g)].map((m) => m[1]);
  const size = (script: string) => fs.statSync(path.join(liveRoot(), script)).size;
  const script = scripts.sort((a, b) => size(b) - size(a))[0];
  const response = await fetch(host.url + script, { headers: { "Accept-Encoding": "br" } });
  expect(Number(response.headers.get("content-length"))).toBe(fs.statSync(path.join(liveRoot(), script + ".br")).size);
  const files = fs.readdirSync(liveRoot(), { recursive: true }) as string[];
  expect(files.filter((file) => /\.(map|png|jpe?g|webp|avif)\.(br|gz)$/.test(file))).toEqual([]);
});

test("a commit the build refuses leaves the site as it was and says why", async () => {
  const before = await readStatus(host);
  const home = await page(host, "/");
  const badGstin = commitFile(host, SITE, edited(original, ["gstin"], "NOT-A-GSTIN"), "Bad GSTIN");
  await expect.poll(async () => (await readStatus(host)).lastError?.commit, BUILD).toBe(badGstin);
  let status = await readStatus(host);
  expect(status.state).toBe("failed");
  expect(status.lastError).toMatchObject({ kind: "content" });
  expect(status.lastError!.message).toMatch(/content\/site\.yaml › gstin: .*NOT-A-GSTIN/);
  expect(status.live).toEqual(before.live);

  const broken = commitFile(host, SITE, original + "\n  : [unclosed\n", "Broken YAML");
  await expect.poll(async () => (await readStatus(host)).lastError?.commit, BUILD).toBe(broken);
  status = await readStatus(host);
  expect(status.state).toBe("failed");
  expect(status.lastError!.message).toContain("content/site.yaml");
  expect(status.live).toEqual(before.live);
  expect(await page(host, "/")).toBe(home);
});

test("a publisher killed mid-build leaves the site alone, no build runs on, and it builds cleanly when restarted", async () => {
  test.setTimeout(10 * 60_000);
  const before = await readStatus(host);
  const phone = newPhone();
  const commit = commitFile(host, SITE, edited(original, PHONE, phone), "New phone");
  await expect.poll(async () => (await readStatus(host)).building?.step, BUILD).toBe("build");
  await expect.poll(() => fs.existsSync(host.paths.buildPid)).toBe(true);
  const publisher = Number(fs.readFileSync(host.paths.publisherPid, "utf8"));
  const group = Number(fs.readFileSync(host.paths.buildPid, "utf8"));
  expect(runningInGroup(group).length).toBeGreaterThan(0);

  process.kill(publisher, "SIGKILL");
  await expect.poll(() => runningInGroup(group), { timeout: 15_000 }).toEqual([]);
  expect(fs.realpathSync(host.paths.live)).toBe(path.join(host.paths.releases, before.live!.release));

  // `npm run host` starts the publisher again, which builds the commit from a clean cache.
  await expect.poll(liveCommit, BUILD).toBe(commit);
  const status = await readStatus(host);
  expect(status.state).toBe("idle");
  expect(status.history[0]).toMatchObject({ commit, result: "live", clean: true });
  expect(status.history[1]).toMatchObject({ commit, result: "interrupted" });
  expect(Number(fs.readFileSync(host.paths.publisherPid, "utf8"))).not.toBe(publisher);
  expect(await page(host, "/")).toContain(phone);

  // The backup remote does not exist: the push is retried and shown, publishing went on.
  await expect.poll(async () => (await readStatus(host)).backup.state, BUILD).toBe("retrying");
  expect((await readStatus(host)).backup.error).toBeTruthy();
});

test("commits during a build are published together by the next one, and a visitor polling through the switch sees no error", async () => {
  test.setTimeout(10 * 60_000);
  execFileSync("git", ["init", "--quiet", "--bare", backup]);
  // What a visitor of the live release has loaded: its pages, scripts, styles and images.
  const html = await page(host, "/");
  const assets = [...html.matchAll(/(?:src|href)="(\/[^"]+\.(?:js|css|webp|avif|png|jpe?g|svg))"/g)].map((m) => m[1]);
  expect(assets.length).toBeGreaterThan(0);
  const urls = [...routes, ...new Set(assets), "/page-data/app-data.json"];
  const failures: string[] = [];
  const phones = [newPhone(), newPhone(), newPhone()];
  let requests = 0;
  let switched = false;
  let polling = true;
  const visitor = (async () => {
    while (polling) {
      for (const url of urls) {
        const response = await fetch(host.url + url);
        const body = await response.text();
        requests += 1;
        if (response.status !== 200) failures.push(`${url}: ${response.status}`);
        if (url === "/" && body.includes(phones[2])) switched = true;
      }
    }
  })();

  const [first, second, third] = phones.map(
    (phone, i) => () => commitFile(host, SITE, edited(original, PHONE, phone), `Phone ${i}`),
  );
  const c1 = first();
  await expect.poll(async () => (await readStatus(host)).building?.step, BUILD).toBe("build");
  expect((await readStatus(host)).building?.commit).toBe(c1);
  await expect.poll(() => fs.existsSync(host.paths.buildPid)).toBe(true);
  // Hold that build still while two more commits arrive, so they surely land during it.
  const group = Number(fs.readFileSync(host.paths.buildPid, "utf8"));
  process.kill(-group, "SIGSTOP");
  let c3: string;
  try {
    second();
    c3 = third();
    await expect.poll(async () => (await readStatus(host)).head?.commit, BUILD).toBe(c3);
  } finally {
    process.kill(-group, "SIGCONT");
  }
  await expect.poll(liveCommit, BUILD).toBe(c3);
  await expect.poll(() => switched, { timeout: 30_000 }).toBe(true);
  polling = false;
  await visitor;

  expect(failures).toEqual([]);
  expect(requests).toBeGreaterThan(urls.length);
  const status = await readStatus(host);
  expect(status.history.slice(0, 2).map((build) => build.commit)).toEqual([c3, c1]);
  expect(status.history[0].commits).toHaveLength(2);
  expect(status.history[0].clean).toBe(false);
  expect(await page(host, "/")).toContain(phones[2]);

  // The backup caught up: the remote's main is the live commit.
  await expect.poll(async () => (await readStatus(host)).backup, BUILD).toMatchObject({ state: "ok", pushed: c3 });
  expect(execFileSync("git", ["--git-dir", backup, "rev-parse", "main"], { encoding: "utf8" }).trim()).toBe(c3);
  expect(execFileSync("git", ["-C", host.paths.repo, "config", "core.fsync"], { encoding: "utf8" })).toContain(
    "committed",
  );
});

test("a change to one page is published by an incremental build, and every page finds the scripts it names (issue 27)", async () => {
  test.setTimeout(10 * 60_000);
  // A service page's own title: Gatsby renders that page again and leaves the others as they were.
  const folder = path.join(host.paths.repo, "content", "services");
  const file = `content/services/${fs.readdirSync(folder).filter((name) => name.endsWith(".yaml"))[0]}`;
  const text = fs.readFileSync(path.join(host.paths.repo, file), "utf8");
  const slug = String((YAML.parse(text) as { slug: string }).slug);
  const title = `Title ${Date.now()}`;
  const commit = commitFile(host, file, edited(text, ["hero", "title"], title), "One page's title");
  await expect.poll(liveCommit, BUILD).toBe(commit);
  const status = await readStatus(host);
  expect(status.history[0]).toMatchObject({ commit, clean: false });
  expect(await page(host, `/${slug}`)).toContain(title);
  for (const route of routes) {
    for (const [, script] of (await page(host, route)).matchAll(/src="(\/inline-[^"]+)"/g)) {
      expect((await fetch(host.url + script)).status, `${route} names ${script}`).toBe(200);
    }
  }
  // The build keeps only the script files its pages name (releases carry earlier ones on
  // purpose, for visitors who loaded a page before the switch).
  const built = path.join(host.paths.build, "public");
  const named = new Set(
    htmlFiles(built).flatMap((html) =>
      [...fs.readFileSync(html, "utf8").matchAll(/src="\/(inline-[^"]+)"/g)].map((m) => m[1]),
    ),
  );
  const files = fs.readdirSync(built).filter((name) => name.startsWith("inline-"));
  expect(files.filter((name) => !named.has(name))).toEqual([]);
});

test("a commit that changes code runs none of it, and nothing the repository holds runs in the publisher's git (issue 35)", async () => {
  test.setTimeout(10 * 60_000);
  // What an editor's user could plant: a program as core.fsmonitor, hooks, and code in a commit.
  const proof = path.join(host.dir, "planted-ran");
  const program = path.join(host.dir, "planted.sh");
  fs.writeFileSync(program, `#!/bin/sh\necho "$0 $*" >> '${proof}'\n`, { mode: 0o755 });
  git(host, "config", "core.fsmonitor", program);
  for (const hook of ["post-checkout", "reference-transaction", "post-index-change", "pre-push"])
    fs.copyFileSync(program, path.join(host.paths.repo, ".git", "hooks", hook));
  const gatsbyNode = path.join(host.paths.repo, "gatsby-node.ts");
  fs.writeFileSync(
    gatsbyNode,
    `require("node:fs").appendFileSync(${JSON.stringify(proof)}, "gatsby-node.ts from a commit ran\\n");\n${fs.readFileSync(gatsbyNode, "utf8")}`,
  );
  const phone = newPhone();
  fs.writeFileSync(path.join(host.paths.repo, SITE), edited(original, PHONE, phone));
  // This test's own commit runs nothing planted either.
  git(
    host,
    "-c",
    "core.hooksPath=/dev/null",
    "-c",
    "core.fsmonitor=false",
    "commit",
    "--quiet",
    "--all",
    "-m",
    "Code and content",
  );
  const commit = headOf(host);
  try {
    await expect.poll(liveCommit, BUILD).toBe(commit);
    expect(await page(host, "/")).toContain(phone);
    expect(fs.existsSync(proof) ? fs.readFileSync(proof, "utf8") : "").toBe("");
    expect((await readStatus(host)).warnings.join("\n")).toMatch(/not published \(gatsby-node\.ts\).*sitectl update/);
    // The backup is pushed from the publisher's own clone: the planted pre-push hook did not run.
    await expect.poll(async () => (await readStatus(host)).backup.state, BUILD).not.toBe("pushing");
    expect(fs.existsSync(proof)).toBe(false);
  } finally {
    git(host, "config", "--unset", "core.fsmonitor");
    for (const hook of ["post-checkout", "reference-transaction", "post-index-change", "pre-push"])
      fs.rmSync(path.join(host.paths.repo, ".git", "hooks", hook));
  }
});

test("rollback switches to the previous release and pins it until the next publish", async () => {
  const before = await readStatus(host);
  const previous = before.history.find((build) => build.result === "live" && build.release !== before.live!.release)!;
  execFileSync(
    path.join(APP_DIR, "node_modules", ".bin", "tsx"),
    [path.join(APP_DIR, "server", "publisher", "rollback.ts")],
    {
      env: { ...process.env, HOST_DIR: host.dir },
    },
  );
  const status = await readStatus(host);
  expect(status.live?.release).toBe(previous.release);
  expect(status.pinned).toBe(true);
  expect(fs.realpathSync(host.paths.live)).toBe(path.join(host.paths.releases, previous.release!));

  const phone = newPhone();
  const commit = commitFile(host, SITE, edited(original, PHONE, phone), "After the rollback");
  await expect.poll(liveCommit, BUILD).toBe(commit);
  expect((await readStatus(host)).pinned).toBe(false);
  expect(await page(host, "/")).toContain(phone);
  expect(fs.readdirSync(host.paths.releases).filter((name) => !name.endsWith(".json")).length).toBeLessThanOrEqual(5);
});

test.describe("a server short of disk space", () => {
  let small: Host;
  test.afterAll(async () => stopHost(small));

  test("does not build, and says 'technical problem, site unchanged'", async () => {
    small = await startHost({ HOST_MIN_FREE_MB: String(1024 ** 3) });
    await expect.poll(async () => (await readStatus(small)).state, BUILD).toBe("failed");
    const status = await readStatus(small);
    expect(status.lastError).toMatchObject({ kind: "technical", message: "Technical problem, site unchanged." });
    expect(status.live).toBeNull();
    expect(fs.readFileSync(path.join(small.dir, status.lastError!.log!), "utf8")).toMatch(/MB free/);
  });
});
