// The publisher end to end, on the shared publishing host (./publishing.ts): `npm run host`
// on a temporary HOST_DIR, its first release adopted from the suite's build (public/), then
// real commits in HOST_DIR/repo built by real Gatsby builds. Every wait is on the status
// record or a process, never on time. Each release is mirrored to a bucket (s3rver) behind
// a CDN (nginx's proxy_cache), and a visitor browses through the CDN the whole time (issue 40).
import { execFileSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { chromium, expect, request, type Browser } from "@playwright/test";
import YAML from "yaml";
import { enquiry, routes } from "../../e2e/content";
import { launchOptions } from "../../e2e/browser";
import { htmlFiles } from "../../src/build/finishPages";
import { cdnHeaders } from "../../deploy/headers";
import { readJson } from "../lib/files";
import { APP_DIR } from "../lib/settings";
import { openBucket } from "../publisher/mirror/bucket";
import { PHASES, nginxTypes, phaseOf, releaseObjects } from "../publisher/mirror/objects";
import { readMirrorSettings } from "../publisher/mirror/settings";
import type { Release } from "../publisher/releases";
import type { Status } from "../publisher/status";
import { BUCKET, BucketLine, KEYS } from "./cdn";
import { Probe, inGatsby, restWhile } from "./probe";
import { test } from "./publishing";
import { fill, form } from "./quoteForm";
import {
  commitFile,
  git,
  headOf,
  newPhone,
  page,
  readStatus,
  removeTestFolder,
  runningInGroup,
  edited,
  startHost,
  stopHost,
  uniqueWords,
  type Host,
} from "./host";

test.describe.configure({ mode: "serial" });

const SITE = "content/site.yaml";
/** The first contact's phone, in the file's English (en:). */
const PHONE = ["en", "contacts", 0, "phone"];
// A clean build (the first of a host, or after a kill) took over 6 minutes on two busy
// cores, most of it Gatsby's image jobs: the wait is sized for the slow machine.
const BUILD = { timeout: 10 * 60_000, intervals: [500] };
let host: Host;
let original: string;
let backup: string;
/** The mirror's world (the bucket, the line to it, the CDN) and the visitor browsing through it. */
let bucket: { child: ChildProcess; port: number };
let line: BucketLine;
let cdn: { url: string };
let browser: Browser;
let probe: Probe;

test.beforeAll(async ({ publishing }) => {
  // The seed release reaching the bucket (the host itself started in the fixture).
  test.setTimeout(3 * 60_000);
  ({ host, backup, bucket, line, cdn } = publishing);
  // The site's published address is the CDN's (MIRROR_URL, publishing.ts): the quote form
  // answers scripts from there.
  original = fs.readFileSync(path.join(host.paths.repo, SITE), "utf8");
  // The seed release is in the bucket before anyone visits.
  await expect.poll(async () => mirrored(await readStatus(host)), BUILD).toBe(true);
  // As the config's own browser (a test outside fixtures launches its own).
  browser = await chromium.launch(launchOptions);
  probe = new Probe(browser, cdn.url, host.paths.releases, routes, host.paths.status);
  probe.start();
});

test.afterAll(async () => {
  await probe?.stop();
  await browser?.close();
});

/** The bucket serves the live release whole. */
const mirrored = (status: Awaited<ReturnType<typeof readStatus>>) =>
  status.mirror.state === "ok" && status.mirror.release === status.live?.release;

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
  const badGstin = commitFile(host, SITE, edited(original, ["en", "gstin"], "NOT-A-GSTIN"), "Bad GSTIN");
  await expect.poll(async () => (await readStatus(host)).lastError?.commit, BUILD).toBe(badGstin);
  let status = await readStatus(host);
  expect(status.state).toBe("failed");
  expect(status.lastError).toMatchObject({ kind: "content" });
  expect(status.lastError!.message).toMatch(/content\/site\.yaml › en\.gstin: .*NOT-A-GSTIN/);
  expect(status.live).toEqual(before.live);

  const broken = commitFile(host, SITE, original + "\n  : [unclosed\n", "Broken YAML");
  await expect.poll(async () => (await readStatus(host)).lastError?.commit, BUILD).toBe(broken);
  status = await readStatus(host);
  expect(status.state).toBe("failed");
  expect(status.lastError!.message).toContain("content/site.yaml");
  expect(status.live).toEqual(before.live);
  expect(await page(host, "/")).toBe(home);

  // A content file committed as a link to a file of the publisher's (issue 52, finding 3):
  // refused by its path before anything reads it; the file's text is nowhere staff look.
  const secret = path.join(host.paths.state, "backup-key");
  fs.writeFileSync(secret, "-----BEGIN OPENSSH PRIVATE KEY----- publisher-only\n");
  const service = `content/services/${fs.readdirSync(path.join(host.paths.repo, "content", "services")).find((name) => name.endsWith(".yaml"))}`;
  const serviceText = fs.readFileSync(path.join(host.paths.repo, service), "utf8");
  fs.rmSync(path.join(host.paths.repo, service));
  fs.symlinkSync(secret, path.join(host.paths.repo, service));
  git(host, "commit", "--quiet", "--all", "--message", "A link to the publisher's key");
  const link = headOf(host);
  await expect.poll(async () => (await readStatus(host)).lastError?.commit, BUILD).toBe(link);
  status = await readStatus(host);
  expect(status.lastError!.message).toContain(`${service} › (whole file): is a link; content/ may hold only files`);
  expect(JSON.stringify(status)).not.toContain("publisher-only");
  expect(fs.readFileSync(host.paths.status, "utf8")).not.toContain("publisher-only");
  expect(status.live).toEqual(before.live);
  // The file again (site.yaml is still the broken one: refused as content, nothing built).
  fs.rmSync(path.join(host.paths.repo, service));
  const mended = commitFile(host, service, serviceText, "The service's file again");
  await expect.poll(async () => (await readStatus(host)).lastError?.commit, BUILD).toBe(mended);
  expect((await readStatus(host)).lastError!.message).toContain("content/site.yaml");
});

