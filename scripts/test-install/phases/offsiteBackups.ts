// Off-site backups on A (issue 53): set with one command against a bucket (Debian 13's
// moto_server), a bucket that cannot be used refused first; the hourly run takes a staff
// change and an enquiry with a drawing; the bucket's objects are carried away for B (the
// bucket outlives the server); a damaged object is found by the verify and told; two
// failed runs are told. Also a file backup made by the previous release's code, for B.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { newPhone } from "../../../server/tests/host";
import { services } from "../../../e2e/content";
import { host, type Machine } from "../machine";
import { CACHE, carried, check, report, until, phase, type Phase } from "../run";
import { ALERTS_TO, DOMAIN, SOURCE, status, repoHead, staffSave } from "../site";
import { plantedRuns, rootFileState } from "../trust";
import { told } from "../watch";

/** Where each machine's bucket listens (the mirror's is 5005). */
export const BUCKET_PORT = 5006;
export const BUCKET = "site-backups";
const KEYS = "BACKUPS_ACCESS_KEY_ID=testing BACKUPS_SECRET_ACCESS_KEY=testingsecret";
const TLS = "--cacert /root/pebble/root.pem";
/** The bucket's objects as A left them, for B's bucket. */
export const BUCKET_COPY = path.join(CACHE, "backups-bucket");

/** Python with boto3 against the machine's bucket. */
export const s3 = (machine: Machine, code: string) =>
  machine.must(`python3 - <<'PY'
import boto3, json, os, sys
s3 = boto3.client("s3", endpoint_url="http://127.0.0.1:${BUCKET_PORT}", aws_access_key_id="testing", aws_secret_access_key="testingsecret", region_name="us-east-1")
${code}
PY`);

export async function startBucket(machine: Machine): Promise<void> {
  machine.run("systemctl stop test-backups-bucket 2>/dev/null; systemctl reset-failed test-backups-bucket 2>/dev/null");
  machine.must(
    `systemd-run --unit=test-backups-bucket --property=Type=exec moto_server -H 127.0.0.1 -p ${BUCKET_PORT}`,
  );
  await until(
    "moto_server to answer",
    () => machine.run(`curl -s -o /dev/null http://127.0.0.1:${BUCKET_PORT}/`).status === 0,
  );
  s3(machine, `s3.create_bucket(Bucket="${BUCKET}")`);
}

const backupsStatus = (a: Machine) =>
  JSON.parse(fs.readFileSync(a.file("/var/lib/anodising-backups/status.json"), "utf8")) as {
    lastRun: { at: string; ok: boolean; error?: string };
    lastGood: { at: string; added: number; total: number; seconds: number; snapshot: string };
    firstGood: { total: number; seconds: number };
    kept: { snapshots: number };
  };
