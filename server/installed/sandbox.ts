// Commands sitectl runs as a service's user inside that service's own sandbox: systemd-run
// with the [Service] settings of its installed unit (its user, the folders it may write, a
// private /tmp, no new privileges, its system-call filter...). Root never runs git in the
// content repository itself: a hook or core.fsmonitor program the editor's user planted
// there would run as root. Run this way, anything planted runs, if at all, as the editor's
// own user and with no more than its service has.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import { SAFE_GIT } from "../lib/git";
import { INSTALL_COMMAND, REPO_DIR, SERVICES, type ServiceName } from "./layout";
import { Failure, nodeScript, type Ran } from "./shell";

/** The unit settings that make the sandbox (the rest say how the service starts and restarts). */
const SANDBOX =
  /^(User|Group|WorkingDirectory|Environment|UMask|NoNewPrivileges|Protect\w+|ReadWritePaths|ReadOnlyPaths|InaccessiblePaths|Private\w+|Restrict\w+|LockPersonality|RemoveIPC|IPAddress\w+|SystemCall\w+|CapabilityBoundingSet|AmbientCapabilities|MemoryMax|TasksMax)$/;

/** The sandbox's `-p KEY=VALUE` settings, from a unit file's [Service] section. */
export function sandboxProperties(unitFile: string): string[] {
  const properties: string[] = [];
  let inService = false;
  for (const raw of unitFile.split("\n")) {
    const line = raw.trim();
    if (line.startsWith("[")) inService = line === "[Service]";
    const match = /^([A-Za-z]+)=(.*)$/.exec(line);
    if (inService && match && SANDBOX.test(match[1])) properties.push(`${match[1]}=${match[2]}`);
  }
  return properties;
}

export interface SandboxOptions {
  /** Show what it prints instead of capturing it. */
  show?: boolean;
  /** Its standard output goes to this open file (a large output: a git bundle). */
  stdoutFd?: number;
  /** Extra environment, NAME=value. */
  env?: Record<string, string>;
}

/** Runs `command args` as service `name`'s user in its unit's sandbox; waits for it. */
export function inSandbox(name: ServiceName, command: string, args: string[], options: SandboxOptions = {}): Ran {
  const unit = `/etc/systemd/system/${SERVICES[name].unit}.service`;
  if (!fs.existsSync(unit)) throw new Failure(`${unit} is missing: run ${INSTALL_COMMAND} again.`);
  const properties = sandboxProperties(fs.readFileSync(unit, "utf8")).flatMap((property) => ["-p", property]);
  const env = Object.entries({ TSX_DISABLE_CACHE: "1", ...options.env }).flatMap(([key, value]) => [
    `--setenv=${key}=${value}`,
  ]);
  const result = spawnSync(
    "systemd-run",
    ["--quiet", "--wait", "--collect", "--pipe", "--service-type=exec", ...properties, ...env, "--", command, ...args],
    {
      encoding: "utf8",
      stdio: options.show ? ["ignore", "inherit", "inherit"] : ["ignore", options.stdoutFd ?? "pipe", "pipe"],
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  if (result.error) throw new Failure(`could not run systemd-run: ${result.error.message}`);
  return { status: result.status ?? 1, stdout: result.stdout ?? "", stderr: result.stderr ?? "" };
}

/** git in the content repository, as the editor's user in its sandbox, hooks and fsmonitor off. */
export function repoGit(args: string[], options: SandboxOptions = {}): Ran {
  return inSandbox("editor", "/usr/bin/git", [...SAFE_GIT, "-C", REPO_DIR, ...args], options);
}

/** As repoGit, but it must succeed: its output, trimmed. */
export function mustRepoGit(args: string[], options: SandboxOptions = {}): string {
  const ran = repoGit(args, options);
  if (ran.status !== 0) {
    const why = (ran.stderr || ran.stdout).trim().split("\n").slice(-3).join(" / ");
    throw new Failure(`git ${args.join(" ")} failed in ${REPO_DIR}${why ? `: ${why}` : ""}`);
  }
  return ran.stdout.trim();
}

/** One of the project's scripts, as service `name`'s user in its sandbox. */
export const sandboxScript = (name: ServiceName, file: string, args: string[], options: SandboxOptions = {}) =>
  inSandbox(name, "/usr/bin/node", nodeScript(file, args), options);