/** The commit whose build the publisher was killed in, and what its restart builds now. */
let killed: { commit: string; group: number };

// The restart's clean build is the next test's build too: commits that arrive during it
// are published together by the one after (a build of their own cost two more minutes).
test("a publisher killed mid-build leaves the site alone, no build runs on, and once restarted builds from a clean cache", async () => {
  test.setTimeout(14 * 60_000);
  const before = await readStatus(host);
  const commit = commitFile(host, SITE, edited(original, PHONE, newPhone()), "New phone");
  await expect.poll(async () => (await readStatus(host)).building?.step, BUILD).toBe("build");
  await expect.poll(() => fs.existsSync(host.paths.buildPid)).toBe(true);
  const publisher = Number(fs.readFileSync(host.paths.publisherPid, "utf8"));
  const group = Number(fs.readFileSync(host.paths.buildPid, "utf8"));
  expect(runningInGroup(group).length).toBeGreaterThan(0);

  process.kill(publisher, "SIGKILL");
  await expect.poll(() => runningInGroup(group), { timeout: 15_000 }).toEqual([]);
  expect(fs.realpathSync(host.paths.live)).toBe(path.join(host.paths.releases, before.live!.release));

  // `npm run host` starts the publisher again, which builds the commit from a clean cache.
  await expect
    .poll(async () => (await readStatus(host)).building, BUILD)
    .toMatchObject({ commit, clean: true, step: "build" });
  const restarted = () =>
    fs.existsSync(host.paths.buildPid) ? Number(fs.readFileSync(host.paths.buildPid, "utf8")) : 0;
  await expect
    .poll(() => restarted() !== 0 && restarted() !== group && runningInGroup(restarted()).length > 0, BUILD)
    .toBe(true);
  expect(Number(fs.readFileSync(host.paths.publisherPid, "utf8"))).not.toBe(publisher);
  expect(fs.realpathSync(host.paths.live)).toBe(path.join(host.paths.releases, before.live!.release));
  killed = { commit, group: restarted() };
});

