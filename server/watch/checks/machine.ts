// The machine and its units: each unit running and enabled, nginx's configuration, the
// site answering, disk and inodes, the code in use, memory, security updates and a restart.
import fs from "node:fs";
import http from "node:http";
import https from "node:https";
import os from "node:os";
import path from "node:path";
import { DEFAULT_MIN_FREE_MB } from "../../lib/settings";
import { APP_LINK, HOST_DIR, SERVICES, TIMERS, certificateFile, type InstallSettings } from "../../installed/layout";
import { count, run, unitState } from "../../installed/shell";
import { BLIPS_PER_DAY, DEPLOY_AGAIN, TIMEOUT_MS, note, ok, problem, type Finding } from "./finding";

/** A build needs this much free space (HOST_MIN_FREE_MB's default); twice it is comfortable. */
const BUILD_FREE_MB = DEFAULT_MIN_FREE_MB;
/** Free inodes a build needs (Gatsby's cache and a release are tens of thousands of files). */
const MIN_FREE_INODES = 100_000;

/** What each unit's stop means to visitors and staff. */
const UNIT_NOTICE: Record<string, string> = {
  publisher: "staff's changes are not published; the site stays as it was",
  editor: "staff cannot open the editor at /admin/ or save",
  enquiry: "visitors cannot send the quote form (they are shown the phone and WhatsApp numbers instead)",
  nginx: "the site is down for every visitor",
  certbot: "nothing yet, but the certificate will not be renewed and the site breaks when it expires",
  watch: "nothing yet, but the server no longer checks itself or tells anyone of a problem",
  republish: "nothing yet, but a lapsed document stays on its page until someone publishes",
  report: "the owner's report at /admin/report/ and the weekly e-mail show old figures",
};

export function services(settings: InstallSettings): Finding[] {
  const units = [
    ...Object.entries(SERVICES).map(([name, { unit }]) => ({ name, unit })),
    { name: "nginx", unit: "nginx" },
    ...(settings.tls === "acme" ? [{ name: "certbot", unit: "certbot.timer" }] : []),
    ...TIMERS.map((unit) => ({ name: unit.replace(/^anodising-|\.timer$/g, ""), unit })),
  ];
  return units.map(({ name, unit }) => {
    const state = unitState(unit);
    // Failed: systemd gave up on it (too many restarts, or a unit that does not restart).
    if (state.ActiveState === "failed" || state.Result === "start-limit-hit") {
      const restarts = Number(state.NRestarts || 0);
      return problem(
        `unit:${unit}`,
        `${unit} failed (${state.Result}${restarts ? ` after ${restarts} restarts` : ""}), and systemd does not start it again by itself.`,
        `sitectl logs ${name} (to see why), then: systemctl reset-failed ${unit} && systemctl start ${unit}`,
        UNIT_NOTICE[name],
      );
    }
    if (state.ActiveState !== "active") {
      return problem(
        `unit:${unit}`,
        `${unit} is not running (${state.ActiveState}, ${state.Result}).`,
        `systemctl start ${unit}; if it stops again: sitectl logs ${name}`,
        UNIT_NOTICE[name],
        // A unit restarting by itself (Restart=on-failure) is a blip until it stays down.
        state.ActiveState === "activating" ? 1 : 0,
      );
    }
    if (state.UnitFileState !== "enabled") {
      return problem(
        `enabled:${unit}`,
        `${unit} runs but is not enabled: it will not start after a reboot.`,
        `systemctl enable ${unit}`,
        `nothing yet; after the next reboot: ${UNIT_NOTICE[name]}`,
      );
    }
    const restarts = Number(state.NRestarts || 0);
    return restarts > 0
      ? note(
          `${unit} is running, but crashed and was restarted ${restarts} times since it started: sitectl logs ${name}`,
        )
      : ok(`${unit} is running`);
  });
}

export function nginxConfig(): Finding {
  const ran = run("nginx", ["-t"]);
  if (ran.status === 0) return ok("nginx accepts its configuration (nginx -t)");
  return problem(
    "nginx-config",
    `nginx refuses its configuration: ${ran.stderr.trim().split("\n").slice(-2).join(" ")}`,
    DEPLOY_AGAIN,
    "nothing while nginx runs; it will not start again after a restart or a reboot",
  );
}

