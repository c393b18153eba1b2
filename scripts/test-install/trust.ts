// What `npm run test:install`'s phases share to prove the trust boundaries (issue 35; used
// by serviceBoundaries, backup, restore and the off-site phases): what the last review's
// attack proofs planted, planted again on the booted server as the editor's and the
// publisher's users, before the operator's commands run. Afterwards nothing planted may
// have run as root or as another service's user, no root file may have changed, and
// nothing the publisher's files hold may have reached root's terminal.
import { signatureOf } from "../../server/backups/signature";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Machine } from "./machine";

/** Where a planted program leaves its mark: wherever whoever runs it may write (one of them will do). */
const PROOFS = [
  "/srv/site/host/repo/.git/planted-ran",
  "/srv/site/host/publisher/planted-ran",
  "/var/tmp/planted-ran",
  "/root/planted-ran",
];
const PROGRAM = "/srv/site/host/repo/.git/planted.sh";
/** Every hook a git command sitectl runs could call. */
const HOOKS = [
  "post-checkout",
  "post-merge",
  "pre-commit",
  "commit-msg",
  "post-commit",
  "pre-merge-commit",
  "prepare-commit-msg",
  "reference-transaction",
  "post-index-change",
  "pre-auto-gc",
  "post-rewrite",
  "pre-push",
];
/** Root's files that must stay as they are: a secret of root's own (plant makes it), the accounts, settings no command here changes. */
export const ROOT_FILES = [
  "/root/secret",
  "/etc/shadow",
  "/etc/passwd",
  "/etc/anodising/install.conf",
  "/etc/anodising/editor-proxy.env",
  "/etc/anodising/enquiry-staff.env",
];
const PUBLISHER_STATE = "/srv/site/host/publisher";
/** The newest name in the publisher's logs folder, so `sitectl logs` reads it. */
const NEWEST_LOG = `${PUBLISHER_STATE}/logs/99991231T235959-planted.log`;
/** Escape sequences (a window title, a cleared screen), as printf writes them. */
const ESCAPE = "\\033]0;planted title\\007\\033[2J";

/** A shell script run as `user` (given on standard input, so it is taken as written). */
const as = (machine: Machine, user: string, script: string) =>
  machine.must(`cd / && runuser -u ${user} -- sh -e`, { input: script });

/** Plants, as the editor's user, a program as core.fsmonitor and in every hook; as the publisher's, links and escapes. */
export function plant(machine: Machine): void {
  machine.must("umask 077 && head -c 32 /dev/urandom | base64 > /root/secret");
  as(
    machine,
    "site-editor",
    `cat > ${PROGRAM} <<'EOF'
#!/bin/sh
line="uid=$(id -u) $0 $*"
for file in ${PROOFS.join(" ")}; do echo "$line" >> "$file" 2>/dev/null; done
exit 0
EOF
chmod 755 ${PROGRAM}
git -C /srv/site/host/repo config core.fsmonitor ${PROGRAM}
for hook in ${HOOKS.join(" ")}; do cp ${PROGRAM} /srv/site/host/repo/.git/hooks/$hook; done`,
  );
  as(
    machine,
    "site-publisher",
    // Links where sitectl republish wrote as root (its .tmp files for the coming pids), and
    // the newest build log full of escape sequences (linkNewestLog makes it a link).
    `cd ${PUBLISHER_STATE}
# One process makes them all (a process per link would use up the very pids it plants for).
node -e 'const fs = require("fs"); const next = Number(fs.readFileSync("/proc/sys/kernel/ns_last_pid", "utf8")); for (let pid = next; pid < next + 4000; pid += 1) fs.symlinkSync("/root/secret", ".republish." + pid + ".tmp");'
printf 'error: ${ESCAPE} from the planted log\\n' > ${NEWEST_LOG}`,
  );
}

/** The publisher's user makes the newest build log a link to root's secret. */
export function linkNewestLog(machine: Machine): void {
  as(machine, "site-publisher", `ln -sfn /root/secret ${NEWEST_LOG}`);
}

/** Each root file's owner, mode and SHA-256. */
export function rootFileState(machine: Machine): Record<string, string> {
  return Object.fromEntries(
    ROOT_FILES.map((file) => {
      const stat = fs.statSync(machine.file(file));
      const digest = crypto
        .createHash("sha256")
        .update(fs.readFileSync(machine.file(file)))
        .digest("hex");
      return [file, `${stat.uid}:${stat.gid} ${(stat.mode & 0o7777).toString(8)} ${digest}`];
    }),
  );
}