test("commits during that build are published together by the next one, a visitor polling through both switches sees no error, and the backup catches up", async () => {
  test.setTimeout(14 * 60_000);
  // What a visitor of the live release has loaded: its pages, scripts, styles and images.
  const html = await page(host, "/");
  const assets = [...html.matchAll(/(?:src|href)="(\/[^"]+\.(?:js|css|webp|avif|png|jpe?g|svg))"/g)].map((m) => m[1]);
  expect(assets.length).toBeGreaterThan(0);
  const urls = [...routes, ...new Set(assets), "/page-data/app-data.json"];
  const failures: string[] = [];
  const phones = [newPhone(), newPhone()];
  let requests = 0;
  let switched = false;
  let polling = true;
  const visitor = (async () => {
    while (polling) {
      // As the probe does: nothing the server serves changes while Gatsby builds, and a
      // visitor polling without pause through those minutes took a core from the build.
      await restWhile(() => polling && inGatsby(readJson<Status>(host.paths.status)));
      for (const url of urls) {
        const response = await fetch(host.url + url);
        const body = await response.text();
        requests += 1;
        if (response.status !== 200) failures.push(`${url}: ${response.status}`);
        if (url === "/" && body.includes(phones[1])) switched = true;
      }
    }
  })();

  // Hold the restarted build still while two more commits arrive, so they surely land during it.
  const [second, third] = phones.map(
    (phone, i) => () => commitFile(host, SITE, edited(original, PHONE, phone), `Phone ${i}`),
  );
  process.kill(-killed.group, "SIGSTOP");
  let c3: string;
  try {
    second();
    c3 = third();
    await expect.poll(async () => (await readStatus(host)).head?.commit, BUILD).toBe(c3);
  } finally {
    process.kill(-killed.group, "SIGCONT");
  }

  // The backup remote does not exist: the push is retried and shown, publishing goes on.
  await expect.poll(async () => (await readStatus(host)).push.state, BUILD).toBe("retrying");
  expect((await readStatus(host)).push.error).toBeTruthy();
  execFileSync("git", ["init", "--quiet", "--bare", backup]);

  await expect.poll(liveCommit, BUILD).toBe(c3);
  await expect.poll(() => switched, { timeout: 30_000 }).toBe(true);
  polling = false;
  await visitor;

  expect(failures).toEqual([]);
  expect(requests).toBeGreaterThan(urls.length);
  const status = await readStatus(host);
  expect(status.state).toBe("idle");
  expect(status.history.slice(0, 3)).toMatchObject([
    { commit: c3, result: "live", clean: false },
    { commit: killed.commit, result: "live", clean: true },
    { commit: killed.commit, result: "interrupted" },
  ]);
  expect(status.history[0].commits).toHaveLength(2);
  expect(await page(host, "/")).toContain(phones[1]);

  // The backup caught up: the remote's main is the live commit.
  await expect.poll(async () => (await readStatus(host)).push, BUILD).toMatchObject({ state: "ok", pushed: c3 });
  expect(execFileSync("git", ["--git-dir", backup, "rev-parse", "main"], { encoding: "utf8" }).trim()).toBe(c3);
  expect(execFileSync("git", ["-C", host.paths.repo, "config", "core.fsync"], { encoding: "utf8" })).toContain(
    "committed",
  );
});

/** The commit of the next two tests: code a commit may not run, and one page's new title. */
let onePage: { commit: string; slug: string; title: string };

