// Machine B (issue 53): a backup file made by the previous release restores on this code;
// then B, installed again with --restore-from-backups and only the recovery sheet's values,
// serves A's last phone, A's logins, A's enquiry with its drawing byte for byte and A's
// report history, and goes on backing up to the same bucket. RTO and RPO measured.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { CACHE, carried, check, report, until, timings, phase, type Phase } from "../run";
import { DOMAIN, OFFLINE, installCommand, loginEnv, curl } from "../site";
import { plantedRuns, rootFileState } from "../trust";
import { BUCKET, BUCKET_COPY, s3, startBucket } from "./offsiteBackups";

export const phases: Phase[] = [
  phase("b", "a backup file made by the previous release restores on this code", (b) => {
    fs.copyFileSync(path.join(CACHE, "previous.backup.tgz"), b.file("/root/previous.backup.tgz"));
    const unsigned = b.run("sitectl restore /root/previous.backup.tgz");
    check(
      unsigned.status !== 0 &&
        /carries no signature: a release before signatures made it/.test(unsigned.stderr) &&
        /--unsigned/.test(unsigned.stderr),
      "unsigned, it is refused unless the operator says --unsigned",
      unsigned.stdout + unsigned.stderr,
    );
    const ran = b.run("sitectl restore /root/previous.backup.tgz --unsigned", { timeoutMs: 30 * 60_000 });
    report("restore-previous-release.txt", ran.stdout + ran.stderr);
    check(
      ran.status === 0 && /^Restored: content/m.test(ran.stdout),
      "sitectl restore exits 0",
      ran.stdout + ran.stderr,
    );
  }),
  phase("b", "a fresh install brought back from A's off-site backups with the recovery sheet alone", async (b) => {
    await startBucket(b);
    fs.rmSync(b.file("/root/bucket-copy"), { recursive: true, force: true });
    fs.cpSync(BUCKET_COPY, b.file("/root/bucket-copy"), { recursive: true });
    s3(
      b,
      `for root, _, files in os.walk("/root/bucket-copy"):
    for name in files:
        path = os.path.join(root, name)
        s3.upload_file(path, "${BUCKET}", os.path.relpath(path, "/root/bucket-copy"))`,
    );
    b.must("rm -f /etc/anodising/backups.env");
    const sheet = Object.entries(carried.backupsSheet)
      .map(([key, value]) => `${key}=${value}`)
      .join(" ");
    const started = Date.now();
    const ran = b.run(
      installCommand(`--domain ${DOMAIN} --tls self-signed --restore-from-backups`, `${loginEnv} ${sheet}`),
      {
        env: OFFLINE,
        timeoutMs: 40 * 60_000,
      },
    );
    report("install-restore-from-backups.txt", ran.stdout + ran.stderr);
    check(
      ran.status === 0 && /restored from the off-site backups/.test(ran.stdout),
      "deploy/install --restore-from-backups exits 0",
      ran.stdout.slice(-4000) + ran.stderr,
    );
    const home = () => b.run(`curl -sS -k https://${DOMAIN}/`).stdout;
    await until("A's last phone on B's home page", () => home().includes(carried.lastPhone), 10 * 60_000);
    const rto = Math.round((Date.now() - started) / 1000);
    timings.push(["RTO: install --restore-from-backups until A's last phone is served", rto]);
    check(true, `RTO ${rto} s: from the install command to B serving A's last phone change (${carried.lastPhone})`);
    const login = `-u ${carried.backupLogin.name}:${carried.backupLogin.password}`;
    check(curl(b, `-k ${login} https://${DOMAIN}/admin/`) === "200", "a login added on A opens the editor on B");
    const enquiries = b.must("sitectl enquiries");
    report("enquiries-b-from-backups.txt", enquiries);
    check(enquiries.includes(carried.lastReference), `A's last enquiry ${carried.lastReference} is on B`, enquiries);
    b.must(
      `curl -sS -k ${login} -o /root/drawing-from-backups.pdf https://${DOMAIN}/admin/enquiries/${carried.lastReference}/file/0`,
    );
    const back = crypto
      .createHash("sha256")
      .update(fs.readFileSync(b.file("/root/drawing-from-backups.pdf")))
      .digest("hex");
    check(back === carried.drawingSha, "its drawing comes back byte for byte");
    check(
      true,
      `RPO: the newest enquiry B holds is the last one sent to A (${carried.lastReference}); A's last backup ran ${carried.lastBackupAt}, and the timer's worst case is an hour`,
    );
    const tally = fs.readFileSync(b.file("/srv/site/enquiry/tally.jsonl"), "utf8").split("\n").filter(Boolean);
    check(
      tally.length >= carried.tallyLinesOfA,
      `the report's tally holds A's ${carried.tallyLinesOfA} enquiries (${tally.length} lines)`,
    );
    const visits = fs.readdirSync(b.file("/var/log/anodising-visits"));
    check(
      visits.some((name) => /^access\.log\.\d+(\.gz)?$/.test(name)) &&
        b.must("stat -c '%U:%G' /var/log/anodising-visits/access.log.1").trim() === "www-data:site-report",
      "A's visits logs are back, nginx's and readable by the report",
      visits.join(" "),
    );
    const reportNow = b.run("sitectl report --now");
    check(reportNow.status === 0, "the owner's report builds from them", reportNow.stdout + reportNow.stderr);
    check(fs.existsSync(b.file("/var/lib/anodising-watch/state.json")), "the watch's state is back");
    check(
      b.must("stat -c '%U:%G %a' /etc/anodising/backups.env").trim() === "root:root 600",
      "B goes on backing up to the same bucket",
    );
    const now = b.run("sitectl backups now", { timeoutMs: 20 * 60_000 });
    report("backups-now-b.txt", now.stdout + now.stderr);
    check(now.status === 0 && /the last good/.test(now.stdout), "sitectl backups now on B", now.stdout + now.stderr);
    const editorOfB = Number(b.must("id -u site-editor").trim());
    const foreign = plantedRuns(b).filter((run) => run.uid !== editorOfB);
    check(foreign.length === 0, "restoring ran nothing planted as root or another service", JSON.stringify(foreign));
    check(JSON.stringify(rootFileState(b)) === JSON.stringify(carried.rootBeforeB), "and changed no root file");
    for (const figure of carried.backupFigures) console.log(`   ${figure}`);
    b.must("sitectl backups off && systemctl stop test-backups-bucket");
  }),
];
