// Backups nobody on the server can erase, that keep going, and a drill that proves them
// (issue 72, review 4 M4, L1, L2): A backs up to a bucket that checks every request's keys
// (Debian 13's moto_server with its IAM enforced) and keeps every version; the server's
// keys may add, never remove. As root would (ransomware, an intruder), the server's own
// keys then try to forget and prune, delete every object and every version, and overwrite
// the data: the bucket refuses the deletes, and the overwritten version stays. A stray file
// in the spool is left out and named, never a failed run; a disk under the site's floor
// stops a run before it stages anything; the monthly drill restores the latest backup
// aside and checks it, and doctor says what is recoverable and how long it takes.
import fs from "node:fs";
import path from "node:path";
import type { Machine } from "../machine";
import { carried, check, report, phase, until, type Phase } from "../run";

/** The bucket that checks keys (the other phases' buckets take any). */
const PORT = 5007;
const BUCKET = "site-history";
const PREFIX = "www";
const ENDPOINT = `http://127.0.0.1:${PORT}`;
/** moto_server with its signature check mended for restic's listings (see the file). */
const CHECKED_MOTO = path.join(__dirname, "..", "moto-checked.py");
const LEFTOVER = "/srv/site/enquiry/spool/pending/.0000000000.eml.4242.tmp";

interface Keys {
  id: string;
  secret: string;
}

/** Python with boto3 against the bucket, as `keys`' holder. */
const asHolder = (machine: Machine, keys: Keys, code: string) =>
  machine.run(`python3 - <<'PY'
import boto3, json, os, sys
from botocore.exceptions import ClientError
s3 = boto3.client("s3", endpoint_url="${ENDPOINT}", aws_access_key_id="${keys.id}", aws_secret_access_key="${keys.secret}", region_name="us-east-1")
${code}
PY`);

/** The policy docs/operations.md gives for AWS S3, for this bucket and prefix. */
const APPEND_ONLY = {
  Version: "2012-10-17",
  Statement: [
    {
      Effect: "Allow",
      Action: [
        "s3:ListBucket",
        "s3:GetBucketLocation",
        "s3:GetBucketVersioning",
        "s3:GetBucketObjectLockConfiguration",
      ],
      Resource: `arn:aws:s3:::${BUCKET}`,
    },
    { Effect: "Allow", Action: ["s3:GetObject", "s3:PutObject"], Resource: `arn:aws:s3:::${BUCKET}/${PREFIX}/*` },
    { Effect: "Allow", Action: "s3:DeleteObject", Resource: `arn:aws:s3:::${BUCKET}/${PREFIX}/locks/*` },
  ],
};

const statusOf = (a: Machine) =>
  JSON.parse(fs.readFileSync(a.file("/var/lib/anodising-backups/status.json"), "utf8")) as {
    lastRun: { ok: boolean; error?: string };
    lastGood: { at: string; leftOut?: string[] };
    keys?: { canDelete: boolean; canErase: boolean; versioned: boolean };
    kept: { snapshots: number };
    lastDrill?: { ok: boolean; seconds: number; enquiries: number; logins: number; commit: string; error?: string };
  };

/** restic as the intruder runs it: the server's own backups.env, read as root reads it. */
const intruderRestic = (args: string) =>
  `set -a; . /etc/anodising/backups.env; set +a; RESTIC_REPOSITORY=$BACKUPS_REPOSITORY RESTIC_PASSWORD=$BACKUPS_PASSWORD AWS_ACCESS_KEY_ID=$BACKUPS_ACCESS_KEY_ID AWS_SECRET_ACCESS_KEY=$BACKUPS_SECRET_ACCESS_KEY AWS_DEFAULT_REGION=$BACKUPS_REGION RESTIC_CACHE_DIR=/root/intruder-cache restic ${args}`;