// One build serves both: the commit that carries code also changes one page.
test("a commit that changes code runs none of it, and nothing the repository holds runs in the publisher's git (issue 35)", async () => {
  test.setTimeout(14 * 60_000);
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
  // A service page's own title: Gatsby renders that page again and leaves the others as they were.
  const folder = path.join(host.paths.repo, "content", "services");
  const file = `content/services/${fs.readdirSync(folder).filter((name) => name.endsWith(".yaml"))[0]}`;
  const text = fs.readFileSync(path.join(host.paths.repo, file), "utf8");
  const slug = String((YAML.parse(text) as { en: { slug: string } }).en.slug);
  const title = uniqueWords("Title");
  fs.writeFileSync(path.join(host.paths.repo, file), edited(text, ["en", "hero", "title"], title));
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
    "Code, and one page's title",
  );
  const commit = headOf(host);
  onePage = { commit, slug, title };
  try {
    await expect.poll(liveCommit, BUILD).toBe(commit);
    expect(await page(host, `/${slug}`)).toContain(title);
    expect(fs.existsSync(proof) ? fs.readFileSync(proof, "utf8") : "").toBe("");
    expect((await readStatus(host)).warnings.join("\n")).toMatch(/not published \(gatsby-node\.ts\).*sitectl update/);
    // The backup is pushed from the publisher's own clone: the planted pre-push hook did not run.
    await expect.poll(async () => (await readStatus(host)).push.state, BUILD).not.toBe("pushing");
    expect(fs.existsSync(proof)).toBe(false);
  } finally {
    git(host, "config", "--unset", "core.fsmonitor");
    for (const hook of ["post-checkout", "reference-transaction", "post-index-change", "pre-push"])
      fs.rmSync(path.join(host.paths.repo, ".git", "hooks", hook));
  }
});

