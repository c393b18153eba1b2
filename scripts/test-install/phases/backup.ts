// A backup taken with an enquiry waiting, readable by root only; and after every command
// the operator ran, nothing planted ran as root or another service.
import fs from "node:fs";
import path from "node:path";
import { host } from "../machine";
import { carried, check, report, until, CACHE, phase, type Phase } from "../run";
import { DOMAIN, mailState, postEnquiry, pageBodies } from "../site";
import { craftBackup, plantedRuns, rootFileState } from "../trust";

export const phases: Phase[] = [
  phase("a", "backup, with an enquiry waiting", async (a) => {
    a.must("systemctl stop postfix");
    carried.waitingReference = postEnquiry(a, `https://${DOMAIN}/`, "--cacert /root/pebble/root.pem");
    await until("the enquiry service to find its mail server down", () => mailState(a)?.state === "failing", 60_000);
    const doctor = a.run("sitectl doctor");
    check(
      doctor.stdout.includes(carried.waitingReference) && doctor.status !== 0,
      "with the mail server down, doctor lists the waiting enquiry and a problem",
      doctor.stdout,
    );
    carried.pagesOfA = pageBodies(a, `https://${DOMAIN}/`, "--cacert /root/pebble/root.pem");
    const ran = a.run("sitectl backup /root/site.backup.tgz");
    report("backup.txt", ran.stdout + ran.stderr);
    check(ran.status === 0, "sitectl backup writes one file", ran.stdout + ran.stderr);
    carried.fileKey = /^ {2}BACKUP_FILE_KEY=(\S+)$/m.exec(ran.stdout)?.[1] ?? "";
    check(
      carried.fileKey.length === 43 &&
        a.must("stat -c '%U:%G %a' /etc/anodising/backup-file.env").trim() === "root:root 600" &&
        a.must("cat /etc/anodising/backup-file.env").includes(carried.fileKey),
      "it is signed with the server's key, printed for the operator and kept in a file only root reads",
      ran.stdout,
    );
    check(
      a.run(`zcat /root/site.backup.tgz | grep -c -F '${carried.fileKey}'`).stdout.trim() === "0",
      "and the key is not in the file",
    );
    check((fs.statSync(a.file("/root/site.backup.tgz")).mode & 0o777) === 0o600, "readable by root only");
    carried.backupFile = path.join(CACHE, "site.backup.tgz");
    fs.copyFileSync(a.file("/root/site.backup.tgz"), carried.backupFile);
    const withCertificates = a.run("sitectl backup /root/site-certificates.backup.tgz --with-certificates");
    check(
      withCertificates.status === 0,
      "and with --with-certificates",
      withCertificates.stdout + withCertificates.stderr,
    );
    craftBackup(a, "/root/site-certificates.backup.tgz", "/root/crafted.backup.tgz", host, carried.fileKey);
    carried.craftedBackupFile = path.join(CACHE, "crafted.backup.tgz");
    fs.copyFileSync(a.file("/root/crafted.backup.tgz"), carried.craftedBackupFile);
    // The backup holds the enquiry waiting; A's mail goes on, for any phase run on it again.
    a.must("systemctl start postfix");
  }),
  phase("a", "after every command an operator runs, nothing planted ran as root or another service", async (a) => {
    // doctor, status, logs, editors, enquiries, enquiries-to, repair, update (twice), republish and backup ran since it was planted.
    const foreign = plantedRuns(a).filter((run) => run.uid !== carried.editorUid);
    report(
      "planted-runs.txt",
      plantedRuns(a)
        .map((run) => run.line)
        .join("\n"),
    );
    check(foreign.length === 0, "nothing planted ran as root or as another service's user", JSON.stringify(foreign));
    check(
      JSON.stringify(rootFileState(a)) === JSON.stringify(carried.rootBefore),
      "no root file changed owner, mode or content",
    );
  }),
];
