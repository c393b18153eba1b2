// Helpers for the server tests: start `npm run host` on a temporary HOST_DIR, read its
// status record over HTTP (as the editor does), commit to its repository as staff would.
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import YAML from "yaml";
import { hashPassword, writeLogins } from "../login/logins";
import type { Status } from "../publisher/status";
import { publisherStatus } from "../installed/records";
import { APP_DIR, hostPaths } from "../lib/settings";
import { ENQUIRY_API } from "../../src/enquiry/rules";

export interface Host {
  dir: string;
  /** The staff login the tests use (written to the logins file before the host starts). */
  login: { username: string; password: string };
  /** Its Authorization header. */
  auth: Record<string, string>;
  url: string;
  port: number;
  /** The enquiry service's own port (behind nginx at /api/enquiry). */
  enquiryPort: number;
  /** The editor's own port (behind nginx at /api/v1 and its login check). */
  editorPort: number;
  paths: ReturnType<typeof hostPaths>;
  process: ChildProcess;
  output: string;
}

/**
 * Starts a server process told to listen on port 0, and resolves once it says where
 * ("… on http://127.0.0.1:PORT …"): no port is picked first and bound later.
 */
export function spawnListening(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
): Promise<{ child: ChildProcess; port: number }> {
  const child = spawn(command, args, { cwd: APP_DIR, env, stdio: ["ignore", "pipe", "inherit"] });
  return new Promise((resolve, reject) => {
    let seen = "";
    const onData = (chunk: Buffer) => {
      process.stdout.write(chunk);
      seen += chunk.toString();
      const match = /on http:\/\/127\.0\.0\.1:(\d+)/.exec(seen);
      if (match) {
        child.stdout!.off("data", onData);
        child.stdout!.on("data", (more: Buffer) => process.stdout.write(more));
        child.off("exit", onExit);
        resolve({ child, port: Number(match[1]) });
      }
    };
    const onExit = (code: number | null) => reject(new Error(`${args.join(" ")} exited (${code}) before listening`));
    child.stdout!.on("data", onData);
    child.once("exit", onExit);
  });
}

/**
 * The host's settings, or what makes them from its address (asked again if it starts on
 * another port): a server beside it that must name it (the CDN) starts there.
 */
export type HostEnv =
  | Record<string, string>
  | ((url: string) => Record<string, string> | Promise<Record<string, string>>);

/** A port free now, for a server that cannot listen on 0 (nginx): startHost retries if it is taken meanwhile. */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * The longest a host may take to start: five services and the seed release's compression,
 * beside the browser tests on two busy cores (alone, about 20 s).
 */
export const START_MS = 5 * 60_000;

/** Tries to start `npm run host`; a port taken between freePort() and its binding is tried again. */
const START_ATTEMPTS = 3;
const PORT_TAKEN = /EADDRINUSE|Address already in use/;

/**
 * `npm run host` on a new temporary HOST_DIR; resolves once nginx serves the status record
 * and the editor and the enquiry service say they listen. nginx cannot listen on port 0,
 * so its ports are picked free first: if one is taken meanwhile, it starts again on others.
 */
export async function startHost(
  env: HostEnv,
  /** What to make in HOST_DIR before the host starts (its repository, say). */
  prepare?: (paths: ReturnType<typeof hostPaths>) => Promise<void>,
): Promise<Host> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "host-test-"));
  // nginx's workers (another user when the tests run as root) read the releases.
  fs.chmodSync(dir, 0o755);
  const login = { username: "staff", password: crypto.randomBytes(12).toString("base64url") };
  writeLogins(path.join(dir, "editors"), new Map([[login.username, hashPassword(login.password)]]));
  const auth = { authorization: `Basic ${Buffer.from(`${login.username}:${login.password}`).toString("base64")}` };
  await prepare?.(hostPaths(dir));
  for (let attempt = 1; ; attempt += 1) {
    const host = await startOnce(dir, login, auth, env);
    if (host) return host;
    if (attempt === START_ATTEMPTS) throw new Error(`npm run host found its ports taken ${START_ATTEMPTS} times`);
  }
}

