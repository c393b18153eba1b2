// `npm run test:install`: the server installation tested where it runs. Two fresh Debian 13
// systems booted with systemd (systemd-nspawn, loopback-only network), the project's
// committed HEAD cloned into each, and docs/operations.md's one install command run as an
// operator would. Machine A gets its certificate from Pebble (Let's Encrypt's test ACME
// server, inside A), takes a staff edit and an enquiry, tells its operator of each kind of
// problem made on it (its own checks), reboots, is updated (a good commit, then one that
// breaks the build), drops a lapsed document at its daily republish, and is backed up;
// machine B is installed with a domain that does not resolve, interrupted, installed
// again, refuses a damaged and a foreign backup, and is restored from A's. Every phase is timed; any failed check
// stops the run with its reason. About 26 minutes (3 more when the roots are not
// cached); not part of `npm test`. Run as root on a Debian or Ubuntu machine.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import YAML from "yaml";
import { quoteRoute, services } from "../../e2e/content";
import { edited, newPhone } from "../../server/tests/host";
import { Machine, host } from "./machine";
import { craftBackup, leaked, linkNewestLog, plant, plantedRuns, rootFileState } from "./trust";
import { baseRoot, preparedRoot } from "./roots";
import { firstDocument, mailsTo, told } from "./watch";
import type { Report } from "../../server/analytics/report";
import { ADDRESSES, EXPECTED, linkLive, writeRelease, writeVisits } from "../../server/tests/visits";

const APP = path.resolve(__dirname, "..", "..");
const CACHE = process.env.INSTALL_TEST_CACHE ?? "/var/tmp/anodising-install-test";
const REPORT = path.join(APP, "test-results", "install");
const DOMAIN = "www.anodising.test";
const UNRESOLVED = "nowhere.anodising.test";
const LOGIN = { name: "anita", password: crypto.randomBytes(12).toString("base64url") };
const SOURCE = "/root/anodising-site";
const ACME = "https://localhost:14000/dir";
/** The operator's address for enquiries, set at install; and the one `sitectl enquiries-to` changes it to. */
const ENQUIRIES_TO = "sales@anodising.test";
const ENQUIRIES_TO_LATER = "orders@anodising.test";
/** The operator's address for the server's own alerts (issue 36). */
const ALERTS_TO = "ops-alerts@anodising.test";
/** The owner's address for the weekly report of visits (issue 39), set at install. */
const OWNER_TO = "owner@anodising.test";
/** The booted machines have no network: npm must find everything in the cache made for them. */
const OFFLINE = { npm_config_offline: "true" };
const MAX_EXPOSURE = 3.1;

const NSSWITCH = fs.readFileSync("/etc/nsswitch.conf", "utf8");
const timings: [string, number][] = [];
const checks: string[] = [];
const run = { machines: [] as Machine[], roots: [] as string[] };

async function phase(name: string, body: () => unknown | Promise<unknown>): Promise<void> {
  const started = Date.now();
  console.log(`\n== ${name}`);
  await body();
  const seconds = Math.round((Date.now() - started) / 1000);
  timings.push([name, seconds]);
  console.log(`   (${seconds} s)`);
}

/** A check that passed, said as it passed. */
function check(condition: unknown, what: string, detail = ""): void {
  assert.ok(condition, `${what}${detail ? `\n${detail}` : ""}`);
  checks.push(what);
  console.log(`   ok  ${what}`);
}

function report(name: string, text: string): string {
  fs.mkdirSync(REPORT, { recursive: true });
  const file = path.join(REPORT, name);
  fs.writeFileSync(file, text);
  return file;
}

/** A fresh machine: the prepared root copied, the project's HEAD cloned into it. */
function newMachine(name: string, prepared: string): Machine {
  const root = path.join(CACHE, `run-${name}`);
  fs.rmSync(root, { recursive: true, force: true });
  host("cp", ["-a", "--reflink=auto", prepared, root]);
  run.roots.push(root);
  fs.writeFileSync(path.join(root, "etc", "hostname"), `${name}\n`);
  fs.appendFileSync(path.join(root, "etc", "hosts"), `127.0.1.1 ${name}\n`);
  host("git", ["clone", "--quiet", "--no-hardlinks", APP, path.join(root, SOURCE)]);
  // As if copied onto the server: no origin here, so updates come from this clone.
  host("git", ["-C", path.join(root, SOURCE), "remote", "remove", "origin"]);
  const machine = new Machine(`anodising-${name}`, root, path.join(REPORT, `console-${name}.log`));
  run.machines.push(machine);
  return machine;
}

/** A file's text, or "" while it is not there. */
const readIfThere = (file: string) => (fs.existsSync(file) ? fs.readFileSync(file, "utf8") : "");

const resolveHere = (machine: Machine, name: string) =>
  fs.appendFileSync(machine.file("/etc/hosts"), `127.0.0.1 ${name}\n`);

/** Pebble inside the machine, with a CA of its own for its HTTPS; returns that CA's file. */
function startPebble(machine: Machine): void {
  const dir = machine.file("/root/pebble");
  fs.mkdirSync(dir, { recursive: true });
  const sh = (script: string) => host("bash", ["-euc", script], { cwd: dir });
  sh(`openssl req -x509 -newkey rsa:2048 -nodes -days 30 -subj "/CN=Test ACME server CA" -keyout ca.key -out ca.pem 2>/dev/null
      openssl req -newkey rsa:2048 -nodes -subj "/CN=localhost" -keyout server.key -out server.csr 2>/dev/null
      printf 'subjectAltName=DNS:localhost,IP:127.0.0.1\\n' > san.ext
      openssl x509 -req -in server.csr -CA ca.pem -CAkey ca.key -CAcreateserial -days 30 -extfile san.ext -out server.pem 2>/dev/null`);
  fs.writeFileSync(
    path.join(dir, "config.json"),
    JSON.stringify({
      pebble: {
        listenAddress: "127.0.0.1:14000",
        managementListenAddress: "127.0.0.1:15000",
        certificate: "/root/pebble/server.pem",
        privateKey: "/root/pebble/server.key",
        httpPort: 80,
        tlsPort: 443,
        ocspResponderURL: "",
        externalAccountBindingRequired: false,
      },
    }),
  );
  machine.must(
    "systemd-run --quiet --unit=pebble --setenv=PEBBLE_VA_NOSLEEP=1 --setenv=PEBBLE_WFE_NONCEREJECT=0 /usr/bin/pebble -config /root/pebble/config.json",
  );
  machine.must(
    "for i in $(seq 100); do curl -sf --cacert /root/pebble/ca.pem https://localhost:14000/dir >/dev/null && exit 0; sleep 0.2; done; exit 1",
  );
}

const installCommand = (args: string, env = "") => `cd ${SOURCE} && ${env} ./deploy/install ${args}`;
const acmeArgs = `--domain ${DOMAIN} --email ops@anodising.test --acme-server ${ACME} --acme-ca /root/pebble/ca.pem --enquiries-to ${ENQUIRIES_TO} --alerts-to ${ALERTS_TO} --owner-mail ${OWNER_TO}`;
const loginEnv = `EDITOR_NAME=${LOGIN.name} EDITOR_PASSWORD=${LOGIN.password}`;
const basic = `-u ${LOGIN.name}:${LOGIN.password}`;

/** HTTP status (and more, by curl's -w) of a request made inside the machine. */
const curl = (machine: Machine, args: string, write = "%{http_code}") =>
  machine.run(`curl -s -o /dev/null -w '${write}' ${args}`).stdout;

const status = (machine: Machine) =>
  JSON.parse(fs.readFileSync(machine.file("/srv/site/host/publisher/status.json"), "utf8")) as {
    state: string;
    live: { commit: string; release: string } | null;
    history: unknown[];
    warnings: string[];
    nextChange: string | null;
  };
/** How the running enquiry service finds its mail server (its status.json). */
const mailState = (machine: Machine) =>
  (
    JSON.parse(readIfThere(machine.file("/srv/site/enquiry/status.json")) || "{}") as {
      mail?: { state: string; server: string; startedAt: string };
    }
  ).mail;
/** As an operator restarts it after changing its settings (its start limit is for crash loops). */
const RESTART_PUBLISHER =
  "systemctl daemon-reload && systemctl reset-failed anodising-publisher && systemctl restart anodising-publisher";
/** Seconds from a problem's cause until the operator was told, per kind (the closing figures). */
const toldAfter: [string, number][] = [];
/** Seconds from a staff change's commit until it was live (the staff guide's one publish time). */
const publishSeconds: number[] = [];
/** The content repository's head, asked as its owner, the editor's user (root runs no git there). */
const repoHead = (machine: Machine) =>
  machine
    .must(
      "runuser -u site-editor -- git -c core.hooksPath=/dev/null -c core.fsmonitor=false -C /srv/site/host/repo rev-parse HEAD",
    )
    .trim();
const codeInUse = (machine: Machine) => path.basename(fs.readlinkSync(machine.file("/srv/site/app")));

