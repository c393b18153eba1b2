// `sitectl doctor`: everything that keeps the site up, checked in one go. Each problem
// comes with the command that fixes it; the exit status is 1 when there is any.
import crypto from "node:crypto";
import fs from "node:fs";
import https from "node:https";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import nodemailer from "nodemailer";
import type { Entry } from "../enquiry/spool";
import {
  APP_LINK,
  ENQUIRY_DIR,
  ENQUIRY_ENV,
  EDITOR_PROXY_ENV,
  EDITOR_SECRET_MAP,
  HOST_DIR,
  REPO_DIR,
  SERVICES,
  certificateFile,
  readEnvFile,
  readInstallSettings,
  type InstallSettings,
} from "./layout";
import { describe, readStatus } from "./publishing";
import { sandboxScript } from "./sandbox";
import { printable, readOwnedFile, uidOf } from "./serviceFiles";
import { count, run, say, script, unitState } from "./shell";

type Finding = { level: "ok" | "note" | "problem"; text: string; fix?: string };

/** A build needs this much free space (HOST_MIN_FREE_MB's default); twice it is comfortable. */
const BUILD_FREE_MB = 2048;
/** certbot renews 30 days before expiry: fewer days left means renewal is failing. */
const RENEWAL_DAYS = 21;
/** An enquiry waiting longer than this is a problem, not a delivery in progress. */
const WAITING_MS = 15 * 60_000;
const TIMEOUT_MS = 10_000;

const ok = (text: string): Finding => ({ level: "ok", text });
const note = (text: string): Finding => ({ level: "note", text });
const problem = (text: string, fix: string): Finding => ({ level: "problem", text, fix });
const DEPLOY_AGAIN = "/srv/site/app/deploy/install (it puts the installation back as it should be)";

function services(settings: InstallSettings): Finding[] {
  const units = [
    ...Object.entries(SERVICES).map(([name, { unit }]) => ({ name, unit })),
    { name: "nginx", unit: "nginx" },
    ...(settings.tls === "acme" ? [{ name: "certbot", unit: "certbot.timer" }] : []),
  ];
  return units.map(({ name, unit }) => {
    const state = unitState(unit);
    if (state.Result === "start-limit-hit") {
      return problem(
        `${unit} failed to start several times in a row, and systemd stopped trying.`,
        `sitectl logs ${name} (to see why), then: systemctl reset-failed ${unit} && systemctl start ${unit}`,
      );
    }
    if (state.ActiveState !== "active") {
      return problem(
        `${unit} is not running (${state.ActiveState}, ${state.Result}).`,
        `systemctl start ${unit}; if it stops again: sitectl logs ${name}`,
      );
    }
    if (state.UnitFileState !== "enabled") {
      return problem(`${unit} runs but is not enabled: it will not start after a reboot.`, `systemctl enable ${unit}`);
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
  return problem(`nginx refuses its configuration: ${ran.stderr.trim().split("\n").slice(-2).join(" ")}`, DEPLOY_AGAIN);
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
          : problem(`${url} answers ${response.statusCode}`, "sitectl logs nginx; sitectl status"),
      );
    });
    request.on("timeout", () => request.destroy(new Error("no answer in 10 s")));
    request.on("error", (error) =>
      resolve(problem(`${url} does not answer: ${error.message}`, "systemctl restart nginx; sitectl logs nginx")),
    );
  });
}

function publishing(): Finding[] {
  const status = readStatus();
  if (!status)
    return [
      problem(
        "the publisher has written no status yet.",
        "systemctl start anodising-publisher; sitectl logs publisher",
      ),
    ];
  const [live, ...rest] = describe(status);
  const findings: Finding[] = [];
  if (!status.live) {
    findings.push(
      status.building
        ? note(`nothing published yet; the first build is running (${status.building.step})`)
        : problem("nothing is published yet.", "sitectl logs publisher; then sitectl republish"),
    );
  } else findings.push(ok(live));
  if (status.state === "failed" && status.lastError) {
    findings.push(
      status.lastError.kind === "content"
        ? problem(
            `the last change was refused and is not on the site: ${status.lastError.message}`,
            "correct it in the editor (the message names the file and the field); the site shows the last good version meanwhile",
          )
        : problem(
            `the last build failed for a technical reason (log: ${HOST_DIR}/${status.lastError.log}); the site shows the last good version.`,
            "sitectl logs publisher (to see why); once the cause is fixed: sitectl republish",
          ),
    );
  } else if (status.building) findings.push(note(rest[0] ?? "a build is running"));
  if (status.backup.state === "retrying") {
    findings.push(
      problem(
        `the off-server backup push to ${status.backup.remote} fails: ${status.backup.error ?? ""}`,
        "check SITE_REMOTE in /etc/anodising/publisher.env and the key the publisher pushes with; it retries by itself",
      ),
    );
  }
  return findings;
}