/** One start on new ports: the host, or null when a port was taken (stopped again). */
async function startOnce(dir: string, login: Host["login"], auth: Host["auth"], envOf: HostEnv): Promise<Host | null> {
  const port = await freePort();
  // Settings that name the host's own address (the mirror's SERVER_URL) are made from it.
  const env = typeof envOf === "function" ? await envOf(`http://127.0.0.1:${port}`) : envOf;
  const editorPort = await freePort();
  const enquiryPort = Number(env.ENQUIRY_PORT ?? (await freePort()));
  const output = path.join(dir, "host.log");
  const log = fs.openSync(output, "w");
  const child = spawn(path.join(APP_DIR, "node_modules", ".bin", "tsx"), [path.join(APP_DIR, "server", "host.ts")], {
    cwd: APP_DIR,
    env: {
      ...process.env,
      HOST_DIR: dir,
      PORT: String(port),
      EDITOR_PORT: String(editorPort),
      ENQUIRY_PORT: String(enquiryPort),
      ...env,
    },
    stdio: ["ignore", log, log],
    // A process group of its own: stopHost ends the services it starts too, not only it.
    detached: true,
  });
  fs.closeSync(log);
  const host = {
    dir,
    login,
    auth,
    url: `http://127.0.0.1:${port}`,
    port,
    enquiryPort,
    editorPort,
    paths: hostPaths(dir),
    process: child,
    output,
  };
  const listening = [
    `127.0.0.1:${editorPort}/api/v1`,
    `${ENQUIRY_API} on http://127.0.0.1:${enquiryPort}`,
    `checking logins on unix:${hostPaths(dir).hostDir}/login.sock`,
  ];
  const deadline = Date.now() + START_MS;
  for (;;) {
    const text = fs.readFileSync(output, "utf8");
    if (PORT_TAKEN.test(text)) {
      console.log(`npm run host: a port was taken meanwhile; starting again on others:\n${text}`);
      await stopHost(host);
      return null;
    }
    if (listening.every((line) => text.includes(line)) && (await readStatus(host).catch(() => null))) return host;
    if (child.exitCode !== null || Date.now() > deadline) {
      throw new Error(`npm run host did not start:\n${text}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

export async function stopHost(host: Host | undefined): Promise<void> {
  if (!host || host.process.exitCode !== null) return;
  const exited = new Promise((resolve) => host.process.once("exit", resolve));
  const group = -host.process.pid!;
  process.kill(group, "SIGTERM");
  await exited;
  // Its services may outlive it for a moment and still write in its folder: wait until
  // none of the group is left (SIGKILL after 30 s).
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      process.kill(group, Date.now() > deadline ? "SIGKILL" : 0);
    } catch {
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Removes a test's folder. A service of a stopped host may still write its last file there
 * (ENOTEMPTY, seen on loaded machines): rmSync tries again, as Node documents for that error.
 */
export function removeTestFolder(dir: string): void {
  fs.rmSync(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
}

/**
 * The status record, as the editor reads it (logged in when `headers` say so). Every
 * record the publisher writes in these tests must be of the shape root checks it against
 * (server/installed/records.ts): one that is not fails here, naming the field.
 */
export async function readStatus(host: Host, headers: Record<string, string> = host.auth): Promise<Status> {
  const response = await fetch(`${host.url}/admin/status.json`, { headers });
  if (!response.ok) throw new Error(`status.json: ${response.status}`);
  return publisherStatus.parse(await response.json());
}

export async function page(host: Host, route: string): Promise<string> {
  const response = await fetch(host.url + route);
  return response.ok ? response.text() : `HTTP ${response.status}`;
}

/** Git in `repo` as the tests' author; its output trimmed. */
export const gitIn = (repo: string, ...args: string[]) =>
  execFileSync("git", ["-c", "user.name=Server test", "-c", "user.email=test@example.invalid", ...args], {
    cwd: repo,
    encoding: "utf8",
  }).trim();

/** Git in the host's repository (HOST_DIR/repo). */
export const git = (host: Host, ...args: string[]) => gitIn(host.paths.repo, ...args);

export const headOf = (host: Host) => git(host, "rev-parse", "HEAD");

/** Commits `text` as `file` (relative to the repository) on main; returns the commit. */
export function commitFile(host: Host, file: string, text: string, message: string): string {
  fs.writeFileSync(path.join(host.paths.repo, file), text);
  git(host, "commit", "--quiet", "--all", "--message", message);
  return headOf(host);
}

/** A YAML file's text with one value changed (comments and the rest kept). */
export function edited(original: string, key: (string | number)[], value: string): string {
  const document = YAML.parseDocument(original);
  document.setIn(key, value);
  return document.toString();
}

/**
 * Words unique to this run, without a digit: a text staff might write. A figure the
 * page's German does not state would be refused (src/schema/figures.ts).
 */
export const uniqueWords = (prefix: string) =>
  `${prefix} ${Date.now()
    .toString()
    .replace(/\d/g, (digit) => "abcdefghij"[Number(digit)]!)}`;

let phones = 0;
/** A valid phone number no page shows yet (12 digits, unique to this run). */
export function newPhone(): string {
  phones += 1;
  const tail = String((Date.now() + phones) % 10_000).padStart(4, "0");
  return `+91 20 ${String(4000 + phones)} ${tail}`;
}

/** Every process now: its id, parent, process group and state (from /proc). */
export function processes(): { pid: number; ppid: number; pgrp: number; state: string }[] {
  return fs
    .readdirSync("/proc")
    .filter((name) => /^\d+$/.test(name))
    .flatMap((pid) => {
      try {
        const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
        // pid (comm) state ppid pgrp ...: comm may hold spaces, so split after its ')'.
        const [state, ppid, pgrp] = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
        return [{ pid: Number(pid), ppid: Number(ppid), pgrp: Number(pgrp), state }];
      } catch {
        return []; // gone meanwhile
      }
    });
}

/** Processes still running in a process group (zombies, already dead, are not counted). */
export const runningInGroup = (pgid: number): number[] =>
  processes()
    .filter((process) => process.pgrp === pgid && process.state !== "Z")
    .map((process) => process.pid);