async function until(what: string, condition: () => boolean, timeoutMs = 10 * 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

/** A commit in the machine's clone (where `sitectl update` fetches from); its hash. */
function commitToClone(machine: Machine, message: string, change: (clone: string) => void): string {
  const clone = machine.file(SOURCE);
  change(clone);
  const identity = ["-c", "user.name=Install test", "-c", "user.email=test@example.invalid"];
  host("git", ["-C", clone, ...identity, "commit", "--quiet", "--all", "--message", message]);
  return host("git", ["-C", clone, "rev-parse", "HEAD"]).trim();
}

/** A phone number saved through the editor's API as the editor's page sends it: its answer and status. */
function staffSave(machine: Machine, phone: string): string {
  const file = machine.file("/srv/site/host/repo/content/site.yaml");
  return staffSaveFile(machine, "site", edited(fs.readFileSync(file, "utf8"), ["contacts", 0, "phone"], phone));
}

/** content/NAME.yaml saved through the editor's API with `raw` as its text: the answer and status. */
function staffSaveFile(machine: Machine, name: string, raw: string): string {
  const body = {
    action: "persistEntry",
    params: {
      branch: "main",
      dataFiles: [{ slug: name, path: `content/${name}.yaml`, raw }],
      assets: [],
      options: {
        commitMessage: `Update content/${name}.yaml`,
        useWorkflow: false,
        status: "published",
        collectionName: name,
      },
    },
  };
  fs.writeFileSync(machine.file("/root/persist.json"), JSON.stringify(body));
  return machine
    .run(
      `curl -sS -w '\\n%{http_code}' --cacert /root/pebble/root.pem ${basic} -H 'Content-Type: application/json' -H 'Origin: https://${DOMAIN}' -H 'Sec-Fetch-Site: same-origin' --data-binary @/root/persist.json https://${DOMAIN}/api/v1`,
    )
    .stdout.trim();
}

/** An enquiry as the form posts it (JSON answer); its reference. */
function postEnquiry(machine: Machine, base: string, curlArgs: string): string {
  const fields = {
    name: "Asha Rao",
    email: "asha@rao-castings.test",
    service: services[0].slug,
    message: "Hard anodising, 50 um, black. Install test.",
    consent: "yes",
  };
  const form = Object.entries(fields)
    .map(([name, value]) => `-F '${name}=${value}'`)
    .join(" ");
  const answer = machine.must(`curl -sS ${curlArgs} -H 'Accept: application/json' ${form} ${base}api/enquiry`);
  const reference = (JSON.parse(answer) as { reference?: string }).reference;
  assert.ok(reference, `the enquiry was not taken: ${answer}`);
  return reference;
}

/**
 * A page with its webpack files' content hashes left out: webpack's hashes follow the
 * folder the code was built from (/srv/site/code/<commit>), which differs between A and B.
 */
const withoutScriptHashes = (html: string) => html.replace(/-[0-9a-f]{20}\.js\b/g, "-HASH.js");

function pageBodies(machine: Machine, base: string, curlArgs: string): Record<string, string> {
  const routes = ["/", `/${services[0].slug}`];
  return Object.fromEntries(
    routes.map((route) => [route, machine.must(`curl -sS ${curlArgs} ${base.slice(0, -1)}${route}`)]),
  );
}

async function main(): Promise<void> {
  assert.equal(process.getuid?.(), 0, "npm run test:install boots Debian systems: run it as root.");
  fs.rmSync(REPORT, { recursive: true, force: true });
  fs.mkdirSync(REPORT, { recursive: true });
  fs.mkdirSync(CACHE, { recursive: true });
  let prepared = "";
  let backupFile = "";
  let craftedBackupFile = "";
  let pagesOfA: Record<string, string> = {};
  let waitingReference = "";
  let rootBefore: Record<string, string> = {};
  let editorUid = -1;

  await phase("host tools (debootstrap, systemd-nspawn)", async () => {
    await stopLeftovers();
    const missing = ["debootstrap", "systemd-nspawn"].filter(
      (tool) => host("bash", ["-c", `command -v ${tool} || true`]).trim() === "",
    );
    if (missing.length) {
      // --no-install-recommends: without libnss-mymachines, which would edit /etc/nsswitch.conf.
      host("bash", [
        "-c",
        "apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends debootstrap systemd-container",
      ]);
    }
  });
  await phase("Debian 13 root (cached in " + CACHE + ")", () => {
    prepared = preparedRoot(CACHE, APP, baseRoot(CACHE));
  });

  // ------------------------------------------------------------------ machine A
  const a = newMachine("a", prepared);
  resolveHere(a, DOMAIN);
  await phase("A: boot with systemd", () => a.boot());
  await phase("A: Pebble, and the one install command", () => {
    startPebble(a);
    const ran = a.run(installCommand(acmeArgs, `${loginEnv} SMTP_URL=smtp://127.0.0.1:25`), { env: OFFLINE });
    const file = report("install-a.txt", ran.stdout + ran.stderr);
    check(ran.status === 0, "deploy/install exits 0", `${file}:\n${ran.stdout.slice(-3000)}\n${ran.stderr}`);
    console.log(`   the transcript: ${file} (${ran.stdout.split("\n").length} lines)`);
  });
  await phase("A: the install command again changes nothing", () => {
    const ran = a.run(installCommand(acmeArgs, loginEnv), { env: OFFLINE });
    report("install-a-again.txt", ran.stdout + ran.stderr);
    check(
      ran.status === 0 && ran.stdout.includes("Nothing changed"),
      "a second run says nothing changed",
      ran.stdout.slice(-3000),
    );
  });
  await phase("A: what a visitor and staff get", () => {
    a.must("curl -sSf --cacert /root/pebble/ca.pem https://localhost:15000/roots/0 > /root/pebble/root.pem");
    const base = `https://${DOMAIN}/`;
    const verified = `--cacert /root/pebble/root.pem`;
    check(
      curl(a, `${verified} ${base}`, "%{http_code} HTTP/%{http_version}") === "200 HTTP/2",
      "https on / with HTTP/2, the certificate verified against Pebble's root",
    );
    const issuer = a.must(`openssl x509 -in /etc/letsencrypt/live/${DOMAIN}/cert.pem -noout -issuer`);
    check(/Pebble/.test(issuer), "the certificate was issued by Pebble", issuer);
    check(curl(a, `${verified} ${base}${services[0].slug}`) === "200", `a service page: /${services[0].slug}`);
    const encoding = a.must(
      `curl -sS ${verified} -H 'Accept-Encoding: br' -D - -o /dev/null ${base} | tr -d '\\r' | grep -i '^content-encoding' || true`,
    );
    check(/br/.test(encoding), "pages come precompressed with brotli", encoding);
    check(
      curl(a, `http://${DOMAIN}/some/page?x=1`, "%{http_code} %{redirect_url}") ===
        `301 https://${DOMAIN}/some/page?x=1`,
      "plain HTTP is redirected to HTTPS",
    );
    a.must(
      "mkdir -p /var/lib/anodising/acme/.well-known/acme-challenge && echo probe > /var/lib/anodising/acme/.well-known/acme-challenge/probe",
    );
    check(
      a.must(`curl -sS http://${DOMAIN}/.well-known/acme-challenge/probe`).trim() === "probe",
      "except the ACME challenge, served over HTTP",
    );
    check(curl(a, `${verified} ${base}admin/`) === "401", "/admin/ asks for a login (401)");
    check(
      curl(a, `${verified} ${basic} ${base}admin/`) === "200",
      "/admin/ opens with the login the install created (200)",
    );
    for (const unit of ["anodising-publisher", "anodising-editor", "anodising-enquiry"]) {
      const line = a.must(`systemd-analyze security --no-pager ${unit} | tail -1`);
      const exposure = Number(/level for \S+: ([\d.]+)/.exec(line)?.[1]);
      check(
        exposure <= MAX_EXPOSURE,
        `${unit}: exposure ${exposure} (systemd-analyze security; at most ${MAX_EXPOSURE})`,
        line,
      );
    }
  });
  await phase("A: a staff edit through the editor's API goes live", async () => {
    const before = repoHead(a);
    const phone = newPhone();
    const answer = staffSave(a, phone);
    check(answer.endsWith("\n200") && repoHead(a) !== before, "the save is a commit on main (200)", answer);
    const head = repoHead(a);
    await until("the edit to go live", () => status(a).live?.commit === head);
    check(
      a.must(`curl -sS --cacert /root/pebble/root.pem https://${DOMAIN}/`).includes(phone),
      "the new phone number is on the live home page",
    );
  });
  await phase("A: the editor's user cannot change what is live", () => {
    // The editor faces the internet: with its user taken over, the live site still holds.
    const attempts = {
      "a page of the live release": "echo changed >> /srv/site/host/live/index.html",
      "the live link": "ln -sfn /tmp /srv/site/host/live",
      "the releases folder": "mkdir /srv/site/host/releases/by-editor",
      "the publisher's status": "echo {} > /srv/site/host/publisher/status.json",
    };
    for (const [what, command] of Object.entries(attempts)) {
      const ran = a.run(`runuser -u site-editor -- sh -c '${command}'`);
      check(
        ran.status !== 0 && /Permission denied/.test(ran.stderr),
        `the editor's user may not change ${what}`,
        ran.stderr,
      );
    }
    const writable = a.must("systemctl show anodising-editor --property=ReadWritePaths --value").trim();
    check(writable === "/srv/site/host/repo", "its unit may write the content repository alone", writable);
  });
  await phase("A: what the editor's and the publisher's users plant runs nowhere (issue 35)", () => {
    editorUid = Number(a.must("id -u site-editor").trim());
    plant(a);
    rootBefore = rootFileState(a);
    const logs = a.run("sitectl logs publisher");
    report("logs-planted.txt", logs.stdout + logs.stderr);
    check(
      /from the planted log/.test(logs.stdout) && leaked(a, logs.stdout + logs.stderr) === null,
      "sitectl logs shows the publisher's newest log without its escape sequences",
      logs.stdout.slice(-2000),
    );
    linkNewestLog(a);
    const linked = a.run("sitectl logs publisher");
    check(
      leaked(a, linked.stdout + linked.stderr) === null,
      "and nothing of a link the publisher's user put there (to root's secret)",
    );
    // republish first: the links for the coming pids are planted just before it.
    for (const command of [
      "sitectl republish",
      "sitectl doctor",
      "sitectl status",
      "sitectl editors list",
      "sitectl enquiries",
    ]) {
      const ran = a.run(command);
      report(`${command.replace(/ /g, "-")}-planted.txt`, ran.stdout + ran.stderr);
      check(
        leaked(a, ran.stdout + ran.stderr) === null,
        `${command} runs with it all planted, showing nothing of root's`,
      );
    }
    const republished = fs.readFileSync(path.join(REPORT, "sitectl-republish-planted.txt"), "utf8");
    check(
      /Published: /.test(republished),
      "sitectl republish publishes, its request written by the publisher's user",
      republished,
    );
    const foreign = plantedRuns(a).filter((run) => run.uid !== editorUid);
    check(foreign.length === 0, "nothing planted ran as root or as another service's user", JSON.stringify(foreign));
    check(
      JSON.stringify(rootFileState(a)) === JSON.stringify(rootBefore),
      "no root file changed owner, mode or content",
    );
  });
  await phase("A: an option or a setting carrying a shell command is refused, and never runs (issue 35)", () => {
    const option = a.run(
      // No space in it: the pattern before issue 35 took it, and a later run sourced it.
      installCommand(`--domain ${DOMAIN} --email 'ops$(id>/root/option-ran)@anodising.test' --check`),
      { env: OFFLINE },
    );
    check(
      option.status === 1 &&
        /--email .* is not an e-mail address/.test(option.stderr) &&
        !fs.existsSync(a.file("/root/option-ran")),
      "deploy/install refuses --email with $(…) in it, naming the option; nothing ran",
      option.stdout + option.stderr,
    );
    const conf = a.file("/etc/anodising/install.conf");
    const kept = fs.readFileSync(conf, "utf8");
    fs.writeFileSync(conf, kept.replace(/^EMAIL=.*$/m, "EMAIL=ops$(id>/root/conf-ran)@anodising.test"));
    const tampered = a.run(installCommand("--check"), { env: OFFLINE });
    fs.writeFileSync(conf, kept);
    check(
      tampered.status !== 0 &&
        /install\.conf: EMAIL .* is not allowed/.test(tampered.stderr) &&
        !fs.existsSync(a.file("/root/conf-ran")),
      "a settings file holding a shell command is read as data and refused, naming the setting; nothing ran",
      tampered.stdout + tampered.stderr,
    );
  });
  await phase("A: where enquiries go is the operator's, not content (issue 35)", () => {
    const enquiry = fs.readFileSync(a.file("/srv/site/host/repo/content/enquiry.yaml"), "utf8");
    const redirected = enquiry.replace(/^delivery:\n/m, "delivery:\n  to: thief@elsewhere.test\n");
    const answer = staffSaveFile(a, "enquiry", redirected);
    check(
      answer.endsWith("\n422") && /delivery.*to.*not a field/.test(answer),
      "a staff save that names a recipient in content is refused (422)",
      answer,
    );
    const shown = a.must("sitectl enquiries-to").trim();
    check(
      shown.includes(ENQUIRIES_TO),
      `sitectl enquiries-to says the address set at install (${ENQUIRIES_TO})`,
      shown,
    );
  });
  await phase(
    "A: a repository left detached with a stray file: the editor says so, sitectl repair mends it",
    async () => {
      const head = repoHead(a);
      a.must(
        "runuser -u site-editor -- sh -c 'cd /srv/site/host/repo && git -c core.fsmonitor=false checkout --quiet --detach && echo left: here > content/stray.yaml'",
      );
      const refused = staffSave(a, newPhone());
      check(
        refused.endsWith("\n409") && /needs repair .*sudo sitectl repair/.test(refused) && repoHead(a) === head,
        "a staff save is refused: 409, the repository needs repair, sudo sitectl repair",
        refused,
      );
      const doctor = a.run("sitectl doctor");
      check(
        doctor.status === 1 &&
          /needs repair \(no branch is checked out/.test(doctor.stdout) &&
          /fix: sitectl repair/.test(doctor.stdout),
        "sitectl doctor names it and its fix",
        doctor.stdout,
      );
      const repaired = a.run("sitectl repair");
      report("repair.txt", repaired.stdout + repaired.stderr);
      check(
        repaired.status === 0 &&
          /Repaired: /.test(repaired.stdout) &&
          /The editor is running again/.test(repaired.stdout),
        "sitectl repair exits 0 and says what it did",
        repaired.stdout + repaired.stderr,
      );
      check(a.run("sitectl doctor").status === 0, "sitectl doctor is clean again");
      const phone = newPhone();
      // The editor was restarted by the repair: it listens a moment later.
      await until(
        "the editor after the repair",
        () => curl(a, `--cacert /root/pebble/root.pem ${basic} https://${DOMAIN}/admin/`) === "200",
        120_000,
      );
      const saved = staffSave(a, phone);
      check(saved.endsWith("\n200"), "and staff save again (200)", saved);
      const after = repoHead(a);
      const savedAt = Date.now();
      await until("the save to go live", () => status(a).live?.commit === after);
      publishSeconds.push(Math.round((Date.now() - savedAt) / 1000));
    },
  );
  await phase("A: an enquiry is spooled, mailed and listed by doctor", async () => {
    const reference = postEnquiry(a, `https://${DOMAIN}/`, "--cacert /root/pebble/root.pem");
    check(/^[0-9A-Z]{10}$/.test(reference), `the form took an enquiry: ${reference}`);
    const mailbox = () => readIfThere(a.file("/var/mail/root"));
    await until("the enquiry in root's mailbox", () => mailbox().includes(reference), 120_000);
    check(
      fs.existsSync(a.file(`/srv/site/enquiry/spool/sent/${reference}.eml`)) && mailbox().includes(reference),
      "the mail server (postfix) took it and delivered it",
    );
    /** The address postfix was asked to deliver a reference's message to (its X-Original-To). */
    const deliveredTo = (ref: string) =>
      mailbox()
        .split(/^From /m)
        .filter((message) => message.includes(`X-Enquiry-Reference: ${ref}`))
        .map((message) => /^X-Original-To: (.*)$/m.exec(message)?.[1]?.trim());
    check(
      JSON.stringify(deliveredTo(reference)) === JSON.stringify([ENQUIRIES_TO]),
      `to the operator's address, ${ENQUIRIES_TO}`,
      JSON.stringify(deliveredTo(reference)),
    );
    const changed = a.run(`sitectl enquiries-to ${ENQUIRIES_TO_LATER}`);
    check(
      changed.status === 0,
      `sitectl enquiries-to ${ENQUIRIES_TO_LATER} changes it`,
      changed.stdout + changed.stderr,
    );
    // The enquiry service was restarted: it answers again in a moment.
    let next = "";
    await until(
      "the enquiry service after its restart",
      () => {
        try {
          next = postEnquiry(a, `https://${DOMAIN}/`, "--cacert /root/pebble/root.pem");
          return true;
        } catch {
          return false;
        }
      },
      60_000,
    );
    await until("the next enquiry in root's mailbox", () => mailbox().includes(next), 120_000);
    check(
      JSON.stringify(deliveredTo(next)) === JSON.stringify([ENQUIRIES_TO_LATER]),
      `the next enquiry goes to ${ENQUIRIES_TO_LATER}`,
      JSON.stringify(deliveredTo(next)),
    );
    const doctor = a.run("sitectl doctor");
    report("doctor-a.txt", doctor.stdout + doctor.stderr);
    check(doctor.stdout.includes(reference), "sitectl doctor lists it", doctor.stdout);
    check(
      doctor.stdout.includes(`enquiries are e-mailed to ${ENQUIRIES_TO_LATER}`),
      "and says where enquiries go",
      doctor.stdout,
    );
    check(
      doctor.status === 0 && doctor.stdout.includes("No problems found."),
      "sitectl doctor is clean",
      doctor.stdout + doctor.stderr,
    );
  });
  await phase(
    "A: staff read an enquiry and its drawing at /admin/enquiries/, and restore a version (issue 37)",
    async () => {
      const tls = "--cacert /root/pebble/root.pem";
      const drawing = Buffer.concat([Buffer.from("%PDF-1.7\n% install test drawing\n"), crypto.randomBytes(2048)]);
      fs.writeFileSync(a.file("/root/drawing.pdf"), drawing);
      const posted = a.must(
        `curl -sS ${tls} -H 'Accept: application/json' -F 'name=Inbox Buyer' -F 'company=Inbox Works' -F 'email=inbox@buyer.test' -F 'service=${services[0].slug}' -F 'message=Read me in the browser.' -F 'consent=yes' -F 'drawing=@/root/drawing.pdf;filename=bracket.pdf' https://${DOMAIN}/api/enquiry`,
      );
      const reference = (JSON.parse(posted) as { reference?: string }).reference ?? "";
      check(/^[0-9A-Z]{10}$/.test(reference), `an enquiry with a drawing: ${reference}`, posted);
      const inbox = `https://${DOMAIN}/admin/enquiries/`;
      check(curl(a, `${tls} ${inbox}`) === "401", "the enquiries ask for the login (401)");
      const list = a.must(`curl -sS ${tls} ${basic} ${inbox}`);
      check(
        list.includes(reference) && list.includes("Inbox Works"),
        "the list shows it, with its company",
        list.slice(0, 2000),
      );
      const page = a.must(`curl -sS ${tls} ${basic} ${inbox}${reference}`);
      check(page.includes("Inbox Buyer") && page.includes("Read me in the browser."), "the enquiry reads in full");
      a.must(
        `curl -sS ${tls} ${basic} -D /root/file-headers.txt -o /root/drawing-back.pdf ${inbox}${reference}/file/0`,
      );
      const headers = fs.readFileSync(a.file("/root/file-headers.txt"), "utf8");
      check(
        fs.readFileSync(a.file("/root/drawing-back.pdf")).equals(drawing) &&
          /content-disposition: attachment/i.test(headers),
        "its drawing downloads whole, as an attachment",
        headers,
      );
      await until(
        "the read in the enquiry service's journal",
        () =>
          a.run("journalctl -u anodising-enquiry --no-pager -o cat").stdout.includes(`${LOGIN.name} read ${reference}`),
        60_000,
      );
      check(true, `the read is logged: "${LOGIN.name} read ${reference}"`);
      // The editor's user, with the editor's own secret, asks the service directly: refused.
      const editorSecret =
        /EDITOR_PROXY_SECRET=(.*)/.exec(fs.readFileSync(a.file("/etc/anodising/editor-proxy.env"), "utf8"))?.[1] ?? "";
      const direct = a.run(
        `runuser -u site-editor -- curl -s -o /dev/null -w '%{http_code}' -H 'X-Staff-Login: ${LOGIN.name}' -H 'X-Staff-Secret: ${editorSecret}' http://127.0.0.1:8092/admin/enquiries/${reference}`,
      ).stdout;
      check(direct === "401", "the editor's user cannot read it from the service directly (401)", direct);

      // The last staff change of the site settings, restored away through /admin/history/.
      const editorGit =
        "runuser -u site-editor -- git -c core.hooksPath=/dev/null -c core.fsmonitor=false -C /srv/site/host/repo";
      const versions = a.must(`${editorGit} log -n2 --format=%H -- content/site.yaml`).trim().split("\n");
      const history = a.must(
        `curl -sS ${tls} ${basic} 'https://${DOMAIN}/admin/history/file?path=content%2Fsite.yaml'`,
      );
      check(
        history.includes("This is the current version") && history.includes(versions[1]),
        "the settings' history lists its versions",
        history.slice(0, 2000),
      );
      const head = repoHead(a);
      const restored = a.must(
        `curl -sS -o /dev/null -w '%{http_code} %{redirect_url}' ${tls} ${basic} -H 'Origin: https://${DOMAIN}' -H 'Sec-Fetch-Site: same-origin' --data 'path=content/site.yaml&commit=${versions[1]}' https://${DOMAIN}/admin/history/restore`,
      );
      check(restored.startsWith("303 ") && restored.includes("done=restored"), "restore this version: 303", restored);
      const after = repoHead(a);
      check(
        after !== head && a.must(`${editorGit} log -1 --format=%an`).trim() === LOGIN.name,
        "a new commit, by the login",
      );
      const started = Date.now();
      await until("the restore to go live", () => status(a).live?.commit === after);
      publishSeconds.push(Math.round((Date.now() - started) / 1000));
      const phoneThen = (
        YAML.parse(a.must(`${editorGit} show ${versions[1]}:content/site.yaml`)) as { contacts: { phone: string }[] }
      ).contacts[0].phone;
      check(
        a.must(`curl -sS ${tls} https://${DOMAIN}/`).includes(phoneThen),
        `the restored phone is live (${publishSeconds.at(-1)} s after the restore)`,
      );
    },
  );
  await phase("A: the server watches itself on its own timers (issue 36)", async () => {
    const timers = a.run("systemctl is-active anodising-watch.timer anodising-republish.timer");
    check(timers.stdout.trim() === "active\nactive", "the watch and the daily republish timers run", timers.stdout);
    const onFailure = a.must(
      "for u in anodising-publisher anodising-editor anodising-enquiry anodising-republish nginx certbot; do systemctl show -p OnFailure --value $u; done",
    );
    check(
      onFailure
        .trim()
        .split("\n")
        .every((line) => line.trim() === "anodising-watch.service"),
      "every unit of the site, nginx and certbot carry OnFailure=anodising-watch.service",
      onFailure,
    );
    const ran = a.run("sitectl watch");
    report("watch-clean.txt", ran.stdout + ran.stderr);
    check(
      ran.status === 0 && /0 problem\(s\) found/.test(ran.stdout),
      "sitectl watch finds no problem",
      ran.stdout + ran.stderr,
    );
    const verified = `--cacert /root/pebble/root.pem`;
    check(
      curl(a, `${verified} https://${DOMAIN}/admin/problems.json`) === "401",
      "staff's problems.json asks for the login",
    );
    const problems = a.must(`curl -sS ${verified} ${basic} https://${DOMAIN}/admin/problems.json`);
    check(JSON.parse(problems).problems.length === 0, "and with it says no problem", problems);
    const test = a.run("sitectl alerts --test");
    check(test.status === 0, "sitectl alerts --test sends a test", test.stdout + test.stderr);
    await told(a, ALERTS_TO, /Test: the server's alerts reach you/, { trigger: false });
    check(true, `the test reaches ${ALERTS_TO}, the address set at install (--alerts-to)`);
  });
  await phase("A: bad alert and mail settings are refused, naming the option, nothing changed (issue 36)", () => {
    const files = ["/etc/anodising/watch.env", "/etc/anodising/enquiry.env"];
    const before = files.map((file) => fs.readFileSync(a.file(file), "utf8"));
    const refused: [string, RegExp][] = [
      ["sitectl alerts --to 'ops at example'", /--to .* is not an e-mail address/],
      ["sitectl alerts --webhook http://ntfy.example.com/topic", /--webhook .* is not an https:\/\/ address/],
      ["sitectl alerts --webhook 'https://ntfy.sh/a$(id)'", /--webhook .* is not an https:\/\/ address/],
      [`sitectl mail-server "$(printf 'smtp://127.0.0.1:25\\x07')"`, /SMTP_URL must be smtp:\/\//],
      [
        installCommand(`--domain ${DOMAIN} --alerts-to 'ops(at)example' --check`),
        /--alerts-to .* is not an e-mail address/,
      ],
      [
        installCommand(`--domain ${DOMAIN} --alert-webhook http://hooks.example.com/x --check`),
        /--alert-webhook .* is not an https:\/\/ address/,
      ],
    ];
    for (const [command, message] of refused) {
      const ran = a.run(command);
      check(
        ran.status !== 0 && message.test(ran.stderr + ran.stdout),
        `refused: ${command.replace(/^cd \S+ && +/, "")}`,
        ran.stdout + ran.stderr,
      );
    }
    check(
      files.every((file, index) => fs.readFileSync(a.file(file), "utf8") === before[index]),
      "watch.env and enquiry.env are unchanged",
    );
  });
  await phase("A: a publish that fails for a technical reason reaches the operator (issue 36)", async () => {
    // A disk floor the machine cannot meet: the publisher refuses to build, as on a full disk.
    fs.appendFileSync(a.file("/etc/anodising/publisher.env"), "HOST_MIN_FREE_MB=99999999\n");
    a.must(RESTART_PUBLISHER);
    const failed = a.run("sitectl republish");
    check(failed.status !== 0, "sitectl republish says the build failed", failed.stdout + failed.stderr);
    const alert = await told(a, ALERTS_TO, /PROBLEM: the last build failed for a technical reason/);
    toldAfter.push(["a publish failing for a technical reason", alert.seconds]);
    report("alert-publish.txt", `Subject: ${alert.mail.subject}\n\n${alert.mail.text}`);
    check(
      /HOST_MIN_FREE_MB/.test(alert.mail.text) &&
        /What visitors and staff notice:/.test(alert.mail.text) &&
        /sitectl republish/.test(alert.mail.text) &&
        /Since: /.test(alert.mail.text),
      `the operator is told in ${alert.seconds} s: what is wrong (the build's own words), since when, what people notice, the fix`,
      alert.mail.text,
    );
    const problems = a.must(`curl -sS --cacert /root/pebble/root.pem ${basic} https://${DOMAIN}/admin/problems.json`);
    check(/"publish:technical"/.test(problems), "staff see it in /admin/ (problems.json)", problems);
    fs.writeFileSync(
      a.file("/etc/anodising/publisher.env"),
      fs.readFileSync(a.file("/etc/anodising/publisher.env"), "utf8").replace("HOST_MIN_FREE_MB=99999999\n", ""),
    );
    a.must(RESTART_PUBLISHER);
    const fixed = a.run("sitectl republish");
    check(fixed.status === 0, "once the cause is gone, sitectl republish publishes", fixed.stdout + fixed.stderr);
    const resolved = await told(a, ALERTS_TO, /Resolved: the last build failed for a technical reason/);
    check(true, `and the operator is told it is resolved (${resolved.seconds} s)`);
  });
  await phase("A: a certificate 5 days from expiry reaches the operator (issue 36)", async () => {
    const live = `/etc/letsencrypt/live/${DOMAIN}`;
    const kept = ["fullchain.pem", "privkey.pem"].map(
      (name) => [name, fs.readFileSync(a.file(`${live}/${name}`))] as const,
    );
    // nginx serves a certificate for the name that expires in 5 days (cp writes through certbot's links).
    a.must(
      `openssl req -x509 -newkey rsa:2048 -nodes -days 5 -subj /CN=${DOMAIN} -addext subjectAltName=DNS:${DOMAIN} -keyout /root/short.key -out /root/short.pem 2>/dev/null && cp /root/short.pem ${live}/fullchain.pem && cp /root/short.key ${live}/privkey.pem && systemctl reload nginx`,
    );
    const alert = await told(
      a,
      ALERTS_TO,
      new RegExp(`PROBLEM: the certificate for ${DOMAIN.replace(/\./g, "\\.")} expires in [45] days`),
    );
    toldAfter.push(["a certificate 5 days from expiry", alert.seconds]);
    report("alert-certificate.txt", `Subject: ${alert.mail.subject}\n\n${alert.mail.text}`);
    check(
      /certbot renew/.test(alert.mail.text),
      `the operator is told in ${alert.seconds} s, with the fix (certbot renew)`,
      alert.mail.text,
    );
    for (const [name, bytes] of kept) fs.writeFileSync(a.file(`${live}/${name}`), bytes);
    a.must("systemctl reload nginx");
    const resolved = await told(a, ALERTS_TO, /Resolved: the certificate for/);
    check(true, `and told it is resolved once the renewed one is served (${resolved.seconds} s)`);
  });
  await phase("A: a unit systemd gives up on is told at once, by its OnFailure= (issue 36)", async () => {
    const unit = "anodising-editor";
    const state = () => a.must(`systemctl show -p ActiveState --value ${unit}`).trim();
    // Killed each time it is back, until systemd stops restarting it (5 starts in 10 minutes).
    let kills = 0;
    for (let current = state(); current !== "failed"; current = state()) {
      if (current === "active") {
        a.run(`systemctl kill -s KILL ${unit}`);
        kills += 1;
      }
      assert.ok(kills <= 10, `${unit} was killed ${kills} times and systemd still restarts it`);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    const gaveUp = Date.now();
    const alert = await told(a, ALERTS_TO, new RegExp(`PROBLEM: ${unit} failed \\(`), {
      trigger: false,
    });
    const seconds = Math.round((Date.now() - gaveUp) / 1000);
    toldAfter.push(["a unit systemd gave up on (OnFailure=)", seconds]);
    report("alert-unit.txt", `Subject: ${alert.mail.subject}\n\n${alert.mail.text}`);
    check(true, `killed ${kills} times, systemd gave up; the operator is told ${seconds} s later, with no timer run`);
    a.must(`systemctl reset-failed ${unit} && systemctl start ${unit}`);
    await until(
      "the editor back",
      () => curl(a, `--cacert /root/pebble/root.pem ${basic} https://${DOMAIN}/admin/`) === "200",
      60_000,
    );
    const resolved = await told(a, ALERTS_TO, new RegExp(`Resolved: ${unit} failed \\(`));
    check(true, `and told it is resolved once it runs again (${resolved.seconds} s)`);
  });
  await phase("A: the mail server stopped with an enquiry waiting, then started again (issue 36)", async () => {
    // A second way to be told: a webhook on this machine, as ntfy would take it.
    a.must(
      `systemd-run --quiet --unit=hook /usr/bin/node -e "require('http').createServer((q,r)=>{let b='';q.on('data',d=>b+=d);q.on('end',()=>{require('fs').appendFileSync('/root/hook.txt',q.headers.title+'\\n'+b+'\\n');r.end()})}).listen(8099,'127.0.0.1')"`,
    );
    await until(
      "the webhook to listen",
      () => a.run("curl -s -o /dev/null -d x http://127.0.0.1:8099/").status === 0,
      30_000,
    );
    a.must("sitectl alerts --webhook http://127.0.0.1:8099/alerts");
    a.must("systemctl stop postfix");
    const stopped = Date.now();
    const reference = postEnquiry(a, `https://${DOMAIN}/`, "--cacert /root/pebble/root.pem");
    await until("the enquiry service to find its mail server down", () => mailState(a)?.state === "failing", 60_000);
    const ran = a.run("sitectl watch");
    report("watch-mail-down.txt", ran.stdout + ran.stderr);
    const hooked = readIfThere(a.file("/root/hook.txt"));
    check(
      /PROBLEM: the enquiry service's mail server/.test(hooked),
      `the webhook is told while mail is down (${Math.round((Date.now() - stopped) / 1000)} s)`,
      hooked,
    );
    toldAfter.push(["the mail server down (webhook; mail once it is back)", Math.round((Date.now() - stopped) / 1000)]);
    const problems = a.must(`curl -sS --cacert /root/pebble/root.pem ${basic} https://${DOMAIN}/admin/problems.json`);
    check(
      JSON.parse(problems).mail?.failing === true && problems.includes(reference),
      "staff's banner says mail fails and names the waiting enquiry",
      problems,
    );
    const doctor = a.run("sitectl doctor");
    check(
      doctor.status !== 0 && /does not take mail/.test(doctor.stdout),
      "sitectl doctor says the running service's mail server fails",
      doctor.stdout,
    );
    const alerts = a.run("sitectl alerts");
    check(
      /message\(s\) wait to be sent/.test(alerts.stdout),
      "sitectl alerts says the alert waits to be e-mailed",
      alerts.stdout,
    );
    a.must("systemctl start postfix");
    await until(
      "the waiting enquiry in the mailbox",
      () => readIfThere(a.file("/var/mail/root")).includes(reference),
      240_000,
    );
    check(true, "once the mail server is back, the waiting enquiry is delivered");
    const resolved = await told(a, ALERTS_TO, /Resolved: the enquiry service's mail server/);
    const mails = (await mailsTo(a, ALERTS_TO)).map((mail) => mail.subject);
    check(
      mails.some((subject) => /PROBLEM: the enquiry service's mail server/.test(subject)),
      `and the alert written while it was down arrives with its "resolved" (${resolved.seconds} s)`,
      mails.join("\n"),
    );
    a.must("sitectl alerts --webhook off && systemctl stop hook");
  });
  await phase("A: the mail server changed with one command, delivery proven (issue 36)", async () => {
    const env = () => fs.readFileSync(a.file("/etc/anodising/enquiry.env"), "utf8");
    const before = env();
    const nowhere = a.run("sitectl mail-server smtp://127.0.0.1:2526");
    check(
      nowhere.status !== 0 && /nothing was changed/.test(nowhere.stderr) && env() === before,
      "a mail server that takes no test is refused, and nothing changes",
      nowhere.stdout + nowhere.stderr,
    );
    // postfix takes mail on a second port too: the new server.
    a.must(`postconf -M '2525/inet=2525 inet n - y - - smtpd' && systemctl reload postfix`);
    await until(
      "postfix on 2525",
      () => a.run("curl -s --max-time 2 telnet://127.0.0.1:2525 </dev/null").status !== 7,
      30_000,
    );
    const changed = a.run("sitectl mail-server smtp://127.0.0.1:2525");
    report("mail-server.txt", changed.stdout + changed.stderr);
    check(
      changed.status === 0 && /uses 127\.0\.0\.1:2525, which takes mail/.test(changed.stdout),
      "sitectl mail-server sets it, restarts the enquiry service and waits for its check",
      changed.stdout + changed.stderr,
    );
    await told(a, ENQUIRIES_TO_LATER, /Test: enquiries are e-mailed through 127\.0\.0\.1:2525/, { trigger: false });
    check(
      mailState(a)?.server === "127.0.0.1:2525",
      "its test message arrived, and the running service uses the new server",
    );
    const reference = postEnquiry(a, `https://${DOMAIN}/`, "--cacert /root/pebble/root.pem");
    await until(
      "the enquiry through the new server",
      () => readIfThere(a.file("/var/mail/root")).includes(reference),
      120_000,
    );
    check(true, "an enquiry goes through it");
    // A setting written by hand is not in use until the service restarts: doctor says so.
    fs.appendFileSync(a.file("/etc/anodising/enquiry.env"), "# edited by hand\n");
    const stale = a.run("sitectl doctor");
    check(
      stale.status !== 0 && /changed after the enquiry service started/.test(stale.stdout),
      "doctor says a hand-edited setting is not in use yet",
      stale.stdout,
    );
    // The installer's way: SMTP_URL=… deploy/install restarts what reads it.
    const reinstall = a.run(installCommand(acmeArgs, "SMTP_URL=smtp://127.0.0.1:25"), { env: OFFLINE });
    check(
      reinstall.status === 0,
      "SMTP_URL=… deploy/install sets it back",
      reinstall.stdout.slice(-2000) + reinstall.stderr,
    );
    await until(
      "the enquiry service on port 25",
      () => mailState(a)?.server === "127.0.0.1:25" && mailState(a)?.state === "ok",
      60_000,
    );
    const doctor = a.run("sitectl doctor");
    check(doctor.status === 0, "the restarted service uses it and doctor is clean", doctor.stdout);
  });
  await phase("A: reboot", async () => {
    const before = status(a);
    await a.reboot();
    await until(
      "https after the reboot",
      () => curl(a, `--cacert /root/pebble/root.pem https://${DOMAIN}/`) === "200",
      120_000,
    );
    const after = status(a);
    check(
      after.live?.release === before.live?.release && after.history.length === before.history.length,
      "after a reboot it serves the same release, with no new build",
    );
    // The editor's backend listens a few seconds after nginx does.
    const editor = () => curl(a, `--cacert /root/pebble/root.pem ${basic} https://${DOMAIN}/admin/`);
    await until("the editor after the reboot", () => editor() === "200", 120_000);
    check(editor() === "200", "and the editor opens");
    const doctor = a.run("sitectl doctor");
    check(doctor.status === 0, "sitectl doctor is clean after the reboot", doctor.stdout);
  });
  await phase("A: sitectl update to new code", async () => {
    const next = commitToClone(a, "A harmless code change", (clone) =>
      fs.appendFileSync(path.join(clone, "README.md"), "\nUpdated on the server by the install test.\n"),
    ).slice(0, 12);
    const ran = a.run("sitectl update", { env: OFFLINE });
    report("update-good.txt", ran.stdout + ran.stderr);
    check(
      ran.status === 0 && codeInUse(a) === next,
      `sitectl update moves to the new code (${next})`,
      ran.stdout + ran.stderr,
    );
    check(status(a).live?.commit === repoHead(a), "its merge into the content repository is live");
  });
  await phase("A: sitectl update to a commit that breaks the build rolls back", async () => {
    const code = codeInUse(a);
    const head = repoHead(a);
    const live = status(a).live?.release;
    commitToClone(a, "A commit that breaks the build", (clone) => {
      const gatsbyNode = path.join(clone, "gatsby-node.ts");
      const text = fs.readFileSync(gatsbyNode, "utf8");
      fs.writeFileSync(gatsbyNode, `throw new Error("This commit does not build (install test).");\n${text}`);
    });
    const update = a.start("sitectl update", "/root/update-broken.txt", OFFLINE);
    const exited = new Promise<number>((resolve) => update.once("exit", (code) => resolve(code ?? 1)));
    let requests = 0;
    let down = 0;
    let finished = false;
    void exited.then(() => (finished = true));
    while (!finished) {
      requests += 1;
      if (curl(a, `--cacert /root/pebble/root.pem https://${DOMAIN}/`) !== "200") down += 1;
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    const output = fs.readFileSync(a.file("/root/update-broken.txt"), "utf8");
    report("update-broken.txt", output);
    check((await exited) !== 0 && /rolled back/.test(output), "sitectl update fails and says it rolled back", output);
    check(codeInUse(a) === code && repoHead(a) === head, "the previous code and repository head are back");
    check(status(a).live?.release === live, "the live release never changed");
    check(down === 0, `the site answered 200 to all ${requests} requests during the update`);
    const doctor = a.run("sitectl doctor");
    check(doctor.status === 0, "sitectl doctor is clean after the rollback", doctor.stdout);
  });
  await phase("A: sitectl republish builds the head again", () => {
    const before = status(a).live?.release;
    const ran = a.run("sitectl republish");
    report("republish.txt", ran.stdout + ran.stderr);
    check(
      ran.status === 0 && status(a).live?.release !== before,
      "a new release of the same commit is live",
      ran.stdout + ran.stderr,
    );
  });
  await phase("A: the site mirrored to a bucket with one command, and off again (issue 40)", async () => {
    // Debian 13's moto_server as the S3-compatible service, on this machine's loopback.
    a.must("systemd-run --unit=test-bucket --property=Type=exec moto_server -H 127.0.0.1 -p 5005");
    await until("moto_server to answer", () => a.run("curl -s -o /dev/null http://127.0.0.1:5005/").status === 0);
    const s3 = (code: string) =>
      a.must(`python3 - <<'PY'
import boto3, json
s3 = boto3.client("s3", endpoint_url="http://127.0.0.1:5005", aws_access_key_id="testing", aws_secret_access_key="testingsecret", region_name="us-east-1")
${code}
PY`);
    s3('s3.create_bucket(Bucket="site-mirror")');
    const keys = "MIRROR_ACCESS_KEY_ID=testing MIRROR_SECRET_ACCESS_KEY=testingsecret";
    const set = (bucket: string) =>
      a.run(
        `${keys} sitectl mirror set --endpoint http://127.0.0.1:5005 --bucket ${bucket} --url https://www.mirror.test`,
        { timeoutMs: 20 * 60_000 },
      );
    const refused = set("no-such-bucket");
    check(
      refused.status !== 0 &&
        /could not list the bucket/.test(refused.stderr) &&
        !fs.existsSync(a.file("/etc/anodising/mirror.env")),
      "a bucket the keys cannot use is refused, saying which step failed; nothing is written",
      refused.stdout + refused.stderr,
    );
    const started = Date.now();
    const ran = set("site-mirror");
    report("mirror-set.txt", ran.stdout + ran.stderr);
    check(
      ran.status === 0 && /The bucket serves release/.test(ran.stdout),
      `sitectl mirror set checks the bucket, builds the pages again and copies the release (${Math.round((Date.now() - started) / 1000)} s)`,
      ran.stdout + ran.stderr,
    );
    check(
      a.must("stat -c '%U:%G %a' /etc/anodising/mirror.env").trim() === "root:root 600",
      "the keys are in a file only root reads",
    );
    const live = status(a).live!.release;
    const held = JSON.parse(
      s3(`print(json.dumps([o["Key"] for o in s3.list_objects_v2(Bucket="site-mirror")["Contents"]]))`),
    ) as string[];
    const slug = services[0].slug;
    check(
      held.includes("index.html") &&
        held.includes(slug) &&
        held.includes(`${slug}/index.html`) &&
        !held.some((key) => /^(admin|_enquiry)\//.test(key)),
      `the bucket holds the live release's ${held.length} objects, pages at their addresses, without the editor or the enquiry service's files`,
      held.slice(0, 50).join("\n"),
    );
    const home = JSON.parse(
      s3(
        `o = s3.get_object(Bucket="site-mirror", Key="index.html"); print(json.dumps([o["ContentType"], o["CacheControl"], o["Body"].read().decode()]))`,
      ),
    ) as [string, string, string];
    check(
      home[0] === "text/html; charset=utf-8" &&
        home[1] === "public, max-age=0, must-revalidate" &&
        home[2] === fs.readFileSync(a.file(`/srv/site/host/releases/${live}/index.html`), "utf8"),
      "its home page is the live one, with nginx's type and cache lifetime",
      home.slice(0, 2).join("\n"),
    );
    check(
      /<form[^>]+action="https:\/\/www\.anodising\.test\/api\/enquiry"/.test(
        fs.readFileSync(a.file(`/srv/site/host/live${quoteRoute}/index.html`), "utf8"),
      ),
      `pages built with the mirror on send the quote form to https://${DOMAIN}, the server's own name`,
    );
    const doctor = a.run("sitectl doctor");
    report("mirror-doctor.txt", doctor.stdout);
    check(
      /ok +the bucket \S+ serves the live release/.test(doctor.stdout) &&
        /PROBLEM.*https:\/\/www\.mirror\.test\/ does not answer/.test(doctor.stdout),
      "doctor: the bucket serves the live release, and the public name (no CDN here) is asked too",
      doctor.stdout,
    );
    const off = a.run("sitectl mirror off", { timeoutMs: 20 * 60_000 });
    report("mirror-off.txt", off.stdout + off.stderr);
    check(
      off.status === 0 && !fs.existsSync(a.file("/etc/anodising/mirror.env")),
      "sitectl mirror off: no more copies, the pages built again",
      off.stdout + off.stderr,
    );
    a.run("systemctl stop test-bucket");
    const clean = a.run("sitectl doctor");
    check(clean.status === 0, "sitectl doctor is clean again", clean.stdout);
  });
  await phase("A: a lapsed document leaves the page at the daily republish (issue 36)", async () => {
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const document = firstDocument(a);
    const page = () => a.must(`curl -sS --cacert /root/pebble/root.pem https://${DOMAIN}${document.route}`);
    const offered = () => page().includes(`/${document.fileName}"`);
    // The publisher builds as if it were yesterday (libfaketime), when a document valid until
    // yesterday is still offered; the daily republish then runs today, as its timer would.
    const dropIn = a.file("/etc/systemd/system/anodising-publisher.service.d/yesterday.conf");
    fs.mkdirSync(path.dirname(dropIn), { recursive: true });
    fs.writeFileSync(
      dropIn,
      "[Service]\nEnvironment=LD_PRELOAD=/usr/lib/x86_64-linux-gnu/faketime/libfaketimeMT.so.1 FAKETIME=-1d DONT_FAKE_MONOTONIC=1\n",
    );
    a.must(RESTART_PUBLISHER);
    const file = a.file(`/srv/site/host/repo/content/${document.name}.yaml`);
    const saved = staffSaveFile(
      a,
      document.name,
      edited(fs.readFileSync(file, "utf8"), [...document.path, "validUntil"], day(-1)),
    );
    check(saved.endsWith("\n200"), `staff set "${document.title}" valid until ${day(-1)}`, saved);
    const head = repoHead(a);
    await until("the change to go live", () => status(a).live?.commit === head);
    check(offered(), `built yesterday, ${document.route} offers it`);
    check(
      status(a).nextChange === day(0),
      `and the publisher notes the pages change on ${day(0)}`,
      JSON.stringify(status(a).nextChange),
    );
    fs.rmSync(dropIn);
    a.must(RESTART_PUBLISHER);
    const live = status(a).live?.release;
    const daily = () => {
      const since = Math.floor(Date.now() / 1000) - 1;
      return a.run(
        `systemctl start anodising-republish.service && journalctl -u anodising-republish -o cat --since=@${since} | grep '^republish:'`,
      );
    };
    const asked = daily();
    check(
      /republish: asked for/.test(asked.stdout),
      "the daily republish asks for a build",
      asked.stdout + asked.stderr,
    );
    await until("the republish to go live", () => status(a).live?.release !== live && status(a).state === "idle");
    check(!offered(), `${document.route} no longer offers the lapsed document`);
    check(
      status(a).warnings.some((warning) => warning.includes(`"${document.title}" was valid until ${day(-1)}`)),
      "and staff are warned to upload the renewed one",
      JSON.stringify(status(a).warnings),
    );
    const again = daily();
    check(/not needed today/.test(again.stdout), "run again the same day, it builds nothing", again.stdout);
    // Back as it was, for the phases after.
    const restored = staffSaveFile(
      a,
      document.name,
      edited(fs.readFileSync(file, "utf8"), [...document.path, "validUntil"], day(3650)),
    );
    check(restored.endsWith("\n200"), "the document made valid again");
    const restoredHead = repoHead(a);
    await until("that to go live", () => status(a).live?.commit === restoredHead && status(a).state === "idle");
  });
  await phase("A: the owner's report of visits and enquiries (issue 39)", async () => {
    console.log(`   ${a.must("goaccess --version | head -1").trim()}`);
    const verified = `--cacert /root/pebble/root.pem https://${DOMAIN}`;
    const visit = `/${services[0].slug}?from=report`;
    check(curl(a, `${verified}${visit}`) === "200", "a visit to a service page");
    await until("the visit in the visits log", () =>
      fs.readFileSync(a.file("/var/log/anodising-visits/access.log"), "utf8").includes(`GET ${visit} `),
    );
    const lines = fs.readFileSync(a.file("/var/log/anodising-visits/access.log"), "utf8").split("\n").filter(Boolean);
    const full = lines.filter((line) => !/^(\d+\.\d+\.\d+\.0|[0-9a-f:]*::) - - \[/.test(line));
    check(
      full.length === 0,
      `nginx writes the site's ${lines.length} visits with every address shortened, no login name`,
      full.slice(0, 5).join("\n"),
    );
    const debians = a.run("cat /var/log/nginx/access.log 2>/dev/null").stdout;
    check(!debians.trim(), "Debian's own access.log gets none of them", debians.slice(0, 2000));
    check(
      a.must("stat -c '%U:%G %a' /var/log/anodising-visits").trim() === "www-data:site-report 750",
      "the log's folder: nginx's user writes it, site-report reads it, no one else",
    );
    // logrotate's rule, forced now: nginx writes the next visit to a new file.
    const rotated = a.run("logrotate -f /etc/logrotate.d/anodising-site");
    check(rotated.status === 0, "logrotate takes the visits log's rule (13 months)", rotated.stdout + rotated.stderr);
    // nginx opens the new file when its signal arrives: a visit each try, until one lands there.
    let tries = 0;
    await until("nginx to write to the new log", () => {
      curl(a, `${verified}/?after-rotation=${++tries}`);
      return fs.readFileSync(a.file("/var/log/anodising-visits/access.log"), "utf8").includes("after-rotation=");
    });
    check(
      fs.existsSync(a.file("/var/log/anodising-visits/access.log.1")),
      "the day's log kept as access.log.1, the new one written",
    );

    // Debian 13's GoAccess counts the tests' own log as Debian 12's does (server/tests/report.spec.ts).
    const fixture = a.file("/var/tmp/report-fixture");
    fs.rmSync(fixture, { recursive: true, force: true });
    writeRelease(path.join(fixture, "release"));
    linkLive(path.join(fixture, "host"), "/var/tmp/report-fixture/release");
    writeVisits(path.join(fixture, "visits"), Date.now());
    fs.mkdirSync(path.join(fixture, "enquiry"));
    const built = a.run(
      "cd /srv/site/app && TSX_DISABLE_CACHE=1 HOST_DIR=/var/tmp/report-fixture/host VISITS_LOG_DIR=/var/tmp/report-fixture/visits REPORT_DIR=/var/tmp/report-fixture/report ENQUIRY_DIR=/var/tmp/report-fixture/enquiry node --import tsx server/analytics/main.ts",
    );
    check(built.status === 0, "the report builds from the tests' log", built.stdout + built.stderr);
    const counted = JSON.parse(fs.readFileSync(path.join(fixture, "report", "summary.json"), "utf8")) as Report;
    const week = counted.periods.find((period) => period.id === "last-7-days")!;
    const year = counted.periods.find((period) => period.id === "last-365-days")!;
    const found = [
      week.visitors,
      week.pageViews,
      week.pages[0]?.views,
      week.crawlers.hits,
      week.lines.malformed,
      year.visitors,
      year.pageViews,
    ];
    const wanted = [
      EXPECTED.visitors,
      EXPECTED.pageViews,
      EXPECTED.serviceViews,
      EXPECTED.robotHits,
      EXPECTED.malformedLines,
      EXPECTED.yearVisitors,
      EXPECTED.yearPageViews,
    ];
    check(
      JSON.stringify(found) === JSON.stringify(wanted),
      `its counts: ${JSON.stringify(found)}`,
      `wanted ${JSON.stringify(wanted)}`,
    );
    const written = fs
      .readdirSync(path.join(fixture, "report"))
      .map((name) => fs.readFileSync(path.join(fixture, "report", name), "utf8"));
    check(
      written.every((text) => ADDRESSES.every((address) => !text.includes(address))),
      "no full address in anything the report wrote",
    );
    fs.rmSync(fixture, { recursive: true, force: true });

    check(a.run("sitectl owner-mail not-an-address").status === 1, "sitectl owner-mail refuses a bad address");
    check(a.must("sitectl owner-mail").includes(OWNER_TO), `the owner's address set at install: ${OWNER_TO}`);
    const now = a.run("sitectl report --now");
    report("report.txt", now.stdout + now.stderr);
    check(
      now.status === 0 && /The last 7 days: [1-9]\d* visitors/.test(now.stdout),
      "sitectl report --now builds it through its unit",
      now.stdout + now.stderr,
    );
    check(
      a.must("stat -c %U /var/lib/anodising-report/index.html").trim() === "site-report",
      "as the report's own user",
    );
    const exposure = Number(
      /level for \S+: ([\d.]+)/.exec(
        a.must("systemd-analyze security --no-pager anodising-report.service | tail -1"),
      )?.[1],
    );
    check(exposure <= MAX_EXPOSURE, `anodising-report.service: exposure ${exposure}`);
    check(
      a.run("systemctl is-enabled anodising-report.timer").stdout.trim() === "enabled",
      "anodising-report.timer enabled (hourly)",
    );
    check(curl(a, `${verified}/admin/report/`) === "401", "/admin/report/ asks for the login (401)");
    const page = a.must(`curl -sS ${basic} ${verified}/admin/report/last-7-days`);
    check(
      page.includes("Visits and enquiries: last 7 days") && !page.includes("<script"),
      "and shows the report with it, without a script",
    );
    check(
      /ok\s+The owner's report was built/.test(a.run("sitectl doctor").stdout),
      "sitectl doctor says when it was built",
    );
  });
  await phase("A: the weekly digest says what the week held (issue 36)", async () => {
    const early = (await mailsTo(a, ALERTS_TO)).filter((mail) => /Weekly: /.test(mail.subject));
    check(early.length === 0, "none came before its week was over", early.map((mail) => mail.subject).join("\n"));
    const ran = a.run("sitectl watch --digest");
    check(ran.status === 0, "sitectl watch --digest sends it now", ran.stdout + ran.stderr);
    const received = await told(a, ALERTS_TO, /Weekly: /, { trigger: false });
    report("digest.txt", `Subject: ${received.mail.subject}\n\n${received.mail.text}`);
    check(
      /Published: [1-9]/.test(received.mail.text) &&
        /Enquiries: [1-9]\d* received/.test(received.mail.text) &&
        /Certificate: \d+ days left/.test(received.mail.text) &&
        /Problems during the week, now resolved:/.test(received.mail.text) &&
        /the certificate for/.test(received.mail.text),
      "it names the releases, the enquiries, the certificate's days, and the problems that came and went",
      received.mail.text,
    );
    const owner = await told(a, OWNER_TO, /Your week: /, { trigger: false });
    report("owner-digest.txt", `Subject: ${owner.mail.subject}\n\n${owner.mail.text}`);
    check(
      /Visitors: [1-9]/.test(owner.mail.text) && owner.mail.html && owner.mail.pictures === 1,
      "the owner's weekly e-mail: the week's visitors, with a table and a chart (issue 39)",
      owner.mail.text,
    );
  });
  await phase("A: backup, with an enquiry waiting", async () => {
    a.must("systemctl stop postfix");
    waitingReference = postEnquiry(a, `https://${DOMAIN}/`, "--cacert /root/pebble/root.pem");
    await until("the enquiry service to find its mail server down", () => mailState(a)?.state === "failing", 60_000);
    const doctor = a.run("sitectl doctor");
    check(
      doctor.stdout.includes(waitingReference) && doctor.status !== 0,
      "with the mail server down, doctor lists the waiting enquiry and a problem",
      doctor.stdout,
    );
    pagesOfA = pageBodies(a, `https://${DOMAIN}/`, "--cacert /root/pebble/root.pem");
    const ran = a.run("sitectl backup /root/site.backup.tgz");
    report("backup.txt", ran.stdout + ran.stderr);
    check(ran.status === 0, "sitectl backup writes one file", ran.stdout + ran.stderr);
    check((fs.statSync(a.file("/root/site.backup.tgz")).mode & 0o777) === 0o600, "readable by root only");
    backupFile = path.join(CACHE, "site.backup.tgz");
    fs.copyFileSync(a.file("/root/site.backup.tgz"), backupFile);
    const withCertificates = a.run("sitectl backup /root/site-certificates.backup.tgz --with-certificates");
    check(
      withCertificates.status === 0,
      "and with --with-certificates",
      withCertificates.stdout + withCertificates.stderr,
    );
    craftBackup(a, "/root/site-certificates.backup.tgz", "/root/crafted.backup.tgz", host);
    craftedBackupFile = path.join(CACHE, "crafted.backup.tgz");
    fs.copyFileSync(a.file("/root/crafted.backup.tgz"), craftedBackupFile);
  });
  await phase(
    "A: after every command an operator runs, nothing planted ran as root or another service (issue 35)",
    async () => {
      // doctor, status, logs, editors, enquiries, enquiries-to, repair, update (twice), republish and backup ran since it was planted.
      const foreign = plantedRuns(a).filter((run) => run.uid !== editorUid);
      report(
        "planted-runs.txt",
        plantedRuns(a)
          .map((run) => run.line)
          .join("\n"),
      );
      check(foreign.length === 0, "nothing planted ran as root or as another service's user", JSON.stringify(foreign));
      check(
        JSON.stringify(rootFileState(a)) === JSON.stringify(rootBefore),
        "no root file changed owner, mode or content",
      );
      await a.stop();
    },
  );

  // ------------------------------------------------------------------ machine B
  const b = newMachine("b", prepared);
  await phase("B: boot with systemd", () => b.boot());
  await phase("B: an install interrupted half way, then run again", async () => {
    const install = b.start(
      installCommand(`--domain ${UNRESOLVED} --email ops@anodising.test`, loginEnv) + " ",
      "/root/install-interrupted.txt",
    );
    await until(
      "npm ci to start",
      () => /npm ci/.test(readIfThere(b.file("/root/install-interrupted.txt"))),
      10 * 60_000,
    );
    process.kill(-install.pid!, "SIGKILL");
    b.run("pkill -KILL -f 'npm ci' || true");
    const ran = b.run(installCommand(`--domain ${UNRESOLVED} --email ops@anodising.test`, loginEnv), { env: OFFLINE });
    report("install-b-unresolved.txt", ran.stdout + ran.stderr);
    check(
      ran.status === 2 && ran.stdout.includes("does not resolve"),
      "with a domain that does not resolve, it says so and what to do (exit 2)",
      ran.stdout.slice(-3000),
    );
    const resolve = `--resolve ${UNRESOLVED}:80:127.0.0.1`;
    check(curl(b, `${resolve} http://${UNRESOLVED}/`) === "200", "and the site works over plain HTTP meanwhile");
    check(curl(b, `${resolve} http://${UNRESOLVED}/admin/`) === "503", "while the editor waits for HTTPS (503)");
  });
  await phase("B: the install command again, for a self-signed certificate", () => {
    resolveHere(b, DOMAIN);
    const ran = b.run(installCommand(`--domain ${DOMAIN} --tls self-signed`, loginEnv), { env: OFFLINE });
    report("install-b.txt", ran.stdout + ran.stderr);
    check(ran.status === 0, "deploy/install --tls self-signed exits 0", ran.stdout.slice(-3000));
    check(curl(b, `-k https://${DOMAIN}/`) === "200", "https on / with the self-signed certificate");
  });
  let rootBeforeB: Record<string, string> = {};
  await phase("B: restore refuses a damaged or foreign file, changing nothing", () => {
    // With the same plants as on A: restore runs git and writes in the services' folders too.
    plant(b);
    rootBeforeB = rootFileState(b);
    fs.copyFileSync(backupFile, b.file("/root/site.backup.tgz"));
    const whole = fs.readFileSync(backupFile);
    fs.writeFileSync(b.file("/root/damaged.tgz"), whole.subarray(0, Math.floor(whole.length / 2)));
    b.must("tar -czf /root/foreign.tgz -C /etc hostname os-release");
    fs.copyFileSync(craftedBackupFile, b.file("/root/crafted.tgz"));
    const head = repoHead(b);
    for (const [file, word] of [
      ["/root/damaged.tgz", "damaged"],
      ["/root/foreign.tgz", "not a backup"],
      ["/root/crafted.tgz --with-certificates", "etc/cron.d/planted is outside etc/letsencrypt"],
    ]) {
      const ran = b.run(`sitectl restore ${file}`);
      check(
        ran.status !== 0 && (ran.stdout + ran.stderr).includes(word),
        `restore of ${path.basename(file)} is refused ("${word}")`,
        ran.stdout + ran.stderr,
      );
      check(repoHead(b) === head, "and nothing changed");
    }
    check(!fs.existsSync(b.file("/etc/cron.d/planted")), "the crafted backup put nothing into /etc/cron.d (issue 35)");
    check(
      b.run("systemctl is-active anodising-editor anodising-publisher anodising-enquiry").status === 0,
      "and the services run on",
    );
  });
  await phase("B: restore A's backup", async () => {
    // B's mail server is down too, so the enquiry stays waiting until it is back.
    b.must("systemctl stop postfix");
    const ran = b.run("sitectl restore /root/site.backup.tgz");
    report("restore.txt", ran.stdout + ran.stderr);
    check(ran.status === 0, "sitectl restore exits 0", ran.stdout + ran.stderr);
    const pagesOfB = pageBodies(b, `https://${DOMAIN}/`, "-k");
    for (const route of Object.keys(pagesOfA)) {
      const name = route === "/" ? "home" : route.slice(1);
      report(`page-a-${name}.html`, pagesOfA[route]);
      report(`page-b-${name}.html`, pagesOfB[route]);
      check(
        withoutScriptHashes(pagesOfB[route]) === withoutScriptHashes(pagesOfA[route]),
        `${route} is the same page as on A (its scripts' hashed names aside)`,
      );
    }
    check(curl(b, `-k ${basic} https://${DOMAIN}/admin/`) === "200", "A's login opens the editor on B");
    const line =
      b
        .must("sitectl enquiries")
        .split("\n")
        .find((entry) => entry.startsWith(waitingReference)) ?? "";
    check(/\bpending\b/.test(line), `the waiting enquiry ${waitingReference} is back, waiting`, line);
    // Back up: sent at the next retry, or now when the operator asks.
    b.must(`systemctl start postfix && sitectl enquiries --retry ${waitingReference}`);
    const mailbox = () => readIfThere(b.file("/var/mail/root"));
    await until("the restored enquiry in B's mailbox", () => mailbox().includes(waitingReference), 120_000);
    check(mailbox().includes(waitingReference), "and is delivered once B's mail server is up");
    const editorOfB = Number(b.must("id -u site-editor").trim());
    const foreign = plantedRuns(b).filter((run) => run.uid !== editorOfB);
    check(
      foreign.length === 0,
      "restore ran nothing planted as root or as another service's user (issue 35)",
      JSON.stringify(foreign),
    );
    check(JSON.stringify(rootFileState(b)) === JSON.stringify(rootBeforeB), "and changed no root file");
  });

  await phase("B: --tls off, for a TLS proxy on the same machine", () => {
    const ran = b.run(installCommand(`--domain ${DOMAIN} --tls off`, loginEnv), { env: OFFLINE });
    report("install-b-tls-off.txt", ran.stdout + ran.stderr);
    check(ran.status === 0, "deploy/install --tls off exits 0", ran.stdout.slice(-3000));
    check(curl(b, `-H 'Host: ${DOMAIN}' http://127.0.0.1/`) === "200", "the site answers plain HTTP on 127.0.0.1:80");
    check(
      curl(b, `-H 'Host: ${DOMAIN}' ${basic} http://127.0.0.1/admin/`) === "200",
      "with the editor behind its login",
    );
    check(curl(b, `-k https://${DOMAIN}/`) === "000", "and nothing listens on 443");
  });
}

/** Machines an earlier run left running (INSTALL_TEST_KEEP, or a run killed): stopped. */
async function stopLeftovers(): Promise<void> {
  const left = () =>
    spawnSync("pgrep", ["-f", "systemd-nspawn.*--machine=anodising-"], { encoding: "utf8" }).stdout.trim();
  if (!left()) return;
  host("pkill", ["-KILL", "-f", "systemd-nspawn.*--machine=anodising-"]);
  // A command still entered in one would keep its namespace (and the machine) from ending.
  spawnSync("pkill", ["-KILL", "-f", "^nsenter --target=[0-9]+ --mount --uts --ipc --net --pid --root"]);
  await until("the machines of an earlier run to stop", () => !left(), 60_000);
}

async function cleanUp(failed: boolean): Promise<void> {
  if (failed && process.env.INSTALL_TEST_KEEP) {
    console.log(`INSTALL_TEST_KEEP: left running for a look: ${run.roots.join(", ")}`);
    return;
  }
  for (const machine of run.machines) await machine.stop().catch((error) => console.error(error));
  for (const root of run.roots) fs.rmSync(root, { recursive: true, force: true });
}

const started = Date.now();
main()
  .then(
    () => 0,
    (error) => {
      console.error(`\nFAILED: ${(error as Error).message}`);
      return 1;
    },
  )
  .then(async (code) => {
    await cleanUp(code !== 0);
    const left = spawnSync("pgrep", ["-fa", "systemd-nspawn.*--machine=anodising-"], {
      encoding: "utf8",
    }).stdout.trim();
    if (left) {
      console.error(`left running: ${left}`);
      code = 1;
    }
    if (fs.readFileSync("/etc/nsswitch.conf", "utf8") !== NSSWITCH) {
      console.error("/etc/nsswitch.conf changed during the run");
      code = 1;
    }
    console.log("\nPhases:");
    for (const [name, seconds] of timings) console.log(`  ${String(seconds).padStart(5)} s  ${name}`);
    console.log(
      `  ${String(Math.round((Date.now() - started) / 1000)).padStart(5)} s  in all; ${checks.length} checks passed`,
    );
    console.log(
      "\nFrom a problem's cause until the operator was told (the run triggered by hand; the timer adds up to 15 min):",
    );
    for (const [kind, seconds] of toldAfter) console.log(`  ${String(seconds).padStart(5)} s  ${kind}`);
    console.log(`\nA staff change from its commit until live: ${publishSeconds.join(" s, ")} s`);
    report(
      "summary.txt",
      `${timings.map(([name, s]) => `${s} s  ${name}`).join("\n")}\n${checks.map((c) => `ok ${c}`).join("\n")}\n` +
        `${toldAfter.map(([kind, s]) => `told after ${s} s: ${kind}`).join("\n")}\n`,
    );
    process.exit(code);
  });
