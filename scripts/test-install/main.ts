// `npm run test:install`: the server installation tested where it runs. Two fresh Debian 13
// systems booted with systemd (systemd-nspawn, loopback-only network), the project's
// committed HEAD cloned into each, and docs/operations.md's one install command run as an
// operator would. Machine A gets its certificate from Pebble (Let's Encrypt's test ACME
// server, inside A), takes a staff edit and an enquiry, reboots, is updated (a good
// commit, then one that breaks the build) and backed up; machine B is installed with a
// domain that does not resolve, interrupted, installed again, refuses a damaged and a
// foreign backup, and is restored from A's. Every phase is timed; any failed check
// stops the run with its reason. About 40 minutes (minutes less once the roots are
// cached); not part of `npm test`. Run as root on a Debian or Ubuntu machine.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { services } from "../../e2e/content";
import { edited, newPhone } from "../../server/tests/host";
import { Machine, host } from "./machine";
import { craftBackup, leaked, linkNewestLog, plant, plantedRuns, rootFileState } from "./trust";
import { baseRoot, preparedRoot } from "./roots";

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
const acmeArgs = `--domain ${DOMAIN} --email ops@anodising.test --acme-server ${ACME} --acme-ca /root/pebble/ca.pem --enquiries-to ${ENQUIRIES_TO}`;
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
  };
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
      await until("the save to go live", () => status(a).live?.commit === after);
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
  await phase("A: backup, with an enquiry waiting", async () => {
    a.must("systemctl stop postfix");
    waitingReference = postEnquiry(a, `https://${DOMAIN}/`, "--cacert /root/pebble/root.pem");
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
    report(
      "summary.txt",
      `${timings.map(([name, s]) => `${s} s  ${name}`).join("\n")}\n${checks.map((c) => `ok ${c}`).join("\n")}\n`,
    );
    process.exit(code);
  });
