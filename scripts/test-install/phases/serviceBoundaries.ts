// Each service keeps to its own: the editor's user cannot change what is live; what the
// editor's and the publisher's users plant runs nowhere when the operator's commands run;
// an option or setting carrying a shell command is refused; where enquiries go is the
// operator's, not content's.
import fs from "node:fs";
import path from "node:path";
import { carried, check, report, REPORT, phase, until, type Phase } from "../run";
import {
  DOMAIN,
  ENQUIRIES_TO,
  basic,
  curl,
  OFFLINE,
  RESTART_PUBLISHER,
  installCommand,
  repoHead,
  staffSaveFile,
  status,
} from "../site";
import { leaked, linkNewestLog, plant, plantedRuns, rootFileState } from "../trust";

export const phases: Phase[] = [
  phase("a", "the editor's user cannot change what is live", (a) => {
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
  }),
  // Issue 52, finding 1: the logins are the login check's alone, and only nginx may ask it.
  phase("a", "no service can act as staff: the logins and the login check are out of reach", (a) => {
    const logins = "/srv/site/login/editors";
    const socket = "/run/anodising-login.sock";
    const planted = "intruder:planted-hash";
    for (const user of ["site-editor", "site-enquiry", "site-publisher", "site-report"]) {
      const read = a.run(`runuser -u ${user} -- cat ${logins}`);
      const added = a.run(`runuser -u ${user} -- sh -c 'echo "${planted}" >> ${logins}'`);
      check(
        read.status !== 0 && added.status !== 0,
        `${user} can neither read nor add to the staff logins`,
        read.stderr + added.stderr,
      );
      const asked = a.run(
        `runuser -u ${user} -- curl -s -o /dev/null -w '%{http_code}' --unix-socket ${socket} http://login/auth ${basic}`,
      );
      // curl's 7: it could not connect (permission denied).
      check(
        asked.status === 7,
        `${user} cannot ask the login check (its socket is nginx's to use)`,
        `${asked.status} ${asked.stdout} ${asked.stderr}`,
      );
      const removed = a.run(`runuser -u ${user} -- rm -f ${socket}`);
      const answered = a.run(
        `runuser -u ${user} -- node -e 'require("net").createServer().listen("${socket}").on("error", (e) => { console.error(e.code); process.exit(3); })'`,
      );
      check(
        removed.status !== 0 && answered.status === 3,
        `${user} cannot take the login check's place (remove its socket, or listen there)`,
        removed.stderr + answered.stderr,
      );
    }
    const owner = a.must(`stat -c '%U:%G %a' ${socket} ${logins} /srv/site/login`).trim().split("\n");
    check(
      owner.join(" | ") === "root:www-data 660 | site-login:site-login 600 | site-login:site-login 700",
      "the socket is nginx's group's to use, the logins and their folder site-login's alone",
      owner.join(" | "),
    );
    // Straight to the editor's port as its own user, naming the install's login: refused,
    // whether with a guessed secret or with the staff's own password.
    for (const headers of [
      `-H 'X-Staff-Login: ${carried.login.name}'`,
      `-H 'X-Staff-Login: ${carried.login.name}' -H 'X-Staff-Secret: guess'`,
      basic,
    ]) {
      const code = a.run(
        `runuser -u site-editor -- curl -s -o /dev/null -w '%{http_code}' ${headers} -H 'Content-Type: application/json' --data '{"action":"info"}' http://127.0.0.1:8091/api/v1`,
      ).stdout;
      check(
        code === "401",
        `the editor refuses a login named without nginx's secret (${headers.split(" ")[0]}): ${code}`,
      );
    }
    const environment = a.must(
      "systemctl show anodising-editor anodising-enquiry anodising-publisher --property=Environment --value",
    );
    check(!/EDITORS_FILE/.test(environment), "no other service is told where the logins are", environment);
    check(
      curl(a, `--cacert /root/pebble/root.pem ${basic} https://${DOMAIN}/admin/status.json`) === "200",
      "through nginx, the install's login still opens /admin/ (200)",
    );
    const journal = a.run(
      "journalctl -u anodising-editor -u anodising-enquiry -u anodising-publisher -u anodising-login --no-pager -o cat",
    ).stdout;
    check(!journal.includes(carried.login.password), "no service's journal holds the staff password");
  }),
  phase("a", "what the editor's and the publisher's users plant runs nowhere", (a) => {
    carried.editorUid = Number(a.must("id -u site-editor").trim());
    plant(a);
    carried.rootBefore = rootFileState(a);
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
    const foreign = plantedRuns(a).filter((run) => run.uid !== carried.editorUid);
    check(foreign.length === 0, "nothing planted ran as root or as another service's user", JSON.stringify(foreign));
    check(
      JSON.stringify(rootFileState(a)) === JSON.stringify(carried.rootBefore),
      "no root file changed owner, mode or content",
    );
  }),
  phase("a", "an option or a setting carrying a shell command is refused, and never runs", (a) => {
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
  }),
  // Issue 52, findings 3, 4, 6 and 7: what a service's user writes is read as a stranger's.
  phase(
    "a",
    "a service's record with escapes or of the wrong shape: root's terminal stays clean, the operator is told",
    (a) => {
      const file = "/srv/site/host/publisher/status.json";
      const kept = fs.readFileSync(a.file(file), "utf8");
      // The watch waits meanwhile (as sitectl's own commands make it): these records are planted.
      a.must("systemctl stop anodising-watch.timer anodising-publisher");
      const asPublisher = (text: string) =>
        a.must(`runuser -u site-publisher -- sh -c 'cat > ${file}.new && mv ${file}.new ${file}'`, { input: text });
      try {
        const hostile = JSON.parse(kept);
        hostile.state = "failed";
        hostile.lastError = {
          commit: "0".repeat(40),
          kind: "content",
          message: "content/site.yaml › phone: \u001b]0;owned\u0007\u001b[2J\u009b31mcleared",
          at: new Date().toISOString(),
        };
        asPublisher(JSON.stringify(hostile));
        // On a terminal (util-linux's script gives sitectl one), as an operator runs it.
        for (const command of ["sitectl status", "sitectl doctor"]) {
          const shown = a.run(`script --quiet --return --command '${command}' /dev/null`).stdout;
          report(`${command.replace(/ /g, "-")}-escapes.txt`, shown);
          check(
            shown.includes("cleared") && !/[\u001b\u0007\u009b]/.test(shown),
            `${command} on a terminal shows the publisher's words without their escape sequences`,
            JSON.stringify(shown.slice(-600)),
          );
        }
        // Issue 71: piped, and into a file (a cron mail, a saved report), printable too.
        for (const command of ["sitectl status | cat", "sitectl doctor > /root/doctor.txt; cat /root/doctor.txt"]) {
          const shown = a.run(command).stdout;
          check(
            shown.includes("cleared") && !/[\u001b\u0007\u009b]/.test(shown),
            `${command.split(";")[0]}: the publisher's words without their escape sequences`,
            JSON.stringify(shown.slice(-600)),
          );
        }
        hostile.live = { release: "r1", commit: 5, builtAt: "" };
        asPublisher(JSON.stringify(hostile));
        const doctor = a.run("sitectl doctor");
        report("doctor-malformed-status.txt", doctor.stdout + doctor.stderr);
        check(
          /status\.json is not a record this server can read/.test(doctor.stdout + doctor.stderr) &&
            !/The check of \S+ failed/.test(doctor.stdout + doctor.stderr),
          "sitectl doctor says a publisher's record of the wrong shape is unreadable, and every other check runs",
          doctor.stdout.slice(-1500),
        );
        check(a.run("sitectl status").status !== null, "sitectl status answers about it too");
      } finally {
        asPublisher(kept);
        a.must(RESTART_PUBLISHER);
        a.must("systemctl start anodising-watch.timer");
      }
    },
  ),
  phase(
    "a",
    "a FIFO, a huge file or a link where root reads the report's summary: doctor and report answer and say so",
    (a) => {
      const summary = "/var/lib/anodising-report/summary.json";
      a.must("systemctl stop anodising-watch.timer");
      try {
        // A FIFO would block a plain read; a sparse 4 GB file or /dev/zero would fill memory.
        for (const [what, plant] of [
          ["a FIFO", `mkfifo ${summary}`],
          ["a 4 GB file", `truncate -s 4G ${summary}`],
          ["a link to /dev/zero", `ln -s /dev/zero ${summary}`],
        ]) {
          a.must(`runuser -u site-report -- sh -c 'rm -f ${summary} && ${plant}'`);
          const ran = a.run("timeout 120 sitectl report");
          const doctor = a.run("timeout 300 sitectl doctor");
          report(`report-${what.replace(/\W+/g, "-")}.txt`, ran.stdout + ran.stderr + doctor.stdout + doctor.stderr);
          check(
            ran.status !== 124 && /is not a report this server can read/.test(ran.stdout),
            `${what}: sitectl report answers at once, saying the summary is not a report it can read`,
            ran.stdout + ran.stderr,
          );
          check(
            doctor.status !== 124 && /is not a report this server can read/.test(doctor.stdout),
            `${what}: sitectl doctor answers, the report's check saying the same`,
            doctor.stdout.slice(-1500),
          );
        }
        const rebuilt = a.run("sitectl report --now");
        check(
          rebuilt.status === 0 && /The report was built/.test(rebuilt.stdout),
          "sitectl report --now builds it again",
          rebuilt.stdout + rebuilt.stderr,
        );
      } finally {
        a.must("systemctl start anodising-watch.timer");
      }
    },
  ),
  phase("a", "a content file committed as a link is refused by its path; nothing of its target shown", async (a) => {
    const git = "git -c core.hooksPath=/dev/null -c core.fsmonitor=false -c user.name=intruder -c user.email=i@x.test";
    const asEditor = (command: string) =>
      a.must(`runuser -u site-editor -- sh -c 'cd /srv/site/host/repo && ${command}'`);
    const secret = fs.readFileSync(a.file("/srv/site/host/publisher/memory.json"), "utf8");
    const service = asEditor("ls content/services/*.yaml | head -1").trim();
    asEditor(`ln -sf /srv/site/host/publisher/memory.json ${service} && ${git} commit -qam "A link"`);
    const link = repoHead(a);
    const record = () => fs.readFileSync(a.file("/srv/site/host/publisher/status.json"), "utf8");
    await until("the publisher to refuse it", () => JSON.parse(record()).lastError?.commit === link);
    const said = record();
    const shown = a.run("sitectl status");
    check(
      said.includes(`${service} › (whole file): is a link`) && /is a link/.test(shown.stdout),
      "the publisher refuses the commit naming the path, and sitectl status says so",
      said.slice(0, 800),
    );
    check(
      !said.includes(secret.slice(0, 40)) && !said.includes("lastAttempted") && !shown.stdout.includes("lastAttempted"),
      "nothing of the publisher's file it points at is in the status or on the operator's screen",
    );
    asEditor(`${git} revert --no-edit HEAD >/dev/null`);
    const mended = repoHead(a);
    check(mended !== link, "the link is reverted as a new commit");
    await until("the mended content to go live", () => status(a).live?.commit === mended && status(a).state === "idle");
  }),
  phase("a", "where enquiries go is the operator's, not content", (a) => {
    const enquiry = fs.readFileSync(a.file("/srv/site/host/repo/content/enquiry.yaml"), "utf8");
    const redirected = enquiry.replace(/^ {2}delivery:\n/m, "  delivery:\n    to: thief@elsewhere.test\n");
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
  }),
  // Issue 52, finding 8: the address search engines and printed pages are given.
  phase("a", "the published address is the operator's, not content", async (a) => {
    const site = fs.readFileSync(a.file("/srv/site/host/repo/content/site.yaml"), "utf8");
    const answer = staffSaveFile(a, "site", site.replace(/^en:\n/m, "en:\n  url: https://thief.test\n"));
    check(
      answer.endsWith("\n422") && /url.*not a field/.test(answer),
      "a staff save that names the site's address in content is refused (422)",
      answer,
    );
    const page = (route: string) => a.must(`curl -sS --cacert /root/pebble/root.pem https://${DOMAIN}${route}`);
    const canonical = () => /<link rel="canonical" href="([^"]+)"/.exec(page("/"))?.[1];
    check(
      canonical() === `https://${DOMAIN}/`,
      `the live pages are published at https://${DOMAIN}/ (the default)`,
      canonical(),
    );
    const elsewhere = "https://www.published.test";
    const set = a.run(`sitectl site-url ${elsewhere}/`);
    report("site-url-set.txt", set.stdout + set.stderr);
    check(
      set.status === 0 && /Published: /.test(set.stdout),
      "sitectl site-url URL sets it and builds the live pages again",
      set.stdout + set.stderr,
    );
    check(canonical() === `${elsewhere}/`, "the live pages' canonical link names the new address", canonical());
    check(
      page("/robots.txt").includes(`Sitemap: ${elsewhere}/sitemap.xml`),
      "robots.txt names the sitemap at the new address",
    );
    const shown = a.run("sitectl site-url");
    check(
      shown.status === 0 && shown.stdout.includes(`published at ${elsewhere}/`),
      "sitectl site-url says the address",
      shown.stdout,
    );
    const doctor = a.run("sitectl doctor");
    check(
      doctor.stdout.includes(`the live pages name the site's address, ${elsewhere}/`),
      "sitectl doctor says the live pages name it",
      doctor.stdout.slice(-1500),
    );
    const refused = a.run("sitectl site-url 'https://www.published.test/shop'");
    check(
      refused.status !== 0 && /not a site's address.*nothing was changed/.test(refused.stderr + refused.stdout),
      "an address with a path is refused, nothing changed",
      refused.stdout + refused.stderr,
    );
    const back = a.run(`sitectl site-url https://${DOMAIN}`);
    check(
      back.status === 0 && canonical() === `https://${DOMAIN}/`,
      "and back to https://DOMAIN",
      back.stdout + back.stderr,
    );
    check(
      !/^SITE_URL=./m.test(fs.readFileSync(a.file("/etc/anodising/install.conf"), "utf8")),
      "the default is kept as no setting (it follows --domain)",
    );
  }),
];
