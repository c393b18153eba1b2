// Running commands for sitectl: as root or as one of the site's users, with what they
// print either captured or shown to the operator.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import { SAFE_GIT } from "../lib/git";
import { APP_LINK, EDITORS_FILE, ENQUIRY_DIR, HOST_DIR, SERVICES } from "./layout";

/** A problem that ends the command: its sentence is what the operator reads. */
export class Failure extends Error {}

export interface Ran {
  status: number;
  stdout: string;
  stderr: string;
}

export interface RunOptions {
  /** Run as this user (runuser), in the code in use, with the services' settings. */
  user?: string;
  /** Instead of the user's service's UMask=. */
  umask?: string;
  cwd?: string;
  env?: Record<string, string>;
  /** Show what it prints (and let it ask the terminal) instead of capturing it. */
  show?: boolean;
  /** Its standard output goes to this open file (binary or large output: an archive). */
  stdoutFd?: number;
  input?: string | Buffer;
}

/**
 * The settings every service gets from its unit, for commands run as its user; tsx keeps
 * no compiled code in the shared /tmp, where another user could leave some.
 */
const SERVICE_ENV = {
  HOST_DIR,
  EDITORS_FILE,
  ENQUIRY_DIR,
  NODE_ENV: "production",
  TSX_DISABLE_CACHE: "1",
  TMPDIR: "/tmp",
};

export function run(command: string, args: string[], options: RunOptions = {}): Ran {
  // As the user's service would: its files keep the modes the others rely on.
  const umask =
    options.umask ?? Object.values(SERVICES).find((service) => service.user === options.user)?.umask ?? "0022";
  const [file, argv] = options.user
    ? ["runuser", ["-u", options.user, "--", "sh", "-c", `umask ${umask} && exec "$0" "$@"`, command, ...args]]
    : [command, args];
  const result = spawnSync(file, argv, {
    cwd: options.cwd ?? (options.user ? fs.realpathSync(APP_LINK) : undefined),
    env: { ...process.env, ...(options.user ? SERVICE_ENV : {}), ...options.env },
    encoding: "utf8",
    input: options.input,
    stdio: options.show ? ["inherit", "inherit", "inherit"] : ["pipe", options.stdoutFd ?? "pipe", "pipe"],
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.error) throw new Failure(`could not run ${command}: ${result.error.message}`);
  return { status: result.status ?? 1, stdout: result.stdout ?? "", stderr: result.stderr ?? "" };
}

/** Runs a command that must succeed; its output, trimmed. */
export function must(command: string, args: string[], options: RunOptions = {}): string {
  const result = run(command, args, options);
  if (result.status !== 0) {
    const why = (result.stderr || result.stdout).trim().split("\n").slice(-3).join(" / ");
    throw new Failure(`${command} ${args.join(" ")} failed${why ? `: ${why}` : ""}`);
  }
  return result.stdout.trim();
}

/**
 * Node's arguments for one of the project's own scripts (server/..., from the code's
 * folder): TypeScript, and what it prints to a terminal printable (server/lib/printable.ts).
 */
export const nodeScript = (file: string, args: string[]) => [
  "--import",
  "tsx",
  "--import",
  "./server/lib/printableTerminal.ts",
  file,
  ...args,
];

/** One of the project's own scripts (server/...), run by Node as a service's user. */
export const script = (user: string, file: string, args: string[], options: RunOptions = {}) =>
  run("/usr/bin/node", nodeScript(file, args), { ...options, user });

/** git as root, in root's own folders only (the code): the content repository is the editor's (sandbox.ts repoGit). */
export const git = (dir: string, args: string[], options: RunOptions = {}) =>
  must("git", [...SAFE_GIT, "-C", dir, ...args], options);

export const systemctl = (...args: string[]) => run("systemctl", args);

/**
 * `systemctl start|restart` for the operator's own commands: the units' start limit (5
 * starts in 10 minutes) is for crash loops, so a few commands in a row must not hit it.
 */
export function startUnits(verb: "start" | "restart", ...units: string[]): Ran {
  systemctl("reset-failed", ...units);
  return systemctl(verb, ...units);
}

/** A unit's properties, from `systemctl show`. */
export function unitState(unit: string): Record<string, string> {
  const out = systemctl(
    "show",
    unit,
    "--property=ActiveState,SubState,Result,NRestarts,UnitFileState,ExecMainStartTimestamp",
  );
  return Object.fromEntries(
    out.stdout
      .trim()
      .split("\n")
      .map((line) => [line.slice(0, line.indexOf("=")), line.slice(line.indexOf("=") + 1)]),
  );
}

export const say = (line = "") => console.log(line);

/** "1 login", "2 logins". */
export const count = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