test("that change to one page was published by an incremental build, and every page finds the scripts it names (issue 27)", async () => {
  const { commit, slug, title } = onePage;
  const status = await readStatus(host);
  expect(status.live?.commit).toBe(commit);
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

/** The publish after the rollback, made while the line to the bucket fails (the next test). */
let afterRollback: { commit: string; phone: string; release: string; pagesBefore: string[]; from: number };

// One build serves both: the publish that ends the rollback's pin is the one whose upload is cut.
test("rollback switches to the previous release and pins it until the next publish", async () => {
  test.setTimeout(14 * 60_000);
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

  // The rolled-back release reaches the bucket, whole; then the line to it drops every
  // upload of page data (the next test): the files go up, no page data, no page.
  await expect.poll(async () => mirrored(await readStatus(host)), BUILD).toBe(true);
  const pagesBefore = await Promise.all(routes.map((route) => cdnPage(route)));
  line.cut = (sent) => sent.method === "PUT" && phaseOf(sent.key) === "page-data";
  const from = line.log.length;
  const phone = newPhone();
  const commit = commitFile(
    host,
    SITE,
    edited(original, PHONE, phone),
    "After the rollback, while the bucket's line fails",
  );
  afterRollback = { commit, phone, release: previous.release!, pagesBefore, from };
  await expect.poll(liveCommit, BUILD).toBe(commit);
  expect((await readStatus(host)).pinned).toBe(false);
  expect(await page(host, "/")).toContain(phone);
  expect(fs.readdirSync(host.paths.releases).filter((name) => !name.endsWith(".json")).length).toBeLessThanOrEqual(5);
});

// The mirror (issue 40): the CDN's visitor has browsed through every publish above.

/** The keys of a kept release as the mirror puts it in the bucket. */
const keysOf = (id: string) => {
  const release = JSON.parse(fs.readFileSync(path.join(host.paths.releases, `${id}.json`), "utf8")) as Release;
  return releaseObjects(path.join(host.paths.releases, id), new Set(release.hashed), nginxTypes()).map((o) => o.key);
};
/** A key's place in the upload order. */
const PHASE = (key: string) => PHASES.indexOf(phaseOf(key));

test("an upload cut mid-way leaves the CDN serving the previous release whole; the mirror says so and retries", async () => {
  test.setTimeout(14 * 60_000);
  const { commit, phone, release, pagesBefore, from } = afterRollback;
  expect(await liveCommit()).toBe(commit);
  await expect.poll(async () => (await readStatus(host)).mirror.state, BUILD).toBe("retrying");
  const failing = (await readStatus(host)).mirror;
  expect(failing).toMatchObject({ release });
  expect(failing.error).toBeTruthy();
  expect(failing.nextAttemptAt).toBeTruthy();
  // The server itself serves the new phone; the CDN still the previous release, page for page.
  expect(await page(host, "/")).toContain(phone);
  for (const [i, route] of routes.entries()) expect(await cdnPage(route), route).toBe(pagesBefore[i]);
  const sent = line.log.slice(from).filter((one) => one.method === "PUT");
  expect(sent.filter((one) => one.cut).length).toBeGreaterThan(0);
  expect(sent.filter((one) => !one.cut && phaseOf(one.key) !== "files")).toEqual([]);

  // The line comes back: the next try finishes the copy.
  line.cut = null;
  await expect.poll(async () => mirrored(await readStatus(host)), BUILD).toBe(true);
  expect(await cdnPage("/")).toContain(phone);
  const status = await readStatus(host);
  expect(status.mirror).toMatchObject({ state: "ok", attempts: 0 });
  console.log(
    `the publish after the rollback, once the line was back: ${status.mirror.uploaded} uploaded, ${status.mirror.unchanged} unchanged, its run ${status.mirror.seconds} s`,
  );
});

test("every mirror run uploads in order (files, page data, pages), only what changed, and deletes last", async () => {
  // Each run starts with a listing of the bucket.
  const runs: (typeof line.log)[] = [];
  for (const sent of line.log) {
    if (sent.method === "GET" && sent.key === "") runs.push([]);
    else runs.at(-1)?.push(sent);
  }
  expect(runs.length).toBeGreaterThan(5);
  for (const run of runs) {
    const writes = run.filter((one) => one.method === "PUT" || one.method === "DELETE");
    const order = writes.map((one) => (one.method === "DELETE" ? PHASES.length : PHASE(one.key)));
    expect(order, writes.map((one) => `${one.method} ${one.key}`).join("\n")).toEqual([...order].sort());
  }
  console.log(
    `mirror runs (uploads/deletes): ${runs.map((run) => `${run.filter((one) => one.method === "PUT").length}/${run.filter((one) => one.method === "DELETE").length}`).join(" ")}`,
  );
  // A publish that changed a phone number uploaded its pages and page data, not the site.
  const status = await readStatus(host);
  expect(status.mirror.uploaded).toBeGreaterThan(0);
  expect(status.mirror.unchanged).toBeGreaterThan(status.mirror.uploaded!);
  expect(runs.some((run) => run.some((one) => one.method === "DELETE"))).toBe(true);
});

test("the CDN serves every object with nginx's type and cache lifetime, and the CDN rule's headers", async () => {
  test.setTimeout(5 * 60_000);
  const live = (await readStatus(host)).live!.release;
  const fromCdn = await request.newContext({ ignoreHTTPSErrors: true });
  const expected = cdnHeaders(host.url);
  try {
    for (const key of keysOf(live)) {
      const at = `/${key === "index.html" ? "" : key}`;
      const [server, copy] = await Promise.all([fetch(host.url + at), fromCdn.get(cdn.url + at)]);
      expect(copy.status(), at).toBe(200);
      expect(server.status, at).toBe(200);
      expect(copy.headers()["content-type"], at).toBe(server.headers.get("content-type"));
      expect(copy.headers()["cache-control"], at).toBe(server.headers.get("cache-control"));
      for (const [name, value] of Object.entries(expected))
        expect(copy.headers()[name.toLowerCase()], `${at} ${name}`).toBe(value);
      await server.arrayBuffer();
    }
  } finally {
    await fromCdn.dispose();
  }
});

test("pages from the CDN send the quote form to the server, with and without JavaScript, and offer a call and WhatsApp when it cannot be reached", async () => {
  test.setTimeout(3 * 60_000);
  const quote = `/${enquiry.slug}`;
  const target = `${host.url}/api/enquiry`;
  for (const javaScriptEnabled of [true, false]) {
    const context = await browser.newContext({ ignoreHTTPSErrors: true, javaScriptEnabled });
    const visitor = await context.newPage();
    await visitor.goto(cdn.url + quote);
    expect(await visitor.locator("form").first().getAttribute("action")).toBe(target);
    await fill(visitor, form({ name: `Asha ${javaScriptEnabled ? "with" : "without"} JavaScript` }));
    await visitor.locator('form button[type="submit"]').click();
    await visitor.waitForURL(`${host.url}/api/enquiry/received/**`);
    await context.close();
  }
  const context = await browser.newContext({ ignoreHTTPSErrors: true });
  // The server down: its address answers nothing (the page came from the CDN).
  await context.route(`${target}**`, (route) => route.abort("connectionrefused"));
  const visitor = await context.newPage();
  await visitor.goto(cdn.url + quote);
  await fill(visitor, form());
  await visitor.locator('form button[type="submit"]').click();
  const notice = visitor.locator("form [role=alert]");
  await expect(notice).toContainText(enquiry.problems.network.slice(0, 20));
  await expect(notice.locator('a[href^="tel:"]')).toBeVisible();
  await expect(notice.locator('a[href^="https://wa.me/"]')).toBeVisible();
  await context.close();
});

test("after the grace period the bucket holds exactly the live release and the one before it", async () => {
  test.setTimeout(3 * 60_000);
  await expect.poll(async () => (await readStatus(host)).mirror, BUILD).toMatchObject({ state: "ok", waiting: 0 });
  const status = await readStatus(host);
  const memory = JSON.parse(fs.readFileSync(path.join(host.paths.state, "mirror.json"), "utf8"));
  expect(memory.release).toBe(status.live!.release);
  // The one the bucket served before: the release rolled back to, live until the last publish.
  expect(memory.previous.release).toBe(afterRollback.release);
  const settings = readMirrorSettings({
    MIRROR_ENDPOINT: `http://127.0.0.1:${bucket.port}`,
    MIRROR_BUCKET: BUCKET,
    ...KEYS,
  });
  const opened = openBucket(settings!);
  try {
    const held = (await opened.list()).map((object) => object.key).sort();
    expect(held).toEqual([...new Set([...keysOf(memory.release), ...keysOf(memory.previous.release)])].sort());
  } finally {
    opened.close();
  }
});

test("the visitor browsing through the CDN meanwhile met no missing file and no page with another release's scripts", async () => {
  await probe.stop();
  expect(probe.errors).toEqual([]);
  expect(probe.mixed).toEqual([]);
  expect(probe.scriptless).toEqual([]);
  expect(probe.unknown).toEqual([]);
  // A page whose bytes Chromium dropped is not checked; most must be.
  expect(probe.unread.length).toBeLessThan(probe.loaded / 10);
  // Pages of several releases: the publishes and the rollback reached the CDN while it browsed.
  console.log(
    `probe: ${probe.loaded} pages, ${probe.responses} responses, ${probe.reloads} reloaded by Gatsby, ${probe.unread.length} unread (${probe.unread.join(", ")}), ${probe.bucketErrors.length} of s3rver's failures, 5xx or cut (${probe.bucketErrors.join(", ")}), by release: ${JSON.stringify(Object.fromEntries(probe.pages))}`,
  );
  expect(probe.pages.size).toBeGreaterThan(3);
  expect(probe.loaded).toBeGreaterThan(routes.length * 3);
});

/** A page as the CDN serves it. */
async function cdnPage(route: string): Promise<string> {
  const fromCdn = await request.newContext({ ignoreHTTPSErrors: true });
  try {
    const answer = await fromCdn.get(cdn.url + route);
    expect(answer.status(), route).toBe(200);
    return await answer.text();
  } finally {
    await fromCdn.dispose();
  }
}

test.describe("a server short of disk space", () => {
  let small: Host;
  test.afterAll(async () => {
    await stopHost(small);
    if (small && test.info().errors.length === 0) removeTestFolder(small.dir);
  });

  test("does not build, and says 'technical problem, site unchanged'", async () => {
    small = await startHost({ HOST_MIN_FREE_MB: String(1024 ** 3) });
    await expect.poll(async () => (await readStatus(small)).state, BUILD).toBe("failed");
    const status = await readStatus(small);
    expect(status.lastError).toMatchObject({ kind: "technical", message: "Technical problem, site unchanged." });
    expect(status.live).toBeNull();
    expect(fs.readFileSync(path.join(small.dir, status.lastError!.log!), "utf8")).toMatch(/MB free/);
  });
});
