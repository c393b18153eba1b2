// Every service keeps to its own, round 2 (issue 71, review 4): the proof recipes run again
// where the site runs. No operator secret reaches a process a service can read (M1); no
// helper of root's can be stopped or hung by a service (L5); nginx's visits folder holds
// only what root placed (M2); one huge listing freezes none of the root part's facts (L6);
// the PDF cache keeps what the content makes (L7); the mail server's password is never an
// argument (L8); content cannot choose the alerts' sender (L10); and every unit's
// systemd-analyze security, reported. (Printable in a pipe and a file: serviceBoundaries.)
import fs from "node:fs";
import { sandboxProperties } from "../../../server/installed/sandbox";
import { check, phase, report, until, type Phase } from "../run";
import type { Machine } from "../machine";
import { DOMAIN, OFFLINE, installCommand, repoHead, staffSaveFile, status } from "../site";

/** Where the test's spies and stoppers live: readable by every user, and outside any private /tmp. */
const SCRIPTS = "/usr/local/lib/own-secrets";

/**
 * A shell script written where the service users can read it, run as a transient unit with
 * `properties` (a service taken over), collected when it stops, ended by SIGKILL (as PID 1
 * of its own namespace a shell ignores SIGTERM). A file, not `sh -c`: systemd would expand
 * the script's own `$` in ExecStart.
 */
function startAs(machine: Machine, unit: string, properties: string, script: string): void {
  fs.mkdirSync(machine.file(SCRIPTS), { recursive: true, mode: 0o755 });
  fs.writeFileSync(machine.file(`${SCRIPTS}/${unit}.sh`), script, { mode: 0o644 });
  machine.must(
    `systemd-run --collect -p KillSignal=SIGKILL --unit=${unit} ${properties} /bin/sh ${SCRIPTS}/${unit}.sh`,
  );
}

/** Every /proc/PID/environ entry naming an operator's secret, over and over; `extra` runs first each time. */
const SPY = (extra = "") =>
  `while :; do ${extra}\n grep -s -a -z -H -E '^(SMTP_URL|BACKUPS_[A-Z_]+|EDITOR_PASSWORD)=' /proc/[0-9]*/environ | tr '\\000' '\\n'; sleep 0.2; done\n`;

/** Stops (SIGSTOP) every process it sees but itself and those `spared` names in its cgroup, saying which. */
const STOPPER = (spared: string) =>
  `while :; do for p in /proc/[0-9]*; do pid=\${p#/proc/}; [ "$pid" = "$$" ] && continue; grep -qE '${spared}' $p/cgroup 2>/dev/null && continue; kill -STOP "$pid" 2>/dev/null && echo "stopped $pid $(tr '\\000' ' ' < $p/cmdline 2>/dev/null)"; done; sleep 0.2; done\n`;

/** A unit's own sandbox as `-p` settings for systemd-run: a spy stands in for the service taken over. */
const sandboxOf = (machine: Machine, unit: string) =>
  sandboxProperties(fs.readFileSync(machine.file(`/etc/systemd/system/${unit}.service`), "utf8"))
    .map((property) => `-p '${property}'`)
    .join(" ");

/** A file inside the machine as root reads it there (/run is the machine's own tmpfs). */
const inside = (machine: Machine, file: string) => machine.run(`cat ${file} 2>/dev/null`).stdout;

/** When a file inside the machine last changed (epoch s); 0 while it is not there. */
const changedAt = (machine: Machine, file: string) =>
  Number(machine.run(`stat -c %Y ${file} 2>/dev/null || echo 0`).stdout.trim());

/** What a spy unit logged, one line each. */
const spied = (machine: Machine, unit: string) =>
  [...new Set(machine.run(`journalctl -u ${unit} -o cat --no-pager`).stdout.split("\n").filter(Boolean))].filter(
    (line) => !/^(Started|Stopped|Stopping|Deactivated|Consumed)/.test(line) && line.includes("environ:"),
  );