function certificate(settings: InstallSettings): Finding[] {
  if (settings.tls === "off")
    return [note("TLS is off: the TLS proxy in front of this machine serves the certificate")];
  const file = certificateFile(settings);
  if (!file) {
    return [
      problem(
        `there is no certificate for ${settings.domain} yet: the site is served over plain HTTP and the editor is off.`,
        `point ${settings.domain}'s DNS at this server and let port 80 in, then: ${DEPLOY_AGAIN}`,
      ),
    ];
  }
  const cert = new crypto.X509Certificate(fs.readFileSync(file));
  const days = Math.floor((Date.parse(cert.validTo) - Date.now()) / 86_400_000);
  const issuer = /CN=([^\n]+)/.exec(cert.issuer)?.[1] ?? cert.issuer;
  const renew =
    settings.tls === "acme"
      ? "certbot renew (sitectl logs certbot shows why the timer's renewals failed)"
      : `rm ${path.dirname(file)}/*.pem && ${DEPLOY_AGAIN}`;
  if (!cert.checkHost(settings.domain))
    return [problem(`the certificate (${file}) is not for ${settings.domain}.`, renew)];
  if (days < 0) return [problem(`the certificate expired ${-days} days ago: browsers refuse the site.`, renew)];
  if (settings.tls === "acme" && days < RENEWAL_DAYS) {
    return [problem(`the certificate expires in ${days} days and has not been renewed.`, renew)];
  }
  const findings = [ok(`certificate for ${settings.domain} from ${issuer}, valid ${days} more days`)];
  if (settings.tls === "self-signed")
    findings.push(note("the certificate is self-signed: browsers warn (fine for a test install)"));
  return findings;
}

function disk(): Finding {
  const stat = fs.statfsSync(HOST_DIR);
  const free = Math.round((stat.bavail * stat.bsize) / 2 ** 20);
  if (free < BUILD_FREE_MB) {
    return problem(
      `only ${free} MB free on ${HOST_DIR}'s disk; a build needs ${BUILD_FREE_MB} MB, so nothing new is published.`,
      "free some space (old logs, apt-get clean) or grow the disk",
    );
  }
  if (free < 2 * BUILD_FREE_MB)
    return note(`${free} MB free on ${HOST_DIR}'s disk (a build needs ${BUILD_FREE_MB} MB)`);
  return ok(`${free} MB free on ${HOST_DIR}'s disk`);
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
          `${foreign.length} files of the content repository are not the editor's alone (for example ${printable(foreign[0])}).`,
          DEPLOY_AGAIN,
        )
      : ok(`the content repository is ${editor}'s alone`),
  );
  const checked = sandboxScript("editor", "server/editor/repair.ts", ["--check"]);
  const trouble = printable(checked.stdout.trim());
  findings.push(
    checked.status !== 0
      ? problem(`the content repository could not be checked: ${printable(checked.stderr.trim())}`, "sitectl repair")
      : trouble !== "ok"
        ? problem(`the content repository needs repair (${trouble}): the editor refuses to save.`, "sitectl repair")
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
          `${writable.length} files outside the content repository may be changed by the editor's group (for example ${writable[0]}).`,
          DEPLOY_AGAIN,
        )
      : ok("releases and the publisher's state are the publisher's alone to write"),
  );
  return findings;
}

