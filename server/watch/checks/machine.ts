// The machine and its units: each unit running and enabled, nginx's configuration, the
// site answering, disk and inodes, the code in use, memory, security updates and a restart.
import fs from "node:fs";
import http from "node:http";
import https from "node:https";
import path from "node:path";
import { DEFAULT_MIN_FREE_MB } from "../../lib/settings";
import { SERVICES, TIMERS } from "../../installed/layout";
import { count } from "../../installed/shell";
import { failing, type Check, type CheckContext, type Found } from "./check";
import { BLIPS_PER_DAY, DEPLOY_AGAIN, TIMEOUT_MS, note, ok } from "./finding";

/** A build needs this much free space (HOST_MIN_FREE_MB's default); twice it is comfortable. */
const BUILD_FREE_MB = DEFAULT_MIN_FREE_MB;
/** Free inodes a build needs (Gatsby's cache and a release are tens of thousands of files). */
const MIN_FREE_INODES = 100_000;
/** Less memory than this and builds may fail. */
const MIN_MEMORY_GB = 1.8;

/** What each unit's stop means to visitors and staff. */
const UNIT_NOTICE: Record<string, string> = {
  publisher: "staff's changes are not published; the site stays as it was",
  login: "staff cannot log in: not to the editor, the enquiries or the report",
  editor: "staff cannot open the editor at /admin/ or save",
  enquiry: "visitors cannot send the quote form (they are shown the phone and WhatsApp numbers instead)",
  nginx: "the site is down for every visitor",
  certbot: "nothing yet, but the certificate will not be renewed and the site breaks when it expires",
  watch: "nothing yet, but the server no longer checks itself or tells anyone of a problem",
  republish: "nothing yet, but a lapsed document stays on its page until someone publishes",
  report: "the owner's report at /admin/report/ and the weekly e-mail show old figures",
  backup: "nothing visible; no off-site backup is taken, so a lost server loses what changed since the last",
  "backup-verify": "nothing visible; damage in the off-site backups would go unnoticed until a restore",
  "backup-drill": "nothing visible; nobody learns whether the off-site backups restore until the day they must",
};

export const code: Check = {
  id: "code",
  blips: 0,
  notice: "the services cannot start again after a restart",
  fix: DEPLOY_AGAIN,
  run: ({ paths }) => {
    try {
      const dir = fs.realpathSync(paths.APP_LINK);
      if (!fs.existsSync(path.join(dir, "node_modules", "tsx"))) throw new Error(`${dir} has no node_modules`);
      return [ok(`code ${path.basename(dir)} in use`)];
    } catch (error) {
      return [failing(`the code in use is broken: ${(error as Error).message}`)];
    }
  },
};

/** Each of the site's units (and nginx, certbot's timer) running and enabled: one line per unit. */
export const units: Check = {
  id: "unit",
  blips: 0,
  notice: "what the unit does stops (each unit's line says what)",
  fix: "sitectl logs NAME",
  run: ({ settings, machine }) => {
    const units = [
      ...Object.entries(SERVICES).map(([name, { unit }]) => ({ name, unit })),
      { name: "nginx", unit: "nginx" },
      ...(settings.tls === "acme" ? [{ name: "certbot", unit: "certbot.timer" }] : []),
      ...TIMERS.map((unit) => ({ name: unit.replace(/^anodising-|\.timer$/g, ""), unit })),
    ];
    return units.map(({ name, unit }): Found => {
      const state = machine.unit(unit);
      const notice = UNIT_NOTICE[name];
      // Failed: systemd gave up on it (too many restarts, or a unit that does not restart).
      if (state.ActiveState === "failed" || state.Result === "start-limit-hit") {
        const restarts = Number(state.NRestarts || 0);
        return failing(
          `${unit} failed (${state.Result}${restarts ? ` after ${restarts} restarts` : ""}), and systemd does not start it again by itself.`,
          {
            id: `unit:${unit}`,
            fix: `sitectl logs ${name} (to see why), then: systemctl reset-failed ${unit} && systemctl start ${unit}`,
            notice,
          },
        );
      }
      if (state.ActiveState !== "active") {
        return failing(`${unit} is not running (${state.ActiveState}, ${state.Result}).`, {
          id: `unit:${unit}`,
          fix: `systemctl start ${unit}; if it stops again: sitectl logs ${name}`,
          notice,
          // A unit restarting by itself (Restart=on-failure) is a blip until it stays down.
          blips: state.ActiveState === "activating" ? 1 : 0,
        });
      }
      if (state.UnitFileState !== "enabled") {
        return failing(`${unit} runs but is not enabled: it will not start after a reboot.`, {
          id: `enabled:${unit}`,
          fix: `systemctl enable ${unit}`,
          notice: `nothing yet; after the next reboot: ${notice}`,
        });
      }
      const restarts = Number(state.NRestarts || 0);
      return restarts > 0
        ? note(
            `${unit} is running, but crashed and was restarted ${restarts} times since it started: sitectl logs ${name}`,
          )
        : ok(`${unit} is running`);
    });
  },
};

