/**
 * @jest-environment node
 */
// The machine's checks (server/watch/checks/machine.ts), each problem planted in a
// temporary installed layout or answered by the machine, and each check's ok.
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import {
  code,
  disk,
  inodes,
  memory,
  nginxConfig,
  restartPending,
  securityUpdates,
  site,
  stableUpdates,
  units,
} from "../../../server/watch/checks/machine";
import { BLIPS_PER_DAY } from "../../../server/watch/checks/finding";
import { DOMAIN, levels, place, ran, theProblem } from "./place";

describe("code", () => {
  test("ok: the code in use has its node_modules", async () => {
    const here = place();
    const dir = path.join(here.paths.CODE_DIR, "abc123");
    fs.mkdirSync(path.join(dir, "node_modules", "tsx"), { recursive: true });
    fs.symlinkSync(dir, here.paths.APP_LINK);
    expect(await here.find(code)).toEqual([{ level: "ok", text: "code abc123 in use" }]);
  });

  test("problem: the code in use has no node_modules, or is not there", async () => {
    const here = place();
    const dir = path.join(here.paths.CODE_DIR, "abc123");
    fs.mkdirSync(dir, { recursive: true });
    fs.symlinkSync(dir, here.paths.APP_LINK);
    expect(theProblem(await here.find(code))).toMatchObject({
      id: "code",
      text: expect.stringContaining("has no node_modules"),
    });
    fs.rmSync(dir, { recursive: true });
    expect(theProblem(await here.find(code)).text).toMatch(/^the code in use is broken: ENOENT/);
  });
});

describe("units", () => {
  const stateOf = (states: Record<string, Record<string, string>>) => (name: string) => ({
    ActiveState: "active",
    Result: "success",
    NRestarts: "0",
    UnitFileState: "enabled",
    ...states[name],
  });

  test("ok: a line per unit, certbot's timer only with ACME", async () => {
    const here = place();
    const plain = await here.find(units);
    expect(levels(plain).every((level) => level === "ok")).toBe(true);
    expect(plain.map((finding) => finding.text)).toContain("nginx is running");
    expect(plain.map((finding) => finding.text)).not.toContain("certbot.timer is running");
    here.settings.tls = "acme";
    expect((await here.find(units)).map((finding) => finding.text)).toContain("certbot.timer is running");
  });

  test("problem: a unit systemd gave up on, told at once with its own id and what it stops", async () => {
    const here = place();
    here.machine.unit = stateOf({ "anodising-editor": { ActiveState: "failed", Result: "exit-code", NRestarts: "5" } });
    expect(theProblem(await here.find(units))).toMatchObject({
      id: "unit:anodising-editor",
      text: "anodising-editor failed (exit-code after 5 restarts), and systemd does not start it again by itself.",
      fix: expect.stringContaining("systemctl reset-failed anodising-editor"),
      notice: "staff cannot open the editor at /admin/ or save",
      blips: 0,
    });
  });

  test("problem: a unit not running; one restarting by itself is a blip", async () => {
    const here = place();
    here.machine.unit = stateOf({ nginx: { ActiveState: "inactive", Result: "success" } });
    expect(theProblem(await here.find(units))).toMatchObject({
      id: "unit:nginx",
      blips: 0,
      notice: "the site is down for every visitor",
    });
    here.machine.unit = stateOf({ nginx: { ActiveState: "activating", Result: "exit-code" } });
    expect(theProblem(await here.find(units))).toMatchObject({ id: "unit:nginx", blips: 1 });
  });

  test("problem: a unit running but not enabled", async () => {
    const here = place();
    here.machine.unit = stateOf({ "anodising-watch.timer": { UnitFileState: "disabled" } });
    expect(theProblem(await here.find(units))).toMatchObject({
      id: "enabled:anodising-watch.timer",
      fix: "systemctl enable anodising-watch.timer",
      notice: expect.stringMatching(/^nothing yet; after the next reboot: /),
    });
  });

  test("note: a unit that crashed and was restarted", async () => {
    const here = place();
    here.machine.unit = stateOf({ "anodising-enquiry": { NRestarts: "2" } });
    expect(levels(await here.find(units))).toContain("note");
    expect(levels(await here.find(units))).not.toContain("problem");
  });
});

