// Everything that keeps the site up, checked in one go: the one set of checks `sitectl
// doctor` prints and the server's own watch (`sitectl watch`, on a timer) runs. Each
// problem has an id (stable across runs), the command that fixes it and what visitors and
// staff notice meanwhile. Run as root; whatever reads a service's files runs as that
// service's user (the content repository in the editor's sandbox).
import crypto from "node:crypto";
import fs from "node:fs";
import https from "node:https";
import http from "node:http";
import os from "node:os";
import tls from "node:tls";
import path from "node:path";
import type { MailState } from "../enquiry/delivery";
import type { Entry, SpoolStatus } from "../enquiry/spool";
import {
  APP_LINK,
  ENQUIRY_DIR,
  ENQUIRY_ENV,
  EDITOR_PROXY_ENV,
  EDITOR_SECRET_MAP,
  HOST_DIR,
  REPO_DIR,
  SERVICES,
  TIMERS,
  certificateFile,
  readEnvFile,
  type InstallSettings,
} from "./layout";
import { describe, readStatus } from "./publishing";
import { sandboxScript } from "./sandbox";
import { printable, readOwnedFile, uidOf } from "./serviceFiles";
import { count, run, script, unitState } from "./shell";

export interface Finding {
  level: "ok" | "note" | "problem";
  text: string;
  fix?: string;
  /** A problem's: stable across runs (the watch tracks it by this). */
  id?: string;
  /** A problem's: what visitors and staff notice meanwhile. */
  notice?: string;
  /** Failing runs in a row the watch lets pass before telling anyone. */
  blips?: number;
  /** Staff's to fix (a refused change): shown to them in /admin/, not mailed to the operator. */
  staff?: boolean;
  /** Grows as the same problem worsens (the watch tells it again). */
  stage?: number;
}

/** A build needs this much free space (HOST_MIN_FREE_MB's default); twice it is comfortable. */
const BUILD_FREE_MB = 2048;
/**
 * certbot renews 30 days before expiry: fewer than 21 days left means renewal is failing
 * (told once), fewer than 7 is urgent (told again). A self-signed one warns at 7 only.
 */
const CERTIFICATE_WARN_DAYS = [7, 21];
/** Free inodes a build needs (Gatsby's cache and a release are tens of thousands of files). */
const MIN_FREE_INODES = 100_000;
/** An enquiry waiting longer than this is a problem, not a delivery in progress. */
const WAITING_MS = 15 * 60_000;
/** The enquiry service asks its mail server every 10 minutes; older than this, it is not asking. */
const MAIL_STALE_MS = 30 * 60_000;
/** The watch runs every 15 minutes: this many failing runs make a day. */
const BLIPS_PER_DAY = 96;
const TIMEOUT_MS = 10_000;

const ok = (text: string): Finding => ({ level: "ok", text });
const note = (text: string): Finding => ({ level: "note", text });
const problem = (id: string, text: string, fix: string, notice: string, blips = 0): Finding => ({
  level: "problem",
  id,
  text,
  fix,
  notice,
  blips,
});

/** What each unit's stop means to visitors and staff. */
const UNIT_NOTICE: Record<string, string> = {
  publisher: "staff's changes are not published; the site stays as it was",
  editor: "staff cannot open the editor at /admin/ or save",
  enquiry: "visitors cannot send the quote form (they are shown the phone and WhatsApp numbers instead)",
  nginx: "the site is down for every visitor",
  certbot: "nothing yet, but the certificate will not be renewed and the site breaks when it expires",
  watch: "nothing yet, but the server no longer checks itself or tells anyone of a problem",
  republish: "nothing yet, but a lapsed document stays on its page until someone publishes",
};
const DEPLOY_AGAIN = "/srv/site/app/deploy/install (it puts the installation back as it should be)";