/** The spool as the enquiry service's user lists it (root reads nothing in the spool itself). */
function spoolEntries(): Entry[] | string {
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

function enquiries(): Finding[] {
  const entries = spoolEntries();
  if (typeof entries === "string")
    return [problem(`the enquiries could not be listed: ${entries}`, "sitectl enquiries (it says more)")];
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
        `${count(old.length, "enquiry has", "enquiries have")} waited more than 15 minutes for the mail server: ${old.map((entry) => `${entry.id} (${when(entry)})`).join(", ")}`,
        "see the mail server's line below; they are sent by themselves once it takes them",
      ),
    );
  }
  for (const entry of waiting.filter((item) => !old.includes(item)))
    findings.push(note(`enquiry ${entry.id} received ${when(entry)} UTC, being sent`));
  for (const entry of failed) {
    findings.push(
      problem(
        `the mail server refused enquiry ${entry.id} (received ${when(entry)} UTC): ${entry.attempts.lastError || "see sitectl enquiries"}`,
        `sitectl enquiries --retry ${entry.id} (after fixing the cause), or sitectl enquiries --export ${entry.id} > enquiry.eml to forward it by hand`,
      ),
    );
  }
  findings.push(
    ok(
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
function recipient(): Finding {
  const set = readEnvFile(ENQUIRY_ENV).ENQUIRY_TO ?? "";
  if (!set)
    return problem(
      "no address is set for enquiries (ENQUIRY_TO): they are kept on the server and not e-mailed.",
      "sitectl enquiries-to sales@example.com (the company's address for quote requests)",
    );
  const status = readOwnedFile(path.join(ENQUIRY_DIR, "status.json"), uidOf(SERVICES.enquiry.user));
  let running: string | undefined;
  try {
    running = status ? (JSON.parse(status) as { recipient?: string }).recipient : undefined;
  } catch {
    running = undefined;
  }
  if (running !== undefined && running !== set)
    return problem(
      `${ENQUIRY_ENV} says enquiries go to ${set}, but the enquiry service still sends them to ${running || "nobody"}.`,
      `systemctl restart ${SERVICES.enquiry.unit}`,
    );
  return ok(`enquiries are e-mailed to ${set}`);
}

async function mailServer(): Promise<Finding> {
  const url = readEnvFile(ENQUIRY_ENV).SMTP_URL;
  if (!url) {
    return problem(
      "no mail server is set (SMTP_URL): enquiries are kept on the server and not e-mailed.",
      "SMTP_URL=smtp://user:password@mail.example.com:587 /srv/site/app/deploy/install",
    );
  }
  const where = (() => {
    try {
      const parsed = new URL(url);
      return `${parsed.hostname}:${parsed.port || (parsed.protocol === "smtps:" ? 465 : 587)}`;
    } catch {
      return "(SMTP_URL is not a URL)";
    }
  })();
  const transport = nodemailer.createTransport({
    url,
    connectionTimeout: TIMEOUT_MS,
    greetingTimeout: TIMEOUT_MS,
    socketTimeout: TIMEOUT_MS,
  });
  try {
    await transport.verify();
    return ok(`the mail server at ${where} answers and accepts the login`);
  } catch (error) {
    return problem(
      `the mail server at ${where} does not take mail: ${(error as Error).message}`,
      `check SMTP_URL in ${ENQUIRY_ENV}, then: systemctl restart anodising-enquiry`,
    );
  } finally {
    transport.close();
  }
}

function logins(): Finding {
  // Listed by the editor's user: root reads nothing in the editor's folder.
  const listed = script(SERVICES.editor.user, "server/editor/editors.ts", ["list"]);
  const total = listed.stdout.split("\n").filter((line) => line && !line.startsWith("No logins")).length;
  return total
    ? ok(count(total, "editor login"))
    : problem("there is no editor login: nobody can change the site from the browser.", "sitectl editors add NAME");
}

/** nginx tells the editor each visitor's address with a secret the editor knows too (deploy/configure). */
function editorSecret(): Finding {
  const secret = readEnvFile(EDITOR_PROXY_ENV).EDITOR_PROXY_SECRET ?? "";
  const nginxMap = fs.existsSync(EDITOR_SECRET_MAP) ? fs.readFileSync(EDITOR_SECRET_MAP, "utf8") : "";
  return secret.length >= 16 && nginxMap.includes(`"${secret}"`)
    ? ok("nginx and the editor share the secret that carries visitors' addresses")
    : problem(
        "nginx and the editor do not share their secret: the editor cannot tell visitors apart, and may block them all as one or none.",
        DEPLOY_AGAIN,
      );
}

function code(): Finding {
  try {
    const dir = fs.realpathSync(APP_LINK);
    if (!fs.existsSync(path.join(dir, "node_modules", "tsx"))) throw new Error(`${dir} has no node_modules`);
    return ok(`code ${path.basename(dir)} in use`);
  } catch (error) {
    return problem(`the code in use is broken: ${(error as Error).message}`, DEPLOY_AGAIN);
  }
}

function memory(): Finding | null {
  const gb = os.totalmem() / 2 ** 30;
  return gb < 1.8 ? note(`only ${gb.toFixed(1)} GB of memory: builds may fail (they need about 1.5 GB)`) : null;
}

export async function doctor(): Promise<number> {
  const settings = readInstallSettings();
  if (!settings) {
    say(
      "The site is not installed here (no /etc/anodising/install.conf): run deploy/install from a clone of the repository.",
    );
    return 1;
  }
  say(`sitectl doctor: ${settings.domain} (TLS: ${settings.tls})`);
  const findings: Finding[] = [
    code(),
    ...services(settings),
    nginxConfig(),
    await siteAnswers(settings),
    ...certificate(settings),
    ...publishing(),
    disk(),
    ...repository(),
    logins(),
    editorSecret(),
    ...enquiries(),
    recipient(),
    await mailServer(),
    ...[memory()].filter((finding): finding is Finding => finding !== null),
  ];
  for (const finding of findings) {
    const label = { ok: "ok     ", note: "note   ", problem: "PROBLEM" }[finding.level];
    say(`  ${label}  ${printable(finding.text)}`);
    if (finding.fix) say(`           fix: ${printable(finding.fix)}`);
  }
  const problems = findings.filter((finding) => finding.level === "problem").length;
  say(problems ? `\n${count(problems, "problem")} found; each line above says how to fix it.` : "\nNo problems found.");
  return problems ? 1 : 0;
}