export const phases: Phase[] = [
  phase("a", "backups set with keys that may add, never remove: sitectl says no one here can erase them", async (a) => {
    a.run("sitectl backups off");
    a.run("systemctl stop test-history-bucket 2>/dev/null; systemctl reset-failed test-history-bucket 2>/dev/null");
    fs.copyFileSync(CHECKED_MOTO, a.file("/root/moto-checked.py"));
    a.must(
      `systemd-run --unit=test-history-bucket --property=Type=exec python3 /root/moto-checked.py -H 127.0.0.1 -p ${PORT}`,
    );
    await until("moto_server to answer", () => a.run(`curl -s -o /dev/null ${ENDPOINT}/`).status === 0);
    // Made before the bucket checks keys: the bucket with versions, the server's user and the owner's.
    const made = asHolder(
      a,
      { id: "testing", secret: "testing" },
      `iam = boto3.client("iam", endpoint_url="${ENDPOINT}", aws_access_key_id="testing", aws_secret_access_key="testing", region_name="us-east-1")
s3.create_bucket(Bucket="${BUCKET}")
s3.put_bucket_versioning(Bucket="${BUCKET}", VersioningConfiguration={"Status": "Enabled"})
keys = {}
for user, policy in (("server", ${JSON.stringify(JSON.stringify(APPEND_ONLY))}), ("owner", json.dumps({"Version": "2012-10-17", "Statement": [{"Effect": "Allow", "Action": "*", "Resource": "*"}]}))):
    iam.create_user(UserName=user)
    iam.put_user_policy(UserName=user, PolicyName=user, PolicyDocument=policy)
    key = iam.create_access_key(UserName=user)["AccessKey"]
    keys[user] = {"id": key["AccessKeyId"], "secret": key["SecretAccessKey"]}
print(json.dumps(keys))`,
    );
    check(
      made.status === 0,
      "a bucket that keeps versions, the server's append-only user and the owner's",
      made.stderr,
    );
    const keys = JSON.parse(made.stdout) as { server: Keys; owner: Keys };
    carried.historyKeys = keys;
    // From here on the bucket checks every request's keys against their policy.
    // The count as the body itself (a form body would be read as a form, not as the count).
    a.must(`curl -fsS -X POST -H "Content-Type: text/plain" --data-binary 0 ${ENDPOINT}/moto-api/reset-auth`);
    const stranger = asHolder(
      a,
      { id: "AKIAUNKNOWN000000000", secret: "nothing" },
      `s3.list_objects_v2(Bucket="${BUCKET}")`,
    );
    check(stranger.status !== 0, "the bucket now refuses keys it does not know", stranger.stderr.slice(-300));

    const set = a.run(
      `BACKUPS_ACCESS_KEY_ID=${keys.server.id} BACKUPS_SECRET_ACCESS_KEY=${keys.server.secret} sitectl backups set --endpoint ${ENDPOINT} --bucket ${BUCKET} --prefix ${PREFIX}`,
      { timeoutMs: 20 * 60_000 },
    );
    report("history-backups-set.txt", set.stdout + set.stderr);
    check(
      set.status === 0 &&
        /What the keys can do: no one on this server can erase the backups: its keys cannot delete/.test(set.stdout) &&
        /the last good/.test(set.stdout),
      "sitectl backups set tries the keys, says plainly that no one on this server can erase the backups, and backs up",
      set.stdout + set.stderr,
    );
    check(
      statusOf(a).keys?.canDelete === false &&
        statusOf(a).keys?.canErase === false &&
        statusOf(a).keys?.versioned === true,
      "the status records what the keys can do",
      JSON.stringify(statusOf(a).keys),
    );
    const next = a.run("systemctl start anodising-backup.service", { timeoutMs: 20 * 60_000 });
    check(
      next.status === 0 && statusOf(a).lastRun.ok,
      "the hourly run backs up with them (it does not prune: the keys cannot)",
      statusOf(a).lastRun.error,
    );
    const doctor = a.run("sitectl doctor");
    report("history-doctor.txt", doctor.stdout);
    check(
      /ok +no one on this server can erase the backups/.test(doctor.stdout),
      "doctor keeps saying it",
      doctor.stdout,
    );
    carried.historySnapshots = statusOf(a).kept.snapshots;
    check(carried.historySnapshots >= 2, `${carried.historySnapshots} backups kept`);
  }),

  phase(
    "a",
    "the server's own keys try to erase the history, as an intruder with root would; the bucket refuses",
    (a) => {
      const keys = carried.historyKeys;
      const objects = (holder: Keys) =>
        JSON.parse(
          asHolder(
            a,
            holder,
            `print(json.dumps([o["Key"] for page in s3.get_paginator("list_objects_v2").paginate(Bucket="${BUCKET}") for o in page.get("Contents", [])]))`,
          ).stdout,
        ) as string[];
      const before = objects(keys.owner);
      // Every version's id, as the owner lists them (the server's keys may not list versions):
      // the intruder is granted knowing them all.
      const versions = JSON.parse(
        asHolder(
          a,
          keys.owner,
          `print(json.dumps([[v["Key"], v["VersionId"]] for page in s3.get_paginator("list_object_versions").paginate(Bucket="${BUCKET}") for v in page.get("Versions", [])]))`,
        ).stdout,
      ) as [string, string][];
      const prune = a.run(intruderRestic("forget --keep-last 1 --prune"), { timeoutMs: 20 * 60_000 });
      const forgetPrune = prune.stdout + prune.stderr;
      const deletes = asHolder(
        a,
        keys.server,
        `refused = done = 0
for page in s3.get_paginator("list_objects_v2").paginate(Bucket="${BUCKET}"):
    for o in page.get("Contents", []):
        try:
            s3.delete_object(Bucket="${BUCKET}", Key=o["Key"])
            done += 1
        except ClientError as e:
            refused += 1
for key, version in json.loads(${JSON.stringify(JSON.stringify(versions))}):
    try:
        s3.delete_object(Bucket="${BUCKET}", Key=key, VersionId=version)
        done += 1
    except ClientError as e:
        refused += 1
print(json.dumps({"refused": refused, "done": done}))`,
      );
      report(
        "history-erase-attempt.txt",
        `$ restic forget --keep-last 1 --prune\n${forgetPrune}\n\n$ delete every object, then each of the ${versions.length} versions by its id\n${deletes.stdout}${deletes.stderr}`,
      );
      check(prune.status !== 0, "restic forget --prune with the server's keys fails", forgetPrune.slice(-600));
      const tally = JSON.parse(deletes.stdout.trim().split("\n").pop() ?? "{}") as { refused: number; done: number };
      // Every object stored before is still there (a failed prune may have added an index;
      // restic's lock files are the one thing the keys may remove).
      const after = new Set(objects(keys.owner));
      const gone = before.filter((key) => !key.startsWith(`${PREFIX}/locks/`) && !after.has(key));
      check(
        tally.refused > 0 && gone.length === 0,
        `every delete of the history is refused (${tally.refused} refused; all ${before.length} objects still there)`,
        JSON.stringify({ tally, gone: gone.slice(0, 10) }),
      );
      const list = a.must("sitectl backups list");
      check(
        new RegExp(`^${carried.historySnapshots} backups kept`, "m").test(list),
        `sitectl backups list still shows ${carried.historySnapshots} backups`,
        list,
      );

      // An overwrite is allowed (PutObject); the bucket keeps the version it replaced.
      const overwrite = asHolder(
        a,
        keys.server,
        `objects = [o for o in s3.list_objects_v2(Bucket="${BUCKET}", Prefix="${PREFIX}/data/")["Contents"]]
key = max(objects, key=lambda o: o["Size"])["Key"]
s3.put_object(Bucket="${BUCKET}", Key=key, Body=b"overwritten by an intruder")
print(key)`,
      );
      const key = overwrite.stdout.trim().split("\n").pop() ?? "";
      check(overwrite.status === 0 && key.length > 0, `the server's keys overwrite ${key}`, overwrite.stderr);
      const kept = asHolder(
        a,
        keys.owner,
        `versions = s3.list_object_versions(Bucket="${BUCKET}", Prefix="${key}")["Versions"]
replaced = next(v for v in versions if not v["IsLatest"])
old = s3.get_object(Bucket="${BUCKET}", Key="${key}", VersionId=replaced["VersionId"])["Body"].read()
s3.put_object(Bucket="${BUCKET}", Key="${key}", Body=old)
print(len(versions), len(old))`,
      );
      check(
        kept.status === 0 && Number(kept.stdout.trim().split(" ")[0]) >= 2,
        "the version it replaced is kept, and the owner's keys put it back",
        kept.stdout + kept.stderr,
      );
      const verify = a.run("sitectl backups verify --all", { timeoutMs: 20 * 60_000 });
      check(
        verify.status === 0,
        "after the attempt, the verify reads every backup back whole",
        verify.stdout + verify.stderr,
      );
    },
  ),

  phase(
    "a",
    "a stray file in the spool is left out and named; a disk under the site's floor stops a run first",
    async (a) => {
      a.must(`runuser -u site-enquiry -- sh -c 'umask 077; echo half > ${LEFTOVER}'`);
      const ran = a.run("systemctl start anodising-backup.service", { timeoutMs: 20 * 60_000 });
      const status = statusOf(a);
      check(
        ran.status === 0 &&
          status.lastRun.ok &&
          (status.lastGood.leftOut ?? []).some((name) => name.includes(".0000000000.eml.4242.tmp")),
        "with a killed write's .tmp in the spool, the backup succeeds and names it as left out (review 4, L1)",
        JSON.stringify(status.lastGood),
      );
      const since = a.must("date +%s").trim();
      a.must("systemctl restart anodising-enquiry");
      // systemd says started once node runs; the spool is tidied as the service starts.
      await until(
        "the enquiry service to start listening",
        () =>
          a.run(`journalctl -u anodising-enquiry --since @${since} -o cat | grep -q '/api/enquiry on'`).status === 0,
      );
      const said = a.must(`journalctl -u anodising-enquiry --since @${since} -o cat`);
      check(
        !fs.existsSync(a.file(LEFTOVER)) && said.includes("removed pending/.0000000000.eml.4242.tmp"),
        "the enquiry service removes it as it starts, and says so",
        said,
      );

      // The floor raised past the free space: as if the disk were all but full.
      const free = Number(a.must("df -BM --output=avail /srv/site | tail -1").replace(/\D/g, ""));
      a.must("cp -p /etc/anodising/publisher.env /root/publisher.env.kept");
      a.must(`echo HOST_MIN_FREE_MB=${free + 1024} >> /etc/anodising/publisher.env`);
      const full = a.run("systemctl start anodising-backup.service", { timeoutMs: 20 * 60_000 });
      const stopped = statusOf(a).lastRun;
      a.must("cp -p /root/publisher.env.kept /etc/anodising/publisher.env");
      check(
        full.status !== 0 &&
          !stopped.ok &&
          /not enough free space to stage the backup/.test(stopped.error ?? "") &&
          !fs.existsSync(a.file("/srv/site/.backup-stage")),
        "with the disk under the site's floor the run stops before staging anything, saying so (review 4, L2)",
        stopped.error,
      );
      const again = a.run("systemctl start anodising-backup.service", { timeoutMs: 20 * 60_000 });
      check(again.status === 0 && statusOf(a).lastRun.ok, "with room again, the next run backs up");
    },
  ),

  phase(
    "a",
    "the drill restores the latest backup aside, checks it and says what is recoverable and how long it takes",
    (a) => {
      const head = a
        .must(
          "runuser -u site-editor -- git -c core.hooksPath=/dev/null -C /srv/site/host/repo rev-parse refs/heads/main",
        )
        .trim();
      const started = Date.now();
      const ran = a.run("sitectl backups drill", { timeoutMs: 60 * 60_000 });
      const seconds = Math.round((Date.now() - started) / 1000);
      report("history-drill.txt", ran.stdout + ran.stderr);
      const drill = statusOf(a).lastDrill;
      check(
        ran.status === 0 &&
          drill?.ok === true &&
          /recoverable as of .* UTC: \d+ enquiries, \d+ logins, content [0-9a-f]{7} .*expected recovery time about/.test(
            ran.stdout,
          ),
        `sitectl backups drill passes in ${seconds} s: ${ran.stdout.trim().split("\n").pop()}`,
        ran.stdout + ran.stderr,
      );
      carried.drillFigure = `drill: ${drill?.seconds} s, ${drill?.enquiries} enquiries, ${drill?.logins} logins, content ${drill?.commit?.slice(0, 7)}`;
      check(drill?.commit === head, "the drilled content is the live head", `${drill?.commit} / ${head}`);
      check(a.run("ls -d /srv/site/.drill-* 2>/dev/null").stdout.trim() === "", "and leaves no scratch folder behind");
      const doctor = a.run("sitectl doctor");
      check(/ok +recoverable as of/.test(doctor.stdout), "doctor says what is recoverable", doctor.stdout);
      check(
        a.must("systemctl is-enabled anodising-backup-drill.timer").trim() === "enabled",
        "the monthly drill's timer is enabled",
      );
      a.must("sitectl backups off");
      a.must("systemctl stop test-history-bucket");
    },
  ),
];
