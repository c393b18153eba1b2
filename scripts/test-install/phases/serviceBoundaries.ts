// Each service keeps to its own: the editor's user cannot change what is live; what the
// editor's and the publisher's users plant runs nowhere when the operator's commands run;
// an option or setting carrying a shell command is refused; where enquiries go is the
// operator's, not content's.
import fs from "node:fs";
import path from "node:path";
import { carried, check, report, REPORT, phase, type Phase } from "../run";
import { DOMAIN, ENQUIRIES_TO, OFFLINE, installCommand, staffSaveFile } from "../site";
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
  phase("a", "where enquiries go is the operator's, not content", (a) => {
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
  }),
];