export const phases: Phase[] = [
  phase("a", "M1: no operator secret reaches a process a service's user can read", async (a) => {
    const smtp = /^SMTP_URL=(.*)$/m.exec(fs.readFileSync(a.file("/etc/anodising/enquiry.env"), "utf8"))?.[1] ?? "";
    const marker = `m1-${Date.now()}`;
    // The service taken over, in its own unit's sandbox (its PID namespace too); it starts a
    // process of its own with a secret in its environment, which it must see (the spy works).
    startAs(a, "spy-editor", sandboxOf(a, "anodising-editor"), SPY("SMTP_URL=smtp://inside-its-sandbox sleep 1 &"));
    // Review 4's spy: the editor's user without a PID namespace of its own.
    startAs(a, "spy-bare", "-p User=site-editor -p Group=site -p ProtectProc=invisible -p NoNewPrivileges=yes", SPY());
    await until("the spies to run", () => a.run("systemctl is-active spy-editor spy-bare").status === 0, 30_000);
    try {
      // Its control: a process of the same user outside any sandbox, with a secret in its environment.
      a.must(`runuser -u site-editor -- env SMTP_URL=smtp://control-${marker} sleep 3`);
      // The documented ways an operator hands over secrets: deploy/install, a login added, sitectl.
      const env = `SMTP_URL='${smtp}' EDITOR_NAME=spycheck EDITOR_PASSWORD=${marker}-password BACKUPS_PASSWORD=${marker}`;
      const installed = a.run(installCommand("", env), { env: OFFLINE });
      report("m1-install.txt", installed.stdout + installed.stderr);
      check(installed.status === 0, "deploy/install with the secrets in its environment runs", installed.stderr);
      for (const command of [
        "sitectl doctor",
        "sitectl backup /root/m1.tgz",
        "sitectl enquiries",
        "sitectl editors list",
      ])
        a.run(`BACKUPS_PASSWORD=${marker} EDITOR_PASSWORD=${marker} ${command}`);
    } finally {
      a.run("systemctl stop spy-editor spy-bare");
      a.run("rm -f /root/m1.tgz; sitectl editors remove spycheck");
    }
    const inside = spied(a, "spy-editor");
    const bare = spied(a, "spy-bare");
    report(
      "m1-spies.txt",
      `in the editor's sandbox:\n${inside.join("\n")}\n\nwithout a PID namespace:\n${bare.join("\n")}`,
    );
    check(
      inside.some((line) => line.includes("inside-its-sandbox")),
      "the spy in the editor's sandbox sees its own processes' environments (it works)",
    );
    check(
      inside.every((line) => line.includes("inside-its-sandbox")),
      "and nothing else: no helper's, no other process's",
      inside.join("\n"),
    );
    check(
      bare.some((line) => line.includes(`control-${marker}`)),
      "review 4's spy sees its own user's processes (it works)",
    );
    const leaks = bare.filter((line) => line.includes(marker) && !line.includes(`control-${marker}`));
    const password = /\/\/[^:]+:([^@]+)@/.exec(smtp)?.[1];
    check(
      leaks.length === 0 && !bare.some((line) => password && line.includes(password)),
      "nor does it find the install's or sitectl's secrets in any helper's environment (review 4: 76 sightings)",
      leaks.join("\n"),
    );
  }),
  phase("a", "L5: a service that stops every process it sees hangs none of root's commands", async (a) => {
    // The enquiry service taken over, in its unit's sandbox; its own child is its control.
    startAs(a, "stopper", sandboxOf(a, "anodising-enquiry"), `sleep 600 &\n${STOPPER("^$")}`);
    try {
      await until(
        "the stopper to stop its own child (it works)",
        () => /stopped \d+ sleep/.test(a.run("journalctl -u stopper -o cat").stdout),
        60_000,
      );
      const started = Date.now();
      const doctor = a.run("timeout 300 sitectl doctor");
      report("l5-doctor.txt", doctor.stdout + doctor.stderr);
      check(
        doctor.status !== 124 && /enquiries: \d+ waiting/.test(doctor.stdout),
        `sitectl doctor answers in ${Math.round((Date.now() - started) / 1000)} s, the enquiry service's helper with it`,
        doctor.stdout.slice(-1500),
      );
      const listed = a.run("timeout 120 sitectl enquiries");
      check(listed.status === 0, "sitectl enquiries answers too", listed.stdout + listed.stderr);
      const stopped = a
        .run("journalctl -u stopper -o cat")
        .stdout.split("\n")
        .filter((line) => line.startsWith("stopped"));
      check(
        stopped.every((line) => / sleep 600/.test(line)),
        "the stopper saw nothing to stop but its own child",
        stopped.join("\n"),
      );
    } finally {
      a.run("systemctl stop stopper");
    }
  }),
  phase(
    "a",
    "L5 and L6: a helper stopped from outside its sandbox ends at its time limit; the other facts stay fresh",
    async (a) => {
      const facts = "/run/anodising-watch-facts/facts.json";
      // Review 4's stopper: site-enquiry without a PID namespace of its own; the enquiry service spared.
      const before = changedAt(a, facts);
      startAs(
        a,
        "stopper-bare",
        "-p User=site-enquiry -p Group=site-enquiry -p ProtectProc=invisible",
        STOPPER("anodising-enquiry.service|stopper-bare.service"),
      );
      try {
        const started = Date.now();
        const ran = a.run("systemctl start anodising-watch-facts.service", { timeoutMs: 400_000 });
        const seconds = Math.round((Date.now() - started) / 1000);
        const gathered = JSON.parse(inside(a, facts));
        report("l5-facts.txt", `${seconds} s\n${JSON.stringify(gathered.unfinished, null, 2)}`);
        check(
          /stopped \d+ .*enquiries\.ts/.test(a.run("journalctl -u stopper-bare -o cat").stdout),
          "review 4's stopper stopped the root part's helper as site-enquiry (it works)",
        );
        check(
          ran.status === 0 && changedAt(a, facts) > before,
          `the root part finishes in ${seconds} s and writes its facts`,
          ran.stdout + ran.stderr,
        );
        check(
          /did not finish within/.test(gathered.unfinished?.spool ?? ""),
          "the enquiry service's stopped helper ended at its time limit, named as one fact not gathered",
          JSON.stringify(gathered.unfinished),
        );
        check(gathered.nginxTest.status === 0, "the other facts were gathered now (nginx -t among them)");
      } finally {
        a.run("systemctl stop stopper-bare; pkill -CONT -u site-enquiry");
      }
    },
  ),
  phase("a", "L6: a tree the editor made huge freezes none of the root part's facts", (a) => {
    const facts = "/run/anodising-watch-facts/facts.json";
    a.must(
      `runuser -u site-editor -- sh -c 'umask 002; mkdir -p /srv/site/host/repo/.git/j && cd /srv/site/host/repo/.git/j && n=$(printf "%0220d" 0); seq 1 280000 | sed "s/^/$n-/" | xargs touch'`,
      { timeoutMs: 600_000 },
    );
    try {
      const before = changedAt(a, facts);
      const ran = a.run("systemctl start anodising-watch-facts.service", { timeoutMs: 400_000 });
      const gathered = JSON.parse(inside(a, facts));
      check(
        ran.status === 0 && changedAt(a, facts) > before && Object.keys(gathered.unfinished).length === 0,
        "with 280,000 long-named files (a 65 MB listing) the root part writes fresh facts, every one gathered",
        ran.stdout + ran.stderr + JSON.stringify(gathered.unfinished),
      );
      const doctor = a.run("sitectl doctor");
      check(
        /files of the content repository are not the editor's alone/.test(doctor.stdout),
        "and the listing's problem is told",
        doctor.stdout.slice(-1500),
      );
    } finally {
      a.must("runuser -u site-editor -- rm -rf /srv/site/host/repo/.git/j", { timeoutMs: 600_000 });
    }
  }),
  phase("a", "M2: nginx's visits folder holds only what root placed; nginx -t follows no link of www-data's", (a) => {
    const dir = "/var/log/anodising-visits";
    check(
      a.must(`stat -c '%U:%G %a' ${dir}`).trim() === "root:site-report 751",
      "the folder is root's (group site-report)",
    );
    const linked = a.run(`runuser -u www-data -- sh -c 'ln -sf /etc/anodising-m2-demo ${dir}/access.log'`);
    check(linked.status !== 0, "www-data cannot put a link at the visits log", linked.stderr);
    a.must("nginx -t 2>&1 && systemctl start anodising-watch-facts.service");
    check(!fs.existsSync(a.file("/etc/anodising-m2-demo")), "nginx -t and the root part create nothing elsewhere");
    // A link an earlier install's www-data left there is put aside by the install, never followed.
    a.must(
      `chown www-data ${dir} && runuser -u www-data -- sh -c 'cp -p ${dir}/access.log ${dir}/keep && ln -sf /etc/anodising-m2-demo ${dir}/access.log'`,
    );
    const mended = a.run(installCommand(""), { env: OFFLINE });
    report("m2-install.txt", mended.stdout + mended.stderr);
    check(
      mended.status === 0 &&
        /moved aside access\.log/.test(mended.stdout) &&
        a.must(`stat -c '%U:%G %a' ${dir}`).trim() === "root:site-report 751" &&
        !fs.existsSync(a.file("/etc/anodising-m2-demo")),
      "deploy/install makes the folder root's again and moves the link aside; its target was never made",
      mended.stdout.slice(-2000),
    );
    a.must(`rm -f ${dir}/.not-a-log.* && mv -T ${dir}/keep ${dir}/access.log && systemctl reload nginx`);
    check(a.must(`curl -s -o /dev/null -w '%{http_code}' -k https://${DOMAIN}/`).trim() === "200", "the site answers");
  }),
  phase("a", "L7: the PDF cache keeps only what the content makes", async (a) => {
    const cache = "/srv/site/host/publisher/build/.cache/company-pdfs";
    const count = () => (fs.existsSync(a.file(cache)) ? fs.readdirSync(a.file(cache)).length : 0);
    const first = count();
    const site = a.file("/srv/site/host/repo/content/site.yaml");
    // Words, not figures: a figure in one language only is refused (the German must state it too).
    for (const n of ["first", "second"]) {
      const text = fs.readFileSync(site, "utf8").replace(/^(\s+tagline: .*?)(, change \w+)?$/m, `$1, change ${n}`);
      const answer = staffSaveFile(a, "site", text);
      check(answer.endsWith("\n200"), `content change ${n} saved`, answer);
      const head = repoHead(a);
      await until(`change ${n} to go live`, () => status(a).live?.commit === head);
    }
    check(count() <= Math.max(first, 4), `the cache holds ${count()} documents (${first} before two changes)`);
  }),
  phase("a", "L8: the mail server's password is never an argument", async (a) => {
    const refused = a.run("sitectl mail-server smtp://user:secret@127.0.0.1:25");
    check(
      refused.status !== 0 && /not as an argument/.test(refused.stderr),
      "sitectl mail-server refuses a URL given as an argument",
      refused.stderr,
    );
    const smtp = /^SMTP_URL=(.*)$/m.exec(fs.readFileSync(a.file("/etc/anodising/enquiry.env"), "utf8"))?.[1] ?? "";
    fs.writeFileSync(a.file("/root/smtp-url"), `${smtp}\n`, { mode: 0o600 });
    const setting = a.start("sitectl mail-server --set < /root/smtp-url", "/root/mail-server.log");
    const seen = new Set<string>();
    const ended = new Promise((resolve) => setting.once("exit", resolve));
    let done = false;
    void ended.then(() => (done = true));
    while (!done) {
      const lines = a.run(
        'runuser -u www-data -- sh -c \'cat /proc/[0-9]*/cmdline 2>/dev/null | tr "\\0" " "\'',
      ).stdout;
      for (const found of lines.match(/smtps?:\/\/\S+/g) ?? []) seen.add(found);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const said = fs.readFileSync(a.file("/root/mail-server.log"), "utf8");
    check(/takes mail/.test(said), "sitectl mail-server --set takes the URL from standard input and sets it", said);
    check(seen.size === 0, "meanwhile no process's command line holds it", [...seen].join("\n"));
  }),
  phase("a", "L10: a staff login cannot choose the alerts' sender", async (a) => {
    const from = /^ENQUIRY_FROM=(.*)$/m.exec(fs.readFileSync(a.file("/etc/anodising/enquiry.env"), "utf8"))?.[1] ?? "";
    check(/^\S+@\S+$/.test(from), `deploy/configure set the sender: ${from}`);
    const site = a.file("/srv/site/host/repo/content/site.yaml");
    const kept = fs.readFileSync(site, "utf8");
    const answer = staffSaveFile(a, "site", kept.replace(/^(\s*email: ).*$/m, "$1someone@not-your-domain.test"));
    check(answer.endsWith("\n200"), "a staff login sets the site's e-mail to another domain's", answer);
    const head = repoHead(a);
    await until("it to go live", () => status(a).live?.commit === head);
    const box = a.file("/var/mail/root");
    const size = fs.existsSync(box) ? fs.statSync(box).size : 0;
    a.must("sitectl alerts --test");
    const arrived = () => (fs.existsSync(box) ? fs.readFileSync(box).subarray(size).toString("utf8") : "");
    await until(
      "the test alert in root's mailbox",
      () => /^Subject: .*Test: the server's alerts/m.test(arrived()),
      120_000,
    );
    const sender = /^From: (.*)$/m.exec(arrived())?.[1] ?? "";
    check(sender.includes(from) && !sender.includes("not-your-domain"), `the alert is sent as ${from}`, sender);
    const restored = staffSaveFile(a, "site", kept);
    check(restored.endsWith("\n200"), "the e-mail put back", restored);
    const back = repoHead(a);
    await until("it to go live", () => status(a).live?.commit === back && status(a).state === "idle");
  }),
  phase("a", "every unit's exposure (systemd-analyze security), reported", (a) => {
    const units = fs.readdirSync(a.file("/etc/systemd/system")).filter((name) => /^anodising-.*\.service$/.test(name));
    const lines = units.map(
      (unit) => `${unit.padEnd(36)} ${a.must(`systemd-analyze security --no-pager ${unit} | tail -1`).trim()}`,
    );
    report("systemd-analyze-security.txt", lines.join("\n"));
    for (const unit of units.filter((unit) =>
      /^User=/m.test(fs.readFileSync(a.file(`/etc/systemd/system/${unit}`), "utf8")),
    )) {
      const shown = a.must(`systemctl show ${unit} --property=PrivatePIDs --value`).trim();
      check(shown === "yes", `${unit} runs in a PID namespace of its own`, shown);
    }
  }),
];