/** Every line a planted program left, and the uid it ran as. */
export function plantedRuns(machine: Machine): { uid: number; line: string }[] {
  return PROOFS.flatMap((file) =>
    fs.existsSync(machine.file(file))
      ? fs
          .readFileSync(machine.file(file), "utf8")
          .split("\n")
          .filter(Boolean)
          .map((line) => ({ uid: Number(/^uid=(\d+)/.exec(line)?.[1] ?? -1), line }))
      : [],
  );
}

/** Whether text shown to the operator holds root's secret or an escape sequence from the planted log. */
export function leaked(machine: Machine, text: string): string | null {
  const secret = fs.readFileSync(machine.file("/root/secret"), "utf8").trim();
  if (text.includes(secret)) return "root's secret";
  if (text.includes("\u001b")) return "an escape sequence";
  return null;
}

/** Removes what was planted (the repository works on for the later phases as it is). */
export function unplant(machine: Machine): void {
  as(
    machine,
    "site-editor",
    `git -C /srv/site/host/repo config --unset core.fsmonitor; for hook in ${HOOKS.join(" ")}; do rm -f /srv/site/host/repo/.git/hooks/$hook; done; rm -f ${PROGRAM}`,
  );
  as(machine, "site-publisher", `cd ${PUBLISHER_STATE} && rm -f .republish.*.tmp ${NEWEST_LOG}`);
}

/**
 * A backup whose certificates.tar puts a file into /etc/cron.d, its manifest's hashes made
 * to match (as an attacker who can change the file can): written beside `backup` inside the machine.
 */
export function craftBackup(
  machine: Machine,
  backup: string,
  crafted: string,
  host: (c: string, a: string[]) => string,
  /** Signed again with the server's key, as if the key were stolen too: the file's members are checked all the same. */
  key: string,
): void {
  const work = machine.file(`/root/craft-${Date.now()}`);
  fs.mkdirSync(path.join(work, "unpacked"), { recursive: true });
  host("tar", ["-xzf", machine.file(backup), "-C", path.join(work, "unpacked")]);
  const cron = path.join(work, "extra", "etc", "cron.d");
  fs.mkdirSync(cron, { recursive: true });
  fs.writeFileSync(path.join(cron, "planted"), "* * * * * root touch /root/cron-ran\n");
  host("tar", [
    "-rf",
    path.join(work, "unpacked", "certificates.tar"),
    "-C",
    path.join(work, "extra"),
    "etc/cron.d/planted",
  ]);
  const manifestFile = path.join(work, "unpacked", "manifest.json");
  const manifest = JSON.parse(fs.readFileSync(manifestFile, "utf8")) as { files: Record<string, string> };
  manifest.files["certificates.tar"] = crypto
    .createHash("sha256")
    .update(fs.readFileSync(path.join(work, "unpacked", "certificates.tar")))
    .digest("hex");
  fs.writeFileSync(manifestFile, JSON.stringify(manifest, null, 2));
  fs.writeFileSync(path.join(work, "unpacked", "manifest.sig"), `${signatureOf(fs.readFileSync(manifestFile), key)}\n`);
  host("tar", ["-czf", machine.file(crafted), "-C", path.join(work, "unpacked"), "."]);
  fs.rmSync(work, { recursive: true, force: true });
}

/**
 * Review 4's M3 recipe: a backup file whose enquiry.env gains lines systemd would hand the
 * service (NODE_OPTIONS runs code as site-enquiry), the manifest's digest made to match;
 * its signature left as it was, or made again with `key` (as if the key were stolen too).
 */
export function craftSettings(
  machine: Machine,
  backup: string,
  crafted: string,
  host: (c: string, a: string[]) => string,
  key: string | null,
): void {
  const work = machine.file(`/root/craft-settings-${Date.now()}`);
  fs.mkdirSync(work, { recursive: true });
  host("tar", ["-xzf", machine.file(backup), "-C", work]);
  const env = path.join(work, "settings", "enquiry.env");
  fs.appendFileSync(
    env,
    "NODE_OPTIONS=--import=data:text/javascript,import(`node:fs`).then(f=>f.writeFileSync(`/srv/site/enquiry/ran-from-backup`,String(process.getuid())))\nDEMO_FROM_BACKUP=1\n",
  );
  const manifestFile = path.join(work, "manifest.json");
  const manifest = JSON.parse(fs.readFileSync(manifestFile, "utf8")) as { files: Record<string, string> };
  manifest.files["settings/enquiry.env"] = crypto.createHash("sha256").update(fs.readFileSync(env)).digest("hex");
  fs.writeFileSync(manifestFile, JSON.stringify(manifest, null, 2));
  if (key) fs.writeFileSync(path.join(work, "manifest.sig"), `${signatureOf(fs.readFileSync(manifestFile), key)}\n`);
  host("tar", ["-czf", machine.file(crafted), "-C", work, "."]);
  fs.rmSync(work, { recursive: true, force: true });
}