export const nginxConfig: Check = {
  id: "nginx-config",
  blips: 0,
  notice: "nothing while nginx runs; it will not start again after a restart or a reboot",
  fix: DEPLOY_AGAIN,
  run: ({ facts }) => {
    const ran = facts.nginxTest;
    if (ran.status === 0) return [ok("nginx accepts its configuration (nginx -t)")];
    return [failing(`nginx refuses its configuration: ${ran.stderr.trim().split("\n").slice(-2).join(" ")}`)];
  },
};

/** The site's home page, asked of this machine's nginx as a visitor's browser would. */
export const site: Check = {
  id: "site",
  // A passing hiccup (a reload) is not worth a message.
  blips: 1,
  notice: "visitors cannot open the site",
  fix: "systemctl restart nginx; sitectl logs nginx",
  run: ({ settings, facts, machine }) => {
    const secure = settings.tls !== "off" && facts.certificate !== null;
    const url = `${secure ? "https" : "http"}://${settings.domain}/`;
    return new Promise<Found[]>((resolve) => {
      const options = { host: "127.0.0.1", path: "/", headers: { host: settings.domain }, timeout: TIMEOUT_MS };
      const request = secure
        ? https.get({ ...options, port: machine.ports.https, servername: settings.domain, rejectUnauthorized: false })
        : http.get({ ...options, port: machine.ports.http });
      request.on("response", (response) => {
        response.resume();
        resolve([
          response.statusCode === 200
            ? ok(`${url} answers 200`)
            : failing(`${url} answers ${response.statusCode}`, {
                fix: "sitectl logs nginx; sitectl status",
                notice: "visitors get an error page instead of the site",
              }),
        ]);
      });
      request.on("timeout", () => request.destroy(new Error("no answer in 10 s")));
      request.on("error", (error) => resolve([failing(`${url} does not answer: ${error.message}`)]));
    });
  },
};

const DISK_NOTICE = "staff's changes are not published, and the quote form refuses enquiries (503) near the floor";

export const disk: Check = {
  id: "disk",
  blips: 0,
  notice: DISK_NOTICE,
  fix: "free some space (journalctl --vacuum-size=200M, apt-get clean) or grow the disk",
  run: ({ paths, machine }) => {
    const free = machine.freeSpace(paths.HOST_DIR).megabytes;
    const where = `${paths.HOST_DIR}'s disk`;
    if (free < BUILD_FREE_MB)
      return [
        failing(`only ${free} MB free on ${where}; a build needs ${BUILD_FREE_MB} MB, so nothing new is published.`),
      ];
    if (free < 2 * BUILD_FREE_MB) return [note(`${free} MB free on ${where} (a build needs ${BUILD_FREE_MB} MB)`)];
    return [ok(`${free} MB free on ${where}`)];
  },
};

/** A build writes tens of thousands of small files: inodes run out before bytes can. */
export const inodes: Check = {
  id: "inodes",
  blips: 0,
  notice: DISK_NOTICE,
  fix: "delete unneeded small files (old logs, caches) or grow the disk",
  run: ({ paths, machine }) => {
    const space = machine.freeSpace(paths.HOST_DIR);
    // Some file systems (btrfs) have no fixed number of inodes.
    if (!space.hasInodes) return [];
    return [
      space.inodes < MIN_FREE_INODES
        ? failing(
            `only ${space.inodes} free inodes (files) on ${paths.HOST_DIR}'s disk; a build needs ${MIN_FREE_INODES}.`,
          )
        : ok(`${space.inodes} free inodes on ${paths.HOST_DIR}'s disk`),
    ];
  },
};