describe("nginxConfig", () => {
  test("ok: nginx -t accepts it", async () => {
    const here = place();
    expect(levels(await here.find(nginxConfig))).toEqual(["ok"]);
  });

  test("problem: nginx -t refuses it, in nginx's words", async () => {
    const here = place();
    here.machine.run = (command) =>
      command === "nginx" ? ran("", 1, "nginx: [emerg] unknown directive\nnginx: configuration test failed") : ran();
    expect(theProblem(await here.find(nginxConfig))).toMatchObject({
      id: "nginx-config",
      text: "nginx refuses its configuration: nginx: [emerg] unknown directive nginx: configuration test failed",
    });
  });
});

describe("site", () => {
  let status = 200;
  const server = http.createServer((request, response) => {
    response.writeHead(request.headers.host === DOMAIN ? status : 421).end();
  });
  beforeAll(() => new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve)));
  afterAll(() => new Promise((resolve) => server.close(resolve)));
  const port = () => (server.address() as AddressInfo).port;

  test("ok: the home page answers 200 for the site's name", async () => {
    const here = place();
    here.machine.ports = { http: port(), https: 1 };
    status = 200;
    expect(await here.find(site)).toEqual([{ level: "ok", text: `http://${DOMAIN}/ answers 200` }]);
  });

  test("problem: the home page answers an error; a passing one is a blip", async () => {
    const here = place();
    here.machine.ports = { http: port(), https: 1 };
    status = 502;
    expect(theProblem(await here.find(site))).toMatchObject({
      id: "site",
      text: `http://${DOMAIN}/ answers 502`,
      notice: "visitors get an error page instead of the site",
      blips: 1,
    });
  });

  test("problem: nothing answers", async () => {
    const here = place();
    expect(theProblem(await here.find(site))).toMatchObject({
      id: "site",
      text: expect.stringMatching(new RegExp(`^http://${DOMAIN}/ does not answer: .*ECONNREFUSED`)),
      fix: "systemctl restart nginx; sitectl logs nginx",
    });
  });
});

describe("disk and inodes", () => {
  test("ok: room for builds", async () => {
    const here = place();
    expect(levels([...(await here.find(disk)), ...(await here.find(inodes))])).toEqual(["ok", "ok"]);
  });

  test("note, then problem: less than two builds' room, then less than one", async () => {
    const here = place();
    here.machine.freeSpace = () => ({ megabytes: 3000, inodes: 1_000_000, hasInodes: true });
    expect(levels(await here.find(disk))).toEqual(["note"]);
    here.machine.freeSpace = () => ({ megabytes: 500, inodes: 1_000_000, hasInodes: true });
    expect(theProblem(await here.find(disk))).toMatchObject({
      id: "disk",
      text: expect.stringMatching(/^only 500 MB free/),
    });
  });

  test("problem: too few inodes; none counted on a disk without a fixed number", async () => {
    const here = place();
    here.machine.freeSpace = () => ({ megabytes: 50_000, inodes: 10, hasInodes: true });
    expect(theProblem(await here.find(inodes))).toMatchObject({
      id: "inodes",
      text: expect.stringMatching(/^only 10 free inodes/),
    });
    here.machine.freeSpace = () => ({ megabytes: 50_000, inodes: 0, hasInodes: false });
    expect(await here.find(inodes)).toEqual([]);
  });
});

describe("memory", () => {
  test("nothing to say with enough; a note with too little", async () => {
    const here = place();
    expect(await here.find(memory)).toEqual([]);
    here.machine.memoryBytes = () => 1 * 2 ** 30;
    expect(await here.find(memory)).toEqual([
      { level: "note", text: expect.stringMatching(/^only 1\.0 GB of memory/) },
    ]);
  });
});

