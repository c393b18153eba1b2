// Every command root runs as a service's user (sitectl, the watch's root part, the backups)
// runs inside that service's own sandbox: systemd-run with the [Service] settings of its
// installed unit (its user, the folders it may write, a private /tmp, its own PID
// namespace, no new privileges, its system-call filter...), a clean environment (systemd's,
// plus the unit's Environment= lines and what the caller names: never root's, where an
// operator's secret may be) and a time limit. Run this way a helper is invisible to the
// services and cannot be stopped or read by them (PrivatePIDs=), and anything a service
// planted (a git hook, a script) runs, if at all, with no more than its service has.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { SAFE_GIT } from "../lib/git";
import { INSTALL_COMMAND, REPO_DIR, REPORT_USER, SERVICES, WATCH_USER, type ServiceName } from "./layout";
import { Failure, nodeScript, type Ran } from "./shell";

/** The unit settings that make the sandbox (the rest say how the service starts and restarts). */
const SANDBOX =
  /^(User|Group|WorkingDirectory|Environment|UMask|NoNewPrivileges|Protect\w+|ReadWritePaths|ReadOnlyPaths|InaccessiblePaths|Private\w+|Restrict\w+|LockPersonality|RemoveIPC|IPAddress\w+|SystemCall\w+|CapabilityBoundingSet|AmbientCapabilities|MemoryMax|TasksMax)$/;

/**
 * The sandbox of a user without a unit of the site's (nginx's www-data, whose unit is
 * Debian's): the site units' common hardening, its own PID namespace, no network.
 */
export const PLAIN_SANDBOX = [
  "WorkingDirectory=/",
  "UMask=0027",
  "NoNewPrivileges=yes",
  "ProtectSystem=strict",
  "ProtectHome=yes",
  "PrivateTmp=yes",
  "PrivateDevices=yes",
  "PrivateNetwork=yes",
  "PrivatePIDs=yes",
  "ProtectProc=invisible",
  "ProtectKernelTunables=yes",
  "ProtectKernelModules=yes",
  "ProtectControlGroups=yes",
  "RestrictSUIDSGID=yes",
  "SystemCallFilter=@system-service",
  "CapabilityBoundingSet=",
];

/** Each user's unit, whose sandbox its helpers run in. */
const UNIT_OF: Record<string, string> = {
  ...Object.fromEntries(Object.values(SERVICES).map((service) => [service.user, service.unit])),
  [WATCH_USER]: "anodising-watch",
  [REPORT_USER]: "anodising-report",
};

/** A helper that says nothing of how long it may take ends after this (a stopped or hung one too). */
export const HELPER_TIMEOUT_SECONDS = 10 * 60;
/** A helper the operator is typing into (a password, a long list): ended after an hour. */
export const SHOWN_TIMEOUT_SECONDS = 60 * 60;

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
  /** Show what it prints (and let the operator type into it) instead of capturing it. */
  show?: boolean;
  /** Its standard output goes to this open file (a large output: a git bundle, an archive). */
  stdoutFd?: number;
  /** What it reads on standard input (a file root hands over, a password). */
  input?: string | Buffer;
  /** Extra environment, NAME=value (never a secret: it would be in the unit's settings). */
  env?: Record<string, string>;
  /** Folders it may write besides its unit's (made writable even where the unit reads them only). */
  writes?: string[];
  /** Instead of the unit's UMask=. */
  umask?: string;
  /** Instead of HELPER_TIMEOUT_SECONDS (SHOWN_TIMEOUT_SECONDS when shown). */
  timeoutSeconds?: number;
}

const inside = (dir: string, parent: string) => dir === parent || dir.startsWith(`${parent.replace(/\/$/, "")}/`);

/** The `-p` settings of `user`'s sandbox with what `options` adds. */
export function helperProperties(user: string, unitFile: string | null, options: SandboxOptions = {}): string[] {
  const timeout = options.timeoutSeconds ?? (options.show ? SHOWN_TIMEOUT_SECONDS : HELPER_TIMEOUT_SECONDS);
  const writes = options.writes ?? [];
  const own = unitFile ? sandboxProperties(unitFile) : [`User=${user}`, ...PLAIN_SANDBOX];
  const kept = own.filter((property) => {
    const [key, value] = [property.slice(0, property.indexOf("=")), property.slice(property.indexOf("=") + 1)];
    // A folder it is asked to write is no longer read-only; its own umask when the caller names one.
    if (key === "ReadOnlyPaths") return !writes.some((dir) => inside(value, dir));
    if (key === "UMask") return !options.umask;
    return true;
  });
  return [
    ...kept,
    ...writes.map((dir) => `ReadWritePaths=${dir}`),
    ...(options.umask ? [`UMask=${options.umask}`] : []),
    // Even when its unit says nothing of it: no service sees or signals a helper of root's.
    "PrivatePIDs=yes",
    // Past its time it is ended at once, stopped or not (SIGKILL follows SIGTERM within 5 s).
    "TimeoutStopSec=5",
    `RuntimeMaxSec=${timeout}`,
  ];
}