export const memory: Check = {
  id: "memory",
  blips: 0,
  notice: "builds may fail",
  fix: "a server with 2 GB of memory or more",
  run: ({ machine }) => {
    const gb = machine.memoryBytes() / 2 ** 30;
    return gb < MIN_MEMORY_GB
      ? [note(`only ${gb.toFixed(1)} GB of memory: builds may fail (they need about 1.5 GB)`)]
      : [];
  },
};

/** apt's answer per run of the checks: the security and the stable updates' checks ask once. */
const upgradesOf = new WeakMap<CheckContext, string[] | null>();

/** What apt would upgrade (`apt-get -s upgrade`: changes nothing), as its "Inst" lines; null when apt cannot say. */
function waitingUpgrades(context: CheckContext): string[] | null {
  if (upgradesOf.has(context)) return upgradesOf.get(context)!;
  const simulated = context.machine.run("apt-get", ["-s", "-o", "Debug::NoLocking=true", "upgrade"]);
  const lines = simulated.status === 0 ? simulated.stdout.split("\n").filter((line) => line.startsWith("Inst ")) : null;
  upgradesOf.set(context, lines);
  return lines;
}

/** The first few packages' names of apt's "Inst NAME [old] (new origin)" lines. */
const packageNames = (lines: string[]) =>
  `${lines
    .slice(0, 5)
    .map((line) => line.split(" ")[1])
    .join(", ")}${lines.length > 5 ? ", …" : ""}`;

/** An "Inst" line of Debian's security archive. */
const fromSecurity = (line: string) => /security/i.test(line);

/** Security updates apt knows of (as fresh as its last `apt-get update`). */
export const securityUpdates: Check = {
  id: "security-updates",
  // Told when they wait more than a day.
  blips: BLIPS_PER_DAY,
  notice: "nothing visible; the server misses security fixes",
  fix: "apt-get update && apt-get upgrade",
  run: (context) => {
    const security = waitingUpgrades(context)?.filter(fromSecurity);
    if (!security) return [];
    if (!security.length) return [ok("no security update waiting (as of apt's last update)")];
    return [failing(`${count(security.length, "security update")} waiting (${packageNames(security)}).`)];
  },
};

/**
 * Debian's stable updates (point releases: fixes without an advisory of their own, and
 * what a later security update may need). Applied by themselves only when the operator
 * chose so (sitectl updates --stable on); either way told once they have waited a week.
 */
export const stableUpdates: Check = {
  id: "stable-updates",
  blips: 7 * BLIPS_PER_DAY,
  notice: "nothing visible; the server misses Debian's point-release fixes",
  fix: "apt-get upgrade (at a quiet hour), or let them apply by themselves: sitectl updates --stable on",
  run: (context) => {
    const stable = waitingUpgrades(context)?.filter((line) => !fromSecurity(line));
    if (!stable) return [];
    if (!stable.length) return [ok("no stable update waiting (as of apt's last update)")];
    return [
      failing(
        `${count(stable.length, "stable update")} of Debian's waiting (${packageNames(stable)}); the watch tells once they have waited a week.`,
      ),
    ];
  },
};

/** A newer kernel installed than the one running. */
export const restartPending: Check = {
  id: "restart-pending",
  blips: 7 * BLIPS_PER_DAY,
  notice: "nothing visible; the kernel's fixes wait for the restart",
  fix: "reboot at a quiet hour (the site comes back by itself): systemctl reboot",
  run: ({ paths, machine }) => {
    const running = machine.kernel();
    const installed = fs.existsSync(paths.BOOT_DIR)
      ? fs
          .readdirSync(paths.BOOT_DIR)
          .filter((name) => name.startsWith("vmlinuz-"))
          .map((name) => name.slice("vmlinuz-".length))
      : [];
    const newest = installed.sort((a, b) => a.localeCompare(b, undefined, { numeric: true })).at(-1);
    if (newest && newest !== running && installed.includes(running))
      return [
        failing(`a newer kernel (${newest}) is installed than the one running (${running}): a restart is pending.`),
      ];
    return [];
  },
};