/** The site's home page, asked of this machine's nginx as a visitor's browser would. */
export function siteAnswers(settings: InstallSettings): Promise<Finding> {
  const secure = settings.tls !== "off" && certificateFile(settings) !== null;
  const url = `${secure ? "https" : "http"}://${settings.domain}/`;
  return new Promise((resolve) => {
    const options = { host: "127.0.0.1", path: "/", headers: { host: settings.domain }, timeout: TIMEOUT_MS };
    const request = secure
      ? https.get({ ...options, port: 443, servername: settings.domain, rejectUnauthorized: false })
      : http.get({ ...options, port: 80 });
    request.on("response", (response) => {
      response.resume();
      resolve(
        response.statusCode === 200
          ? ok(`${url} answers 200`)
          : problem(
              "site",
              `${url} answers ${response.statusCode}`,
              "sitectl logs nginx; sitectl status",
              "visitors get an error page instead of the site",
              1,
            ),
      );
    });
    request.on("timeout", () => request.destroy(new Error("no answer in 10 s")));
    request.on("error", (error) =>
      resolve(
        problem(
          "site",
          `${url} does not answer: ${error.message}`,
          "systemctl restart nginx; sitectl logs nginx",
          "visitors cannot open the site",
          1,
        ),
      ),
    );
  });
}

export function disk(): Finding[] {
  const stat = fs.statfsSync(HOST_DIR);
  const free = Math.round((stat.bavail * stat.bsize) / 2 ** 20);
  const notice = "staff's changes are not published, and the quote form refuses enquiries (503) near the floor";
  const findings: Finding[] = [];
  if (free < BUILD_FREE_MB) {
    findings.push(
      problem(
        "disk",
        `only ${free} MB free on ${HOST_DIR}'s disk; a build needs ${BUILD_FREE_MB} MB, so nothing new is published.`,
        "free some space (journalctl --vacuum-size=200M, apt-get clean) or grow the disk",
        notice,
      ),
    );
  } else if (free < 2 * BUILD_FREE_MB)
    findings.push(note(`${free} MB free on ${HOST_DIR}'s disk (a build needs ${BUILD_FREE_MB} MB)`));
  else findings.push(ok(`${free} MB free on ${HOST_DIR}'s disk`));
  // A build writes tens of thousands of small files: inodes run out before bytes can.
  if (stat.files > 0) {
    const freeInodes = stat.ffree;
    findings.push(
      freeInodes < MIN_FREE_INODES
        ? problem(
            "inodes",
            `only ${freeInodes} free inodes (files) on ${HOST_DIR}'s disk; a build needs ${MIN_FREE_INODES}.`,
            "delete unneeded small files (old logs, caches) or grow the disk",
            notice,
          )
        : ok(`${freeInodes} free inodes on ${HOST_DIR}'s disk`),
    );
  }
  return findings;
}

export function code(): Finding {
  try {
    const dir = fs.realpathSync(APP_LINK);
    if (!fs.existsSync(path.join(dir, "node_modules", "tsx"))) throw new Error(`${dir} has no node_modules`);
    return ok(`code ${path.basename(dir)} in use`);
  } catch (error) {
    return problem(
      "code",
      `the code in use is broken: ${(error as Error).message}`,
      DEPLOY_AGAIN,
      "the services cannot start again after a restart",
    );
  }
}

export function memory(): Finding | null {
  const gb = os.totalmem() / 2 ** 30;
  return gb < 1.8 ? note(`only ${gb.toFixed(1)} GB of memory: builds may fail (they need about 1.5 GB)`) : null;
}

/** Security updates apt knows of (as fresh as its last `apt-get update`), and a newer kernel than the one running. */
export function updates(): Finding[] {
  const findings: Finding[] = [];
  const simulated = run("apt-get", ["-s", "-o", "Debug::NoLocking=true", "upgrade"]);
  if (simulated.status === 0) {
    const security = simulated.stdout.split("\n").filter((line) => line.startsWith("Inst ") && /security/i.test(line));
    findings.push(
      security.length
        ? problem(
            "security-updates",
            `${count(security.length, "security update")} waiting (${security
              .slice(0, 5)
              .map((line) => line.split(" ")[1])
              .join(", ")}${security.length > 5 ? ", …" : ""}).`,
            "apt-get update && apt-get upgrade",
            "nothing visible; the server misses security fixes",
            // Told when they wait more than a day.
            BLIPS_PER_DAY,
          )
        : ok("no security update waiting (as of apt's last update)"),
    );
  }
  const running = os.release();
  const installed = fs.existsSync("/boot")
    ? fs
        .readdirSync("/boot")
        .filter((name) => name.startsWith("vmlinuz-"))
        .map((name) => name.slice("vmlinuz-".length))
    : [];
  const newest = installed.sort((a, b) => a.localeCompare(b, undefined, { numeric: true })).at(-1);
  if (newest && newest !== running && installed.includes(running))
    findings.push(
      problem(
        "restart-pending",
        `a newer kernel (${newest}) is installed than the one running (${running}): a restart is pending.`,
        "reboot at a quiet hour (the site comes back by itself): systemctl reboot",
        "nothing visible; the kernel's fixes wait for the restart",
        7 * BLIPS_PER_DAY,
      ),
    );
  return findings;
}
