// A Debian 13 system booted with systemd inside this machine, for `npm run test:install`:
// a root folder booted by systemd-nspawn with a private network (loopback only), and
// commands run inside it through nsenter, as an operator's shell would run them.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

export interface Ran {
  status: number;
  stdout: string;
  stderr: string;
}

const PATH = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin";
const BOOT_TIMEOUT_MS = 180_000;

/** A command on this host; throws with its output unless it succeeds. */
export function host(command: string, args: string[], options: { cwd?: string; input?: string } = {}): string {
  const result = spawnSync(command, args, { encoding: "utf8", maxBuffer: 256 * 1024 * 1024, ...options });
  if (result.status !== 0) {
    throw new Error(`${command} ${args.join(" ")} failed (${result.status}):\n${result.stdout}\n${result.stderr}`);
  }
  return result.stdout;
}

/** Runs a command in `root` without booting it, sharing this host's network (to install packages). */
export function chroot(root: string, script: string, env: Record<string, string> = {}): string {
  return host("systemd-nspawn", [
    "--quiet",
    "--register=no",
    "--keep-unit",
    "--resolv-conf=copy-host",
    `--directory=${root}`,
    ...Object.entries(env).map(([name, value]) => `--setenv=${name}=${value}`),
    "bash",
    "-euo",
    "pipefail",
    "-c",
    script,
  ]);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export class Machine {
  /** systemd-nspawn's process: started here, or found running (a machine kept by an earlier run). */
  private nspawn = 0;
  private leader = 0;
  private exited: Promise<void> = Promise.resolve();

  constructor(
    readonly name: string,
    readonly root: string,
    private readonly log: string,
  ) {}

  /** A path inside the machine, as seen from this host. */
  file = (inside: string) => path.join(this.root, inside);

  /** Boots the root with systemd; resolves once systemd says the system is up. */
  async boot(): Promise<void> {
    const out = fs.openSync(this.log, "a");
    const child = spawn(
      "systemd-nspawn",
      [
        "--boot",
        `--directory=${this.root}`,
        "--private-network",
        "--register=no",
        "--keep-unit",
        `--machine=${this.name}`,
        "--console=read-only",
      ],
      { stdio: ["ignore", out, out], detached: true },
    );
    fs.closeSync(out);
    this.nspawn = child.pid!;
    let ended = false;
    this.exited = new Promise((resolve) => child.once("exit", () => resolve()));
    void this.exited.then(() => (ended = true));
    const deadline = Date.now() + BOOT_TIMEOUT_MS;
    while (!(this.leader = this.findLeader())) {
      if (ended) throw new Error(`${this.name} did not boot (see ${this.log})`);
      if (Date.now() > deadline) throw new Error(`${this.name}: no systemd after ${BOOT_TIMEOUT_MS / 1000} s`);
      await sleep(200);
    }
    for (;;) {
      const state = this.run("systemctl is-system-running --wait || true").stdout.trim();
      if (state === "running") return;
      if (state === "degraded") {
        throw new Error(`${this.name} booted degraded: ${this.run("systemctl --failed --no-legend").stdout}`);
      }
      if (Date.now() > deadline) throw new Error(`${this.name}: still ${state} after ${BOOT_TIMEOUT_MS / 1000} s`);
      await sleep(500);
    }
  }

  /**
   * Takes over this machine as an earlier run left it booted (`--keep`): false when it is
   * not running.
   */
  attach(): boolean {
    const running = fs
      .readdirSync("/proc")
      .filter((entry) => /^\d+$/.test(entry))
      .find((pid) => {
        try {
          const args = fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0");
          return args[0].endsWith("systemd-nspawn") && args.includes(`--machine=${this.name}`);
        } catch {
          return false;
        }
      });
    if (!running) return false;
    this.nspawn = Number(running);
    this.leader = this.findLeader();
    // Not our child: its end is seen by its entry in /proc going.
    this.exited = (async () => {
      while (fs.existsSync(`/proc/${running}`)) await sleep(200);
    })();
    return this.leader !== 0;
  }

  /** The machine's PID 1, seen from here: systemd-nspawn's child that is PID 1 in its own namespace. */
  private findLeader(): number {
    const parent = this.nspawn;
    for (const name of fs.readdirSync("/proc").filter((entry) => /^\d+$/.test(entry))) {
      try {
        const status = fs.readFileSync(`/proc/${name}/status`, "utf8");
        const ppid = Number(/^PPid:\s+(\d+)$/m.exec(status)?.[1]);
        const nspid = /^NSpid:\s+(.*)$/m.exec(status)?.[1].trim().split(/\s+/);
        if (ppid === parent && nspid?.length === 2 && nspid[1] === "1") return Number(name);
      } catch {
        // gone meanwhile
      }
    }
    return 0;
  }

  /** nsenter's arguments for a shell script inside the booted machine, as root, in /root. */
  private inside(script: string, env: Record<string, string> = {}): string[] {
    const variables = Object.entries({ PATH, HOME: "/root", LANG: "C.UTF-8", ...env }).map(([k, v]) => `${k}=${v}`);
    const namespaces = ["--mount", "--uts", "--ipc", "--net", "--pid", "--root", "--wd"];
    return [`--target=${this.leader}`, ...namespaces, "env", "-i", ...variables, "bash", "-c", `cd /root && ${script}`];
  }

  /** A shell script inside the booted machine, as root. */
  run(script: string, options: { env?: Record<string, string>; input?: string; timeoutMs?: number } = {}): Ran {
    const result = spawnSync("nsenter", this.inside(script, options.env), {
      encoding: "utf8",
      input: options.input,
      timeout: options.timeoutMs,
      maxBuffer: 256 * 1024 * 1024,
    });
    return { status: result.status ?? 1, stdout: result.stdout ?? "", stderr: result.stderr ?? "" };
  }

  /** As run(), but it must succeed: its standard output. */
  must(script: string, options: Parameters<Machine["run"]>[1] = {}): string {
    const result = this.run(script, options);
    if (result.status !== 0)
      throw new Error(`${this.name}: \`${script}\` failed (${result.status}):\n${result.stdout}\n${result.stderr}`);
    return result.stdout;
  }

  /** A command started inside and left running (its output appended to `log` inside). */
  start(script: string, log: string, env: Record<string, string> = {}): ChildProcess {
    return spawn("nsenter", this.inside(`${script} >>${log} 2>&1`, env), { stdio: "ignore", detached: true });
  }

  /** `systemctl reboot` inside, then boots again: the machine's own reboot, as nspawn handles it. */
  async reboot(): Promise<void> {
    this.run("systemctl reboot");
    await this.exited;
    await this.boot();
  }

  /** Powers off and waits for systemd-nspawn to end (killed if it will not). */
  async stop(): Promise<void> {
    if (!this.nspawn || !fs.existsSync(`/proc/${this.nspawn}`)) return;
    this.run("systemctl poweroff");
    const timeout = sleep(60_000).then(() => "timeout");
    if ((await Promise.race([this.exited.then(() => "exited"), timeout])) === "timeout") {
      process.kill(-this.nspawn, "SIGKILL");
      await this.exited;
    }
    this.nspawn = 0;
  }
}
