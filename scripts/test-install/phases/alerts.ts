// The server watches itself and tells the operator: its timers and OnFailure=, refused bad
// settings, a failed publish, a certificate near expiry, a unit systemd gives up on, the
// mail server stopped and changed.
import assert from "node:assert/strict";
import fs from "node:fs";
import { check, report, until, toldAfter, phase, type Phase } from "../run";
import {
  DOMAIN,
  ENQUIRIES_TO_LATER,
  ALERTS_TO,
  OFFLINE,
  readIfThere,
  installCommand,
  acmeArgs,
  basic,
  curl,
  mailState,
  RESTART_PUBLISHER,
  postEnquiry,
  WATCH_EXPOSURE,
} from "../site";
import { mailsTo, told } from "../watch";

export const phases: Phase[] = [
  phase("a", "the server watches itself on its own timers", async (a) => {
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
  }),
  // Issue 52: the watch runs its checks as site-watch; only its root part is root, and no
  // service can change what the watch reads or writes.
  phase("a", "the watch checks as its own user, with what its root part alone gathers", (a) => {
    const owners = a.must(
      "stat -c '%n %U:%G %a' /run/anodising-watch-facts /run/anodising-watch-facts/facts.json /var/lib/anodising-watch/state.json",
    );
    check(
      /facts root:site-watch 750\n.*facts\.json root:site-watch 640\n.*state\.json site-watch:site-watch 600/.test(
        owners,
      ),
      "root's facts are readable by the watch's group alone; the watch's state is its own",
      owners,
    );
    const user = a.must("systemctl show anodising-watch.service -p User --value").trim();
    check(user === "site-watch", "anodising-watch.service runs as site-watch", user);
    for (const [unit, limit] of [
      ["anodising-watch", WATCH_EXPOSURE],
      ["anodising-watch-facts", Infinity],
    ] as const) {
      const line = a.must(`systemd-analyze security --no-pager ${unit} | tail -1`);
      const exposure = Number(/level for \S+: ([\d.]+)/.exec(line)?.[1]);
      report(`exposure-${unit}.txt`, line);
      check(exposure <= limit, `${unit}: exposure ${exposure}${limit < Infinity ? ` (at most ${limit})` : ""}`, line);
    }
    // The watch's user changes nothing of the site and reads no enquiry, login or key.
    const refused = {
      "change a live page": "echo x >> /srv/site/host/live/index.html",
      "write in the content repository": "touch /srv/site/host/repo/planted",
      "write in the enquiry service's folder": "touch /srv/site/enquiry/planted",
      "read the staff logins": "cat /srv/site/login/editors",
      "list the enquiries' spool": "ls /srv/site/enquiry/spool",
      "read the secret nginx gives the enquiry service": "cat /etc/anodising/enquiry-staff.env",
      "change root's facts": "echo {} > /run/anodising-watch-facts/facts.json",
    };
    for (const [what, command] of Object.entries(refused)) {
      const ran = a.run(`runuser -u site-watch -- sh -c '${command}'`);
      check(ran.status !== 0, `site-watch cannot ${what}`, ran.stdout + ran.stderr);
    }
    // No service silences the watch: its state, what staff see and root's facts are out of reach.
    for (const service of ["site-editor", "site-enquiry", "site-publisher", "site-report", "site-login"]) {
      const ran = a.run(
        `runuser -u ${service} -- sh -c 'cat /run/anodising-watch-facts/facts.json || echo {} > /var/lib/anodising-watch/state.json || echo {} > /var/lib/anodising-watch/problems.json || exit 0; exit 1'`,
      );
      check(
        ran.status === 0,
        `${service} can neither read root's facts nor change the watch's state or staff's banner`,
        ran.stdout + ran.stderr,
      );
    }
  }),
  phase("a", "bad alert and mail settings are refused, naming the option, nothing changed", (a) => {
    const files = ["/etc/anodising/watch.env", "/etc/anodising/enquiry.env"];
    const before = files.map((file) => fs.readFileSync(a.file(file), "utf8"));
    const refused: [string, RegExp][] = [
      ["sitectl alerts --to 'ops at example'", /--to .* is not an e-mail address/],
      ["sitectl alerts --webhook http://ntfy.example.com/topic", /--webhook .* is not an https:\/\/ address/],
      ["sitectl alerts --webhook 'https://ntfy.sh/a$(id)'", /--webhook .* is not an https:\/\/ address/],
      [`printf 'smtp://127.0.0.1:25\\x07\\n' | sitectl mail-server --set`, /SMTP_URL must be smtp:\/\//],
      ["sitectl mail-server smtp://127.0.0.1:25", /holds the mail server's password: give it not as an argument/],
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
  }),
  phase("a", "a publish that fails for a technical reason reaches the operator", async (a) => {
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
  }),
  phase("a", "a certificate 5 days from expiry reaches the operator", async (a) => {
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
  }),
  phase("a", "a unit systemd gives up on is told at once, by its OnFailure=", async (a) => {
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
  }),
  phase("a", "the mail server stopped with an enquiry waiting, then started again", async (a) => {
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
  }),
  phase("a", "the mail server changed with one command, delivery proven", async (a) => {
    const env = () => fs.readFileSync(a.file("/etc/anodising/enquiry.env"), "utf8");
    const before = env();
    const nowhere = a.run("echo smtp://127.0.0.1:2526 | sitectl mail-server --set");
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
    const changed = a.run("echo smtp://127.0.0.1:2525 | sitectl mail-server --set");
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
  }),
];