describe("securityUpdates", () => {
  const apt = (lines: string[]) => (command: string) => (command === "apt-get" ? ran(lines.join("\n")) : ran());

  test("ok: none waiting", async () => {
    const here = place();
    here.machine.run = apt(["Inst libfoo [1.0] (1.1 Debian:13.1/stable [amd64])"]);
    expect(levels(await here.find(securityUpdates))).toEqual(["ok"]);
  });

  test("problem: security updates waiting, told after a day", async () => {
    const here = place();
    here.machine.run = apt([
      "Inst openssl [3.5.1-1] (3.5.1-1+deb13u1 Debian-Security:13/stable-security [amd64])",
      "Inst libssl3t64 [3.5.1-1] (3.5.1-1+deb13u1 Debian-Security:13/stable-security [amd64])",
    ]);
    expect(theProblem(await here.find(securityUpdates))).toMatchObject({
      id: "security-updates",
      text: "2 security updates waiting (openssl, libssl3t64).",
      blips: BLIPS_PER_DAY,
    });
  });

  test("nothing to say when apt cannot be asked", async () => {
    const here = place();
    here.machine.run = () => ran("", 100, "E: Could not open lock file");
    expect(await here.find(securityUpdates)).toEqual([]);
  });
});

describe("stableUpdates", () => {
  const apt = (lines: string[]) => (command: string) => (command === "apt-get" ? ran(lines.join("\n")) : ran());

  test("ok: only security updates waiting (their own check tells them)", async () => {
    const here = place();
    here.machine.run = apt(["Inst openssl [3.5.1-1] (3.5.1-1+deb13u1 Debian-Security:13/stable-security [amd64])"]);
    expect(levels(await here.find(stableUpdates))).toEqual(["ok"]);
  });

  test("problem: Debian's point-release updates waiting, named, told after a week (issue 71, L11)", async () => {
    const here = place();
    here.machine.run = apt([
      "Inst libc6 [2.41-12] (2.41-12+deb13u1 Debian:13.2/stable [amd64])",
      "Inst tzdata [2025b-4] (2025c-0+deb13u1 Debian:13.2/stable [all])",
      "Inst openssl [3.5.1-1] (3.5.1-1+deb13u1 Debian-Security:13/stable-security [amd64])",
    ]);
    expect(theProblem(await here.find(stableUpdates))).toMatchObject({
      id: "stable-updates",
      text: expect.stringMatching(/^2 stable updates of Debian's waiting \(libc6, tzdata\)/),
      blips: 7 * BLIPS_PER_DAY,
      fix: expect.stringContaining("sitectl updates --stable on"),
    });
  });

  test("nothing to say when apt cannot be asked", async () => {
    const here = place();
    here.machine.run = () => ran("", 100, "E: Could not open lock file");
    expect(await here.find(stableUpdates)).toEqual([]);
  });
});

describe("restartPending", () => {
  test("nothing to say when the newest kernel runs", async () => {
    const here = place();
    here.write(path.join(here.paths.BOOT_DIR, "vmlinuz-6.12.0-1-amd64"), "");
    expect(await here.find(restartPending)).toEqual([]);
  });

  test("problem: a newer kernel is installed, told after a week", async () => {
    const here = place();
    here.write(path.join(here.paths.BOOT_DIR, "vmlinuz-6.12.0-1-amd64"), "");
    here.write(path.join(here.paths.BOOT_DIR, "vmlinuz-6.12.0-10-amd64"), "");
    expect(theProblem(await here.find(restartPending))).toMatchObject({
      id: "restart-pending",
      text: expect.stringContaining("a newer kernel (6.12.0-10-amd64)"),
      blips: 7 * BLIPS_PER_DAY,
    });
  });
});
