// The settings the three services share (the publisher, the editor, the enquiry service):
// where the server keeps its state (HOST_DIR and its layout), the branch, and how the
// publisher behaves, read once from the environment. Everything the server writes lives
// under HOST_DIR, so a local `npm run host` never touches the developer's checkout.
import path from "node:path";

/** The checkout the server runs from (its code and node_modules). */
export const APP_DIR = path.resolve(__dirname, "..", "..");

/** Releases kept on disk (the live one, and four to roll back to). */
export const KEEP_RELEASES = 5;
/** Builds listed in the status record. */
export const HISTORY_LENGTH = 20;
/** The branch staff publish to. */
export const BRANCH = "main";
/** How often the publisher looks at the branch besides watching it (a missed event costs this long). */
export const POLL_MS = 5_000;

/** The longest wait before a failed push or copy is tried again. */
const MAX_RETRY_MS = 60 * 60_000;
/** The wait before try `attempts` + 1: `firstMs`, then doubling, up to an hour (the backup push, the mirror). */
export const retryWait = (firstMs: number, attempts: number) => Math.min(firstMs * 2 ** (attempts - 1), MAX_RETRY_MS);

/** A non-negative number from the environment, or `fallback` when it is not set. */
export function envNumber(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const value = env[name];
  if (value === undefined || value === "") return fallback;
  const parsed = Number(value);
  if (!Number.isFinite(parsed) || parsed < 0) throw new Error(`${name} must be a number; found "${value}"`);
  return parsed;
}

export interface Settings {
  hostDir: string;
  /** A git URL or path each publish's commits are pushed to; off when empty. */
  remote: string;
  /** Free space a build needs on HOST_DIR's disk. */
  minFreeBytes: number;
  /** First wait before retrying a failed push; doubled each time up to an hour. */
  pushRetryMs: number;
  /** A build running longer than this is stopped and reported. */
  buildTimeoutMs: number;
  /** A built folder adopted as the first release of the branch's head (tests, migrations). */
  seedRelease: string;
  /** The staff logins (outside the repository): the login check alone reads them. */
  editorsFile: string;
  /** Wrong passwords the login check counts, kept across its restarts (LOGIN_STATE_DIR). */
  failedLoginsFile: string;
  /** The login check's socket, which nginx asks (on a server, systemd makes it: anodising-login.socket). */
  loginSocket: string;
  /** The editor's own state (the day's uploads), kept across its restarts (EDITOR_STATE_DIR). */
  editorStateDir: string;
  /** The editor's backend, on 127.0.0.1 behind nginx. */
  editorPort: number;
}

/** The free space a build needs, unless HOST_MIN_FREE_MB says otherwise. */
export const DEFAULT_MIN_FREE_MB = 2048;

export function readSettings(env = process.env): Settings {
  const hostDir = path.resolve(env.HOST_DIR || path.join(APP_DIR, ".host"));
  return {
    hostDir,
    remote: env.SITE_REMOTE ?? "",
    minFreeBytes: envNumber(env, "HOST_MIN_FREE_MB", DEFAULT_MIN_FREE_MB) * 1024 * 1024,
    pushRetryMs: envNumber(env, "PUSH_RETRY_SECONDS", 30) * 1000,
    buildTimeoutMs: envNumber(env, "BUILD_TIMEOUT_MINUTES", 30) * 60_000,
    seedRelease: env.HOST_SEED_RELEASE ? path.resolve(env.HOST_SEED_RELEASE) : "",
    editorsFile: path.resolve(env.EDITORS_FILE || path.join(hostDir, "editors")),
    failedLoginsFile: path.join(path.resolve(env.LOGIN_STATE_DIR || path.join(hostDir, "login")), "failed-logins.json"),
    loginSocket: path.resolve(env.LOGIN_SOCKET || path.join(hostDir, "login.sock")),
    editorStateDir: path.resolve(env.EDITOR_STATE_DIR || path.join(hostDir, "editor")),
    editorPort: envNumber(env, "EDITOR_PORT", 8091),
  };
}

/** The layout of HOST_DIR. */
export function hostPaths(hostDir: string) {
  const state = path.join(hostDir, "publisher");
  return {
    hostDir,
    /** The server's own clone, on `main`: the editor commits here. */
    repo: path.join(hostDir, "repo"),
    releases: path.join(hostDir, "releases"),
    /** Symlink to the release nginx serves. */
    live: path.join(hostDir, "live"),
    state,
    /** Public to staff at /admin/status.json. */
    status: path.join(state, "status.json"),
    /** The publisher's own memory: what it built last, whether the next build must be clean. */
    memory: path.join(state, "memory.json"),
    /** The publisher's own clone, where builds run (never the tree the editor writes). */
    build: path.join(state, "build"),
    logs: path.join(state, "logs"),
    /** Process group of the running build, so a restarted publisher can stop an orphan. */
    buildPid: path.join(state, "build.pid"),
    publisherPid: path.join(state, "publisher.pid"),
    /** Left by `sitectl republish`: build the head again (taken at the next check). */
    republish: path.join(state, "republish"),
    /** nginx's own files (configuration, pid, temporary folders) for `npm run host`. */
    nginx: path.join(hostDir, "nginx"),
  };
}
export type HostPaths = ReturnType<typeof hostPaths>;
