// Running commands for sitectl: as root or as one of the site's users, with what they
// print either captured or shown to the operator.
import { spawnSync } from "node:child_process";
import { SAFE_GIT } from "../lib/git";

/** A problem that ends the command: its sentence is what the operator reads. */
export class Failure extends Error {}

export interface Ran {
  status: number;
  stdout: string;
  stderr: string;
}

export interface RunOptions {
  cwd?: string;
  env?: Record<string, string>;
  /** Show what it prints (and let it ask the terminal) instead of capturing it. */
  show?: boolean;
  /** Its standard output goes to this open file (binary or large output: an archive). */
  stdoutFd?: number;
  input?: string | Buffer;
  /** Ended (SIGKILL) after this long; a failure of its own. */
  timeoutSeconds?: number;
}

/**
 * A command as root, in root's own folders. A command as a service's user is ./sandbox.ts's
 * runAs: in that service's sandbox, with a clean environment and a time limit.
 */
export function run(command: string, args: string[], options: RunOptions = {}): Ran {
  const result = spawnSync(command, args, {
    cwd: options.cwd,
    env: { ...process.env, ...options.env },
    encoding: "utf8",
    input: options.input,
    stdio: options.show ? ["inherit", "inherit", "inherit"] : ["pipe", options.stdoutFd ?? "pipe", "pipe"],
    maxBuffer: 64 * 1024 * 1024,
    timeout: options.timeoutSeconds ? options.timeoutSeconds * 1000 : undefined,
    killSignal: "SIGKILL",
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
  "./server/lib/printableOutput.ts",
  file,
  ...args,
];

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

/**
 * Each of a list of steps tried even after one before it fails (going back after a failed
 * update or restore): it returns an `attempt` to call per step, and what failed, a line each.
 */
export function everyStepTried(): { attempt: (what: string, step: () => void) => void; failed: string[] } {
  const failed: string[] = [];
  const attempt = (what: string, step: () => void) => {
    try {
      step();
    } catch (error) {
      failed.push(`${what}: ${error instanceof Error ? error.message : String(error)}`);
    }
  };
  return { attempt, failed };
}