const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(2)} MB`;

export const phases: Phase[] = [
  phase("a", "a file backup made by the previous release's code (for B)", (a) => {
    // The code just before off-site backups came: the commit before the one that added them.
    const added = host("git", [
      "-C",
      a.file(SOURCE),
      "log",
      "--diff-filter=A",
      "--format=%H",
      "--",
      "server/sitectl/backups.ts",
    ])
      .trim()
      .split("\n")
      .pop()!;
    const previous = host("git", ["-C", a.file(SOURCE), "rev-parse", `${added}^`]).trim();
    a.must(
      `rm -rf /root/previous /root/previous.backup.tgz && git -c advice.detachedHead=false clone --quiet ${SOURCE} /root/previous && git -C /root/previous checkout --quiet ${previous} && ln -s /srv/site/app/node_modules /root/previous/node_modules`,
    );
    const ran = a.run(
      "cd /root/previous && TMPDIR=/var/cache/anodising/sitectl node --import tsx server/sitectl/main.ts backup /root/previous.backup.tgz",
    );
    report("backup-previous-release.txt", ran.stdout + ran.stderr);
    check(
      ran.status === 0,
      `the previous release (${previous.slice(0, 7)}) writes its backup file`,
      ran.stdout + ran.stderr,
    );
    fs.copyFileSync(a.file("/root/previous.backup.tgz"), path.join(CACHE, "previous.backup.tgz"));
  }),
  phase("a", "off-site backups set with one command; a bucket that cannot be used is refused first", async (a) => {
    a.run("sitectl backups off");
    await startBucket(a);
    const set = (args: string) => a.run(`${KEYS} sitectl backups set ${args}`, { timeoutMs: 20 * 60_000 });
    const unreachable = set(`--endpoint http://127.0.0.1:5999 --bucket ${BUCKET}`);
    check(
      unreachable.status !== 0 &&
        /http:\/\/127\.0\.0\.1:5999\/site-backups does not answer/.test(unreachable.stderr) &&
        /Nothing was changed/.test(unreachable.stderr) &&
        !fs.existsSync(a.file("/etc/anodising/backups.env")),
      "a bucket that cannot be reached is refused, saying where and what to check; nothing is written",
      unreachable.stdout + unreachable.stderr,
    );
    const badName = set(`--endpoint http://127.0.0.1:${BUCKET_PORT} --bucket Bad_Bucket`);
    check(
      badName.status !== 0 && /--bucket "Bad_Bucket" is not a valid bucket/.test(badName.stderr),
      "a bucket's name no S3 service takes is refused, naming the option",
      badName.stderr,
    );
    const started = Date.now();
    const ran = set(`--endpoint http://127.0.0.1:${BUCKET_PORT} --bucket ${BUCKET} --prefix www`);
    report("backups-set.txt", ran.stdout + ran.stderr);
    check(
      ran.status === 0 &&
        /RECOVERY SHEET/.test(ran.stdout) &&
        /WITHOUT THIS SHEET NOTHING CAN BE RESTORED/.test(ran.stdout) &&
        /off-site backups to http:\/\/127\.0\.0\.1:5006\/site-backups\/www: the last good/.test(ran.stdout),
      `sitectl backups set checks the bucket, prints the recovery sheet and takes the first backup (${Math.round((Date.now() - started) / 1000)} s)`,
      ran.stdout + ran.stderr,
    );
    carried.backupsSheet = Object.fromEntries(
      [...ran.stdout.matchAll(/^ {2}(BACKUPS_[A-Z_]+)=(\S+)$/gm)].map((match) => [match[1], match[2]]),
    );
    check(Object.keys(carried.backupsSheet).length === 5, "the sheet holds the five values a new server needs");
    check(
      a.must("stat -c '%U:%G %a' /etc/anodising/backups.env").trim() === "root:root 600",
      "the keys and password are in a file only root reads",
    );
    const first = backupsStatus(a);
    carried.backupFigures = [`first backup: ${mb(first.firstGood.total)} in ${first.firstGood.seconds} s`];
    check(first.firstGood.total > 0, carried.backupFigures[0]);
    const sheet = a.must("sitectl backups sheet");
    check(
      Object.entries(carried.backupsSheet).every(([key, value]) => sheet.includes(`${key}=${value}`)),
      "sitectl backups sheet prints the same sheet again",
    );
    check(
      a.must("systemctl is-enabled anodising-backup.timer anodising-backup-verify.timer").trim() === "enabled\nenabled",
      "the hourly backup's timer and the weekly verify's are enabled",
    );
    const password = carried.backupsSheet.BACKUPS_PASSWORD;
    const secret = carried.backupsSheet.BACKUPS_SECRET_ACCESS_KEY;
    const leaks = a.run(
      `grep -rlsF -e '${password}' -e '${secret}' /var/log /var/lib/anodising-backups /var/lib/anodising-watch /run/anodising-watch-facts /srv/site/host/live /var/lib/anodising-report; journalctl --no-pager -u 'anodising-*' | grep -cF -e '${password}' -e '${secret}'`,
    );
    check(
      leaks.stdout.trim() === "0",
      "neither the password nor the secret key is in a log, the status, the watch's facts or the site",
      leaks.stdout,
    );
  }),
  phase("a", "a staff change and an enquiry with a drawing, taken by the next hourly run", async (a) => {
    carried.lastPhone = newPhone();
    const answer = staffSave(a, carried.lastPhone);
    check(answer.endsWith("\n200"), "a staff change is saved", answer);
    const head = repoHead(a);
    await until("the change to go live", () => status(a).live?.commit === head);
    carried.backupLogin = { name: "restorecheck", password: crypto.randomBytes(12).toString("base64url") };
    a.must(`sitectl editors add ${carried.backupLogin.name}`, { input: `${carried.backupLogin.password}\n` });
    const drawing = Buffer.concat([Buffer.from("%PDF-1.7\n% backup test drawing\n"), crypto.randomBytes(4096)]);
    fs.writeFileSync(a.file("/root/backup-drawing.pdf"), drawing);
    carried.drawingSha = crypto.createHash("sha256").update(drawing).digest("hex");
    const posted = a.must(
      `curl -sS ${TLS} -H 'Accept: application/json' -F 'name=Backup Buyer' -F 'email=backup@buyer.test' -F 'service=${services[0].slug}' -F 'message=Keep me safe.' -F 'consent=yes' -F 'drawing=@/root/backup-drawing.pdf;filename=flange.pdf' https://${DOMAIN}/api/enquiry`,
    );
    carried.lastReference = (JSON.parse(posted) as { reference?: string }).reference ?? "";
    check(/^[0-9A-Z]{10}$/.test(carried.lastReference), `an enquiry with a drawing: ${carried.lastReference}`, posted);
    carried.tallyLinesOfA = fs
      .readFileSync(a.file("/srv/site/enquiry/tally.jsonl"), "utf8")
      .split("\n")
      .filter(Boolean).length;
    const before = backupsStatus(a).lastGood.at;
    // What the timer starts every hour.
    const started = Date.now();
    a.must("systemctl start anodising-backup.service");
    const next = backupsStatus(a);
    carried.lastBackupAt = next.lastGood.at;
    carried.backupFigures.push(
      `incremental backup: ${mb(next.lastGood.added)} added of ${mb(next.lastGood.total)}, ${next.lastGood.seconds} s in restic (${Math.round((Date.now() - started) / 1000)} s the whole run)`,
    );
    check(next.lastGood.at > before && next.lastRun.ok, carried.backupFigures[1]);
    const list = a.must("sitectl backups list");
    report("backups-list.txt", list);
    check(/^2 backups kept/m.test(list) || /^\d+ backups kept/m.test(list), "sitectl backups list shows them", list);
    const doctor = a.run("sitectl doctor");
    report("backups-doctor.txt", doctor.stdout);
    check(
      /ok +off-site backups to http:\/\/127\.0\.0\.1:5006\/site-backups\/www: the last good .* \d+ kept since .* stored\)/.test(
        doctor.stdout,
      ),
      "doctor: the last good backup, its size, how many are kept since when",
      doctor.stdout,
    );
    // The bucket outlives the server: its objects, as they are now, go with the test to B.
    fs.rmSync(BUCKET_COPY, { recursive: true, force: true });
    a.must("rm -rf /root/bucket-copy");
    s3(
      a,
      `for page in s3.get_paginator("list_objects_v2").paginate(Bucket="${BUCKET}"):
    for o in page.get("Contents", []):
        path = os.path.join("/root/bucket-copy", o["Key"])
        os.makedirs(os.path.dirname(path), exist_ok=True)
        s3.download_file("${BUCKET}", o["Key"], path)`,
    );
    fs.cpSync(a.file("/root/bucket-copy"), BUCKET_COPY, { recursive: true });
  }),
  phase("a", "a damaged object in the bucket is found by the verify and told", async (a) => {
    const key = s3(
      a,
      `objects = s3.list_objects_v2(Bucket="${BUCKET}", Prefix="www/data/")["Contents"]
print(max(objects, key=lambda o: o["Size"])["Key"])`,
    ).trim();
    s3(
      a,
      `body = bytearray(s3.get_object(Bucket="${BUCKET}", Key="${key}")["Body"].read())
open("/root/object-kept", "wb").write(body)
body[len(body) // 2] ^= 0xFF
s3.put_object(Bucket="${BUCKET}", Key="${key}", Body=bytes(body))`,
    );
    const verify = a.run("sitectl backups verify --all", { timeoutMs: 20 * 60_000 });
    report("backups-verify-damaged.txt", verify.stdout + verify.stderr);
    check(
      verify.status === 1 && /found damage/.test(verify.stdout),
      "sitectl backups verify --all finds it",
      verify.stdout,
    );
    const { mail } = await told(a, ALERTS_TO, /PROBLEM.*verify .*found damage/);
    report("backups-alert-damaged.txt", `${mail.subject}\n\n${mail.text}`);
    check(true, `the operator is told: "${mail.subject}"`);
    s3(a, `s3.put_object(Bucket="${BUCKET}", Key="${key}", Body=open("/root/object-kept", "rb").read())`);
    check(a.run("sitectl backups verify --all").status === 0, "with the object whole again, the verify passes");
  }),
  phase("a", "two failed backups in a row are told; nothing planted ran as root or another service", async (a) => {
    // A password that opens nothing there (restic refuses at once; an unreachable bucket it retries for minutes).
    a.must("cp -p /etc/anodising/backups.env /root/backups.env.kept");
    a.must(
      "sed -i 's/^BACKUPS_PASSWORD=.*/BACKUPS_PASSWORD=not-the-password-of-this-repository/' /etc/anodising/backups.env",
    );
    for (const run of [1, 2]) {
      const failed = a.run("systemctl start anodising-backup.service");
      check(failed.status !== 0, `backup ${run} fails with a password that opens nothing there`);
    }
    const { mail } = await told(a, ALERTS_TO, /PROBLEM.*off-site backup .* failed/, {
      trigger: false,
      timeoutMs: 240_000,
    });
    report("backups-alert-failing.txt", `${mail.subject}\n\n${mail.text}`);
    check(
      /wrong password/.test(mail.text) &&
        /2 runs in a row have failed/.test(mail.text) &&
        /sitectl backups now/.test(mail.text),
      `the operator is told by the failed run itself (OnFailure=): "${mail.subject}"`,
      mail.text,
    );
    a.must("cp -p /root/backups.env.kept /etc/anodising/backups.env");
    const again = a.run("sitectl backups now", { timeoutMs: 20 * 60_000 });
    check(again.status === 0, "with the right password, the next backup succeeds", again.stdout + again.stderr);
    a.must("systemctl stop test-backups-bucket");
    const off = a.run("sitectl backups off");
    check(off.status === 0 && !fs.existsSync(a.file("/etc/anodising/backups.env")), "sitectl backups off", off.stdout);
    const foreign = plantedRuns(a).filter((run) => run.uid !== carried.editorUid);
    check(
      foreign.length === 0,
      "the backups ran nothing planted as root or as another service's user",
      JSON.stringify(foreign),
    );
    check(
      JSON.stringify(rootFileState(a)) === JSON.stringify(carried.rootBefore),
      "and changed no root file's owner, mode or content",
    );
  }),
];