function services(settings: InstallSettings): Finding[] {
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

function nginxConfig(): Finding {
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
function siteAnswers(settings: InstallSettings): Promise<Finding> {
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

function publishing(): Finding[] {
  const status = readStatus();
  if (!status)
    return [
      problem(
        "publisher-status",
        "the publisher has written no status yet.",
        "systemctl start anodising-publisher; sitectl logs publisher",
        "staff's changes are not published",
      ),
    ];
  const [live, ...rest] = describe(status);
  const findings: Finding[] = [];
  if (!status.live) {
    findings.push(
      status.building
        ? note(`nothing published yet; the first build is running (${status.building.step})`)
        : problem(
            "unpublished",
            "nothing is published yet.",
            "sitectl logs publisher; then sitectl republish",
            "visitors get no site",
          ),
    );
  } else findings.push(ok(live));
  if (status.state === "failed" && status.lastError) {
    findings.push(
      status.lastError.kind === "content"
        ? {
            ...problem(
              "publish:content",
              `the last change was refused and is not on the site: ${status.lastError.message}`,
              "correct it in the editor (the message names the file and the field); the site shows the last good version meanwhile",
              "the editor's status panel shows the refusal; visitors see the last good version",
            ),
            staff: true,
          }
        : problem(
            "publish:technical",
            `the last build failed for a technical reason (log: ${HOST_DIR}/${status.lastError.log}); the site shows the last good version.`,
            "sitectl logs publisher (to see why); once the cause is fixed: sitectl republish",
            "staff's latest change is not on the site (the editor says: Technical problem, site unchanged); visitors see the last good version",
          ),
    );
  } else if (status.building) findings.push(note(rest[0] ?? "a build is running"));
  if (status.backup.state === "retrying") {
    findings.push(
      problem(
        "backup-push",
        `the off-server backup push to ${status.backup.remote} fails: ${status.backup.error ?? ""}`,
        "check SITE_REMOTE in /etc/anodising/publisher.env and the key the publisher pushes with; it retries by itself",
        "nothing for visitors or staff; the off-server copy of the content falls behind",
        // It retries by itself: told when it still fails an hour on.
        4,
      ),
    );
  }
  for (const warning of status.warnings ?? [])
    findings.push({ level: "note", text: `content: ${warning}`, staff: true });
  return findings;
}

/** The certificate nginx serves for `name` (asked of this machine as a browser would), or why not. */
export function servedCertificate(name: string): Promise<crypto.X509Certificate | Error> {
  return new Promise((resolve) => {
    const socket = tls.connect({ host: "127.0.0.1", port: 443, servername: name, rejectUnauthorized: false });
    socket.setTimeout(TIMEOUT_MS, () => socket.destroy(new Error("no answer in 10 s")));
    socket.once("secureConnect", () => {
      const cert = socket.getPeerX509Certificate();
      socket.end();
      resolve(cert ?? new Error("no certificate"));
    });
    socket.once("error", (error) => resolve(error));
  });
}

async function certificate(settings: InstallSettings): Promise<Finding[]> {
  if (settings.tls === "off")
    return [note("TLS is off: the TLS proxy in front of this machine serves the certificate")];
  const file = certificateFile(settings);
  const name = settings.domain;
  if (!file) {
    return [
      problem(
        "certificate:none",
        `there is no certificate for ${name} yet: the site is served over plain HTTP and the editor is off.`,
        `point ${name}'s DNS at this server and let port 80 in, then: ${DEPLOY_AGAIN}`,
        "browsers mark the site not secure; staff cannot use the editor",
      ),
    ];
  }
  // What visitors get, not only the file: nginx may still serve an older one.
  const served = await servedCertificate(name);
  if (served instanceof Error) return [note(`the certificate served for ${name} could not be read: ${served.message}`)];
  const days = Math.floor((Date.parse(served.validTo) - Date.now()) / 86_400_000);
  const issuer = /CN=([^\n]+)/.exec(served.issuer)?.[1] ?? served.issuer;
  const renew =
    settings.tls === "acme"
      ? "certbot renew (sitectl logs certbot shows why the timer's renewals failed); then systemctl reload nginx"
      : `rm ${path.dirname(file)}/*.pem && ${DEPLOY_AGAIN}`;
  const expires = new Date(served.validTo).toISOString().slice(0, 10);
  if (!served.checkHost(name))
    return [
      problem(
        `certificate:${name}:name`,
        `the certificate served for ${name} is for another name.`,
        renew,
        "browsers refuse the site",
      ),
    ];
  if (days < 0)
    return [
      problem(
        `certificate:${name}:expired`,
        `the certificate for ${name} expired ${-days} days ago.`,
        renew,
        "browsers refuse the site; staff cannot use the editor",
      ),
    ];
  // Let's Encrypt no longer e-mails before expiry: this warns at 21 days, and again at 7.
  const band = CERTIFICATE_WARN_DAYS.find((limit) => days < limit);
  if (band !== undefined && (settings.tls === "acme" || band === Math.min(...CERTIFICATE_WARN_DAYS))) {
    return [
      {
        ...problem(
          `certificate:${name}`,
          `the certificate for ${name} expires in ${days} days (${expires}) and has not been renewed.`,
          renew,
          `nothing yet; from ${expires} browsers refuse the site`,
        ),
        // Told at 21 days, and again at 7.
        stage: CERTIFICATE_WARN_DAYS.length - CERTIFICATE_WARN_DAYS.indexOf(band),
      },
    ];
  }
  const findings = [ok(`certificate for ${name} from ${issuer}, valid ${days} more days`)];
  if (settings.tls === "self-signed")
    findings.push(note("the certificate is self-signed: browsers warn (fine for a test install)"));
  return findings;
}

function disk(): Finding[] {
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

/**
 * The content repository is the editor's alone (nobody else writes it, so nobody else's
 * git runs what is in it), and on main with nothing half-done: asked of the editor's user
 * in its sandbox, never of git as root.
 */
function repository(): Finding[] {
  const editor = SERVICES.editor.user;
  // find -P never follows a link; it only looks at owners and modes.
  const foreign = run("find", [
    "-P",
    REPO_DIR,
    "(",
    "!",
    "-user",
    editor,
    "-o",
    "!",
    "-type",
    "l",
    "-perm",
    "/g+w,o+w",
    ")",
    "-print",
  ])
    .stdout.split("\n")
    .filter(Boolean);
  const findings: Finding[] = [];
  findings.push(
    foreign.length
      ? problem(
          "repository-owner",
          `${foreign.length} files of the content repository are not the editor's alone (for example ${printable(foreign[0])}).`,
          DEPLOY_AGAIN,
          "staff may be unable to save",
        )
      : ok(`the content repository is ${editor}'s alone`),
  );
  const checked = sandboxScript("editor", "server/editor/repair.ts", ["--check"]);
  const trouble = printable(checked.stdout.trim());
  findings.push(
    checked.status !== 0
      ? problem(
          "repository",
          `the content repository could not be checked: ${printable(checked.stderr.trim())}`,
          "sitectl repair",
          "staff may be unable to save",
        )
      : trouble !== "ok"
        ? problem(
            "repository",
            `the content repository needs repair (${trouble}): the editor refuses to save.`,
            "sitectl repair",
            "staff cannot save in the editor",
          )
        : ok("the content repository is on main, nothing under way or uncommitted"),
  );
  // The editor faces the internet: what is live must not be its to change.
  // (as deploy/configure: a file hard-linked from the repository is the repository's)
  const writable = run("find", [
    HOST_DIR,
    "-path",
    REPO_DIR,
    "-prune",
    "-o",
    "!",
    "-type",
    "l",
    "(",
    "-type",
    "d",
    "-o",
    "-links",
    "1",
    ")",
    "-perm",
    "/g+w,o+w",
    "-print",
  ])
    .stdout.split("\n")
    .filter(Boolean);
  findings.push(
    writable.length
      ? problem(
          "host-writable",
          `${writable.length} files outside the content repository may be changed by the editor's group (for example ${printable(writable[0])}).`,
          DEPLOY_AGAIN,
          "nothing visible; a stolen staff login could change what is live",
        )
      : ok("releases and the publisher's state are the publisher's alone to write"),
  );
  return findings;
}

/** The spool as the enquiry service's user lists it (root reads nothing in the spool itself). */
export function spoolEntries(): Entry[] | string {
  const ran = script(SERVICES.enquiry.user, "server/enquiry/enquiries.ts", ["--json"]);
  if (ran.status !== 0) return printable(ran.stderr.trim() || `exit ${ran.status}`);
  try {
    return (JSON.parse(ran.stdout) as (Entry & { receivedAt: string })[]).map((entry) => ({
      ...entry,
      receivedAt: new Date(entry.receivedAt),
      attempts: { ...entry.attempts, lastError: printable(String(entry.attempts.lastError)) },
    }));
  } catch {
    return "its list is not JSON";
  }
}

/** The enquiry service's own status.json (its counts, recipient and mail state), read as root reads service files. */
export function enquiryStatus(): (SpoolStatus & { mail?: MailState }) | null {
  const text = readOwnedFile(path.join(ENQUIRY_DIR, "status.json"), uidOf(SERVICES.enquiry.user));
  try {
    return text ? (JSON.parse(text) as SpoolStatus & { mail?: MailState }) : null;
  } catch {
    return null;
  }
}

const MAIL_FIX =
  "sitectl mail-server smtp://user:password@mail.example.com:587 (sets it, restarts the service and sends a test)";

function enquiries(): Finding[] {
  const entries = spoolEntries();
  if (typeof entries === "string")
    return [
      problem(
        "enquiries-list",
        `the enquiries could not be listed: ${entries}`,
        "sitectl enquiries (it says more)",
        "unknown: enquiries may be waiting unseen",
      ),
    ];
  const when = (entry: Entry) => entry.receivedAt.toISOString().replace("T", " ").slice(0, 16);
  const findings: Finding[] = [];
  const waiting = entries.filter((entry) => entry.state === "pending");
  const failed = entries.filter((entry) => entry.state === "failed");
  const week = entries
    .filter((entry) => entry.state === "sent")
    .filter((entry) => Date.now() - entry.receivedAt.getTime() < 7 * 86_400_000);
  const old = waiting.filter((entry) => Date.now() - entry.receivedAt.getTime() > WAITING_MS);
  if (old.length) {
    findings.push(
      problem(
        "enquiries-waiting",
        `${count(old.length, "enquiry has", "enquiries have")} waited more than 15 minutes to be e-mailed: ${old.map((entry) => `${entry.id} (${when(entry)} UTC)`).join(", ")}`,
        `fix the mail server (see its line: ${MAIL_FIX}); they go by themselves once it takes them. Meanwhile: sitectl enquiries --export ID > enquiry.eml`,
        "buyers were thanked, but sales has not received their enquiries",
      ),
    );
  }
  for (const entry of waiting.filter((item) => !old.includes(item)))
    findings.push(note(`enquiry ${entry.id} received ${when(entry)} UTC, being sent`));
  if (failed.length) {
    findings.push(
      problem(
        "enquiries-failed",
        `the mail server refused ${count(failed.length, "enquiry", "enquiries")} for good: ${failed.map((entry) => `${entry.id} (${when(entry)} UTC: ${entry.attempts.lastError || "see sitectl enquiries"})`).join("; ")}`,
        `sitectl enquiries --retry ID (after fixing the cause), or sitectl enquiries --export ID > enquiry.eml to forward it by hand; they are kept until then`,
        "those buyers' enquiries have not reached sales",
      ),
    );
  }
  findings.push(
    (waiting.length ? note : ok)(
      `enquiries: ${waiting.length} waiting, ${failed.length} failed, ${week.length} sent in the last 7 days${
        week.length
          ? ` (${week
              .slice(-5)
              .map((entry) => entry.id)
              .join(", ")})`
          : ""
      }`,
    ),
  );
  return findings;
}

/** Where enquiries go: the operator's setting, and the one the running service took. */
function recipient(status: ReturnType<typeof enquiryStatus>): Finding {
  const set = readEnvFile(ENQUIRY_ENV).ENQUIRY_TO ?? "";
  if (!set)
    return problem(
      "recipient",
      "no address is set for enquiries (ENQUIRY_TO): they are kept on the server and not e-mailed.",
      "sitectl enquiries-to sales@example.com (the company's address for quote requests)",
      "buyers are thanked, but nobody receives their enquiries",
    );
  const running = status?.recipient;
  if (running !== undefined && running !== set)
    return problem(
      "recipient",
      `${ENQUIRY_ENV} says enquiries go to ${set}, but the enquiry service still sends them to ${running || "nobody"}.`,
      `systemctl restart ${SERVICES.enquiry.unit}`,
      "enquiries go to the old address",
    );
  return ok(`enquiries are e-mailed to ${set}`);
}

/**
 * The mail server as the running enquiry service finds it (its own check, with the
 * settings it started with), and whether it started after the settings last changed.
 */
function mailServer(status: ReturnType<typeof enquiryStatus>): Finding[] {
  const url = readEnvFile(ENQUIRY_ENV).SMTP_URL;
  const notice = "buyers are thanked, but their enquiries wait on the server: sales receives nothing";
  if (!url)
    return [
      problem(
        "mail-server",
        "no mail server is set (SMTP_URL): enquiries are kept on the server and not e-mailed.",
        MAIL_FIX,
        notice,
      ),
    ];
  const mail = status?.mail;
  const unit = SERVICES.enquiry.unit;
  if (!mail)
    return [
      problem(
        "mail-server",
        "the enquiry service has not said how its mail server answers (it is not running, or older code).",
        `systemctl restart ${unit}; sitectl logs enquiry`,
        notice,
      ),
    ];
  const findings: Finding[] = [];
  const changed = fs.statSync(ENQUIRY_ENV).mtimeMs;
  if (changed > Date.parse(mail.startedAt))
    findings.push(
      problem(
        "mail-settings",
        `${ENQUIRY_ENV} changed after the enquiry service started (${mail.startedAt.slice(0, 16).replace("T", " ")} UTC): it still uses the old mail settings.`,
        `systemctl restart ${unit} (or set it with: ${MAIL_FIX})`,
        "a changed mail setting has not taken effect",
      ),
    );
  const checked = mail.checkedAt ? Date.parse(mail.checkedAt) : 0;
  if (mail.state === "failing")
    findings.push(
      problem(
        "mail-server",
        `the enquiry service's mail server (${mail.server}) does not take mail since ${mail.since.slice(0, 16).replace("T", " ")} UTC: ${printable(mail.error)}${status.waiting ? `; ${count(status.waiting, "enquiry waits", "enquiries wait")}` : ""}`,
        `mend the mail server or its login; to change it: ${MAIL_FIX}`,
        notice,
      ),
    );
  else if (mail.state === "unchecked" && Date.now() - Date.parse(mail.startedAt) < MAIL_STALE_MS)
    findings.push(note(`the enquiry service started ${mail.startedAt} and is asking its mail server (${mail.server})`));
  else if (Date.now() - checked > MAIL_STALE_MS)
    findings.push(
      problem(
        "mail-server",
        `the enquiry service has not checked its mail server (${mail.server}) since ${mail.checkedAt ?? "it started"}.`,
        `systemctl restart ${unit}; sitectl logs enquiry`,
        "unknown: enquiries may be waiting",
        1,
      ),
    );
  else findings.push(ok(`the enquiry service's mail server (${mail.server}) takes mail (checked ${mail.checkedAt})`));
  return findings;
}

function logins(): Finding {
  // Listed by the editor's user: root reads nothing in the editor's folder.
  const listed = script(SERVICES.editor.user, "server/editor/editors.ts", ["list"]);
  const total = listed.stdout.split("\n").filter((line) => line && !line.startsWith("No logins")).length;
  return total
    ? ok(count(total, "editor login"))
    : problem(
        "logins",
        "there is no editor login: nobody can change the site from the browser.",
        "sitectl editors add NAME",
        "staff cannot log in to the editor",
      );
}

/** nginx tells the editor each visitor's address with a secret the editor knows too (deploy/configure). */
function editorSecret(): Finding {
  const secret = readEnvFile(EDITOR_PROXY_ENV).EDITOR_PROXY_SECRET ?? "";
  const nginxMap = fs.existsSync(EDITOR_SECRET_MAP) ? fs.readFileSync(EDITOR_SECRET_MAP, "utf8") : "";
  return secret.length >= 16 && nginxMap.includes(`"${secret}"`)
    ? ok("nginx and the editor share the secret that carries visitors' addresses")
    : problem(
        "editor-secret",
        "nginx and the editor do not share their secret: the editor cannot tell visitors apart, and may block them all as one or none.",
        DEPLOY_AGAIN,
        "staff may be blocked from the editor after others' wrong passwords",
      );
}

function code(): Finding {
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

function memory(): Finding | null {
  const gb = os.totalmem() / 2 ** 30;
  return gb < 1.8 ? note(`only ${gb.toFixed(1)} GB of memory: builds may fail (they need about 1.5 GB)`) : null;
}

/** Security updates apt knows of (as fresh as its last `apt-get update`), and a newer kernel than the one running. */
function updates(): Finding[] {
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

/** Every check, in the order doctor prints them. */
export async function allChecks(settings: InstallSettings): Promise<Finding[]> {
  const status = enquiryStatus();
  return [
    code(),
    ...services(settings),
    nginxConfig(),
    await siteAnswers(settings),
    ...(await certificate(settings)),
    ...publishing(),
    ...disk(),
    ...repository(),
    logins(),
    editorSecret(),
    ...enquiries(),
    recipient(status),
    ...mailServer(status),
    ...updates(),
    ...[memory()].filter((finding): finding is Finding => finding !== null),
  ];
}