/** The installed unit file whose sandbox `user`'s helpers run in; null for a user without one. */
function unitFileOf(user: string): string | null {
  const unit = UNIT_OF[user];
  if (!unit) return null;
  const file = `/etc/systemd/system/${unit}.service`;
  if (!fs.existsSync(file)) throw new Failure(`${file} is missing: run ${INSTALL_COMMAND} again.`);
  return fs.readFileSync(file, "utf8");
}

/** Runs `command args` as `user` in its unit's sandbox (see above); waits for it, at most its time limit. */
export function runAs(user: string, command: string, args: string[], options: SandboxOptions = {}): Ran {
  const properties = helperProperties(user, unitFileOf(user), options).flatMap((property) => ["-p", property]);
  const env = Object.entries({ TSX_DISABLE_CACHE: "1", ...options.env }).map(
    ([key, value]) => `--setenv=${key}=${value}`,
  );
  const timeout = Number(properties.at(-1)!.split("=")[1]);
  // At the operator's terminal it gets one of its own (a password is asked without echo).
  const terminal = options.show && process.stdin.isTTY && process.stdout.isTTY;
  const input = options.input !== undefined ? "pipe" : options.show ? "inherit" : "ignore";
  const started = Date.now();
  const result = spawnSync(
    "systemd-run",
    [
      "--quiet",
      "--wait",
      "--collect",
      terminal ? "--pty" : "--pipe",
      "--service-type=exec",
      ...properties,
      ...env,
      "--",
      command,
      ...args,
    ],
    {
      encoding: "utf8",
      env: { PATH: "/usr/sbin:/usr/bin:/sbin:/bin", LANG: "C.UTF-8" },
      input: options.input,
      stdio: options.show ? [input, "inherit", "inherit"] : [input, options.stdoutFd ?? "pipe", "pipe"],
      maxBuffer: 64 * 1024 * 1024,
      // systemd ends it at its RuntimeMaxSec=; this is for a systemd-run that itself hangs.
      timeout: (timeout + 30) * 1000,
      killSignal: "SIGKILL",
    },
  );
  if (result.error) throw new Failure(`could not run ${path.basename(command)} as ${user}: ${result.error.message}`);
  // A helper that hung, or that a service stopped, is ended at its time limit: no answer.
  if (result.status !== 0 && Date.now() - started >= (timeout - 1) * 1000)
    throw new Failure(`${path.basename(command)} as ${user} did not finish within ${timeout} s and was ended`);
  return { status: result.status ?? 1, stdout: result.stdout ?? "", stderr: result.stderr ?? "" };
}

/** Runs `command args` as service `name`'s user in its unit's sandbox. */
export const inSandbox = (name: ServiceName, command: string, args: string[], options: SandboxOptions = {}): Ran =>
  runAs(SERVICES[name].user, command, args, options);

/** As runAs, but it must succeed: its output, trimmed. */
export function mustAs(user: string, command: string, args: string[], options: SandboxOptions = {}): string {
  const ran = runAs(user, command, args, options);
  if (ran.status !== 0) {
    const why = (ran.stderr || ran.stdout).trim().split("\n").slice(-3).join(" / ");
    throw new Failure(`${command} ${args.join(" ")} failed as ${user}${why ? `: ${why}` : ""}`);
  }
  return ran.stdout.trim();
}

/** One of the project's own scripts (server/...), run by Node as `user` in its sandbox. */
export const script = (user: string, file: string, args: string[], options: SandboxOptions = {}) =>
  runAs(user, "/usr/bin/node", nodeScript(file, args), options);

/** One of the project's scripts, as service `name`'s user in its sandbox. */
export const sandboxScript = (name: ServiceName, file: string, args: string[], options: SandboxOptions = {}) =>
  script(SERVICES[name].user, file, args, options);

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
