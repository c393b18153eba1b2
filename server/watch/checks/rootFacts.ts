// What only root can see, gathered for the checks by the watch's small root part
// (anodising-watch-facts.service, ../rootPart.ts) before the watch runs its checks as its
// own unprivileged user (anodising-watch.service, site-watch). `sitectl doctor`, run by the
// operator as root, gathers the same in its own process.
// Root parses nothing a service wrote here: a service's record and what its scripts print
// are kept as text (capped), for the checks to read with their schemas.
import fs from "node:fs";
import path from "node:path";
import { z } from "zod";
import { ACCESS_LOG } from "../../analytics/logLines";
import { jsonAs } from "../../lib/files";
import {
  SERVICES,
  WATCH_FACTS_DIR,
  certificateFile,
  nginxHasSecret,
  readEnvFile,
  type FileOwner,
  type InstallSettings,
  type Layout,
  type ServiceName,
} from "../../installed/layout";
import { present, readOwnedFile } from "../../installed/serviceFiles";
import { BACKUPS_STATUS } from "../../installed/backupsStatus";
import type { Ran } from "../../installed/shell";

/** Root's commands: the ones only root may run, and a project's script as a service's user. */
export interface RootMachine {
  /** A command as root (nginx -t, find: nothing that runs a service's files). */
  run(command: string, args: string[]): Ran;
  /** One of the project's scripts as the service's user; `sandboxed`: in its unit's sandbox. */
  script(service: ServiceName, file: string, args: string[], sandboxed?: boolean): Ran;
}

/** What the watch's root part leaves for it (root's, group site-watch: ../rootPart.ts). */
export const FACTS_FILE = path.join(WATCH_FACTS_DIR, "facts.json");
/** Left by `sitectl watch --digest` (as root) for the root part, which tells the next run. */
export const DIGEST_REQUEST = path.join(WATCH_FACTS_DIR, "digest-requested");

/** The end of unattended-upgrades' log kept: its last runs (a run writes a few lines). */
const UPGRADES_LOG_MAX = 64 * 1024;
/** The most of any one text kept (a service's record, a script's answer). */
const TEXT_MAX = 256 * 1024;

const ran = z.object({ status: z.number().int(), stdout: z.string(), stderr: z.string() });
const values = z.record(z.string(), z.string());

export const rootFactsSchema = z.object({
  /** When root gathered them (epoch ms). */
  gatheredAt: z.number(),
  /** `nginx -t` (it reads the private keys: root's). */
  nginxTest: ran,
  /** The certificate nginx serves for the site (certificateFile), null when none: /etc/letsencrypt/live is root's. */
  certificate: z.string().nullable(),
  /** Whether nginx holds the secret each service believes it by (root's files both). */
  secrets: z.object({ editor: z.boolean(), enquiry: z.boolean() }),
  /** enquiry.env's values the watch uses (where enquiries go, the mail server it sends by). */
  enquiryEnv: values,
  /** When enquiry.env last changed (epoch ms); null when it is not there. */
  enquiryEnvChangedAt: z.number().nullable(),
  /** watch.env: whom the watch tells (ALERT_TO, ALERT_WEBHOOK, OWNER_TO). */
  watchEnv: values,
  /** The CDN mirror's public address (mirror.env's MIRROR_URL with a bucket; "" without); null when there is no mirror.env. Its keys stay root's. */
  mirrorUrl: z.string().nullable(),
  /** The enquiry service's status.json as it wrote it (read as root reads a service's file); null when none. */
  enquiryStatus: z.string().nullable(),
  /** What the project's scripts answered as each service's user, and root's `find`s, as printed. */
  spool: ran,
  logins: ran,
  repository: ran,
  repositoryForeign: ran,
  hostWritable: ran,
  /** nginx's visits log is there (its folder is www-data's and site-report's). */
  visitsLog: z.boolean(),
  /** The end of unattended-upgrades' log (root's): the last runs of the security updates; null when there is none. Absent in facts of a root part older than it. */
  upgradesLog: z.string().nullable().optional(),
  /** The off-site backups: whether they are set (backups.env) and their status.json as the backup service wrote it (root's). Absent in facts of a root part older than them. */
  backups: z.object({ set: z.boolean(), status: z.string().nullable() }).optional(),
  /** `sitectl watch --digest` asked for the weekly digest with this run (the root part's only). */
  digestRequested: z.boolean().optional(),
});
export type RootFacts = z.infer<typeof rootFactsSchema>;

const capped = (answer: Ran): Ran => ({
  status: answer.status,
  stdout: answer.stdout.slice(-TEXT_MAX),
  stderr: answer.stderr.slice(-TEXT_MAX),
});

/** Only the values of `keys` (mirror.env's bucket keys never leave root). */
const only = (file: string, keys: string[]) =>
  Object.fromEntries(Object.entries(readEnvFile(file)).filter(([key]) => keys.includes(key)));

function changedAt(file: string): number | null {
  try {
    return fs.statSync(file).mtimeMs;
  } catch {
    return null;
  }
}

const mirrorAddress = (env: Record<string, string>) => (env.MIRROR_BUCKET && env.MIRROR_URL) || "";

/** Everything only root can see that the checks need, now. */
export function gatherRootFacts(
  settings: InstallSettings,
  paths: Layout,
  ownerOf: (owner: FileOwner) => number,
  machine: RootMachine,
  now = Date.now(),
): RootFacts {
  const editor = SERVICES.editor.user;
  return {
    gatheredAt: now,
    nginxTest: capped(machine.run("nginx", ["-t"])),
    certificate: certificateFile(settings, paths),
    secrets: {
      editor: nginxHasSecret(paths.EDITOR_PROXY_ENV, "EDITOR_PROXY_SECRET", paths.EDITOR_SECRET_MAP),
      enquiry: nginxHasSecret(paths.ENQUIRY_STAFF_ENV, "ENQUIRY_STAFF_SECRET", paths.ENQUIRY_SECRET_MAP),
    },
    enquiryEnv: only(paths.ENQUIRY_ENV, ["ENQUIRY_TO", "ENQUIRY_FROM", "SMTP_URL"]),
    enquiryEnvChangedAt: changedAt(paths.ENQUIRY_ENV),
    watchEnv: only(paths.WATCH_ENV, ["ALERT_TO", "ALERT_WEBHOOK", "OWNER_TO"]),
    mirrorUrl: present(paths.MIRROR_ENV) ? mirrorAddress(readEnvFile(paths.MIRROR_ENV)) : null,
    enquiryStatus: readOwnedFile(path.join(paths.ENQUIRY_DIR, "status.json"), ownerOf("enquiry"), TEXT_MAX) ?? null,
    spool: capped(machine.script("enquiry", "server/enquiry/enquiries.ts", ["--json"])),
    // Listed by the login check's user: root reads nothing in its folder.
    logins: capped(machine.script("login", "server/login/editors.ts", ["list"])),
    // Asked in the editor's sandbox, never of git as root.
    repository: capped(machine.script("editor", "server/editor/repair.ts", ["--check"], true)),
    // find -P never follows a link; it only looks at owners and modes.
    repositoryForeign: capped(
      machine.run("find", [
        "-P",
        paths.REPO_DIR,
        "(",
        "!",
        "-user",
        editor,
        "-o",
        "!",
        "-type",
        "l",
        "-perm",
        "/g+w,o+w",
        ")",
        "-print",
      ]),
    ),
    // As deploy/configure: a file hard-linked from the repository is the repository's.
    hostWritable: capped(
      machine.run("find", [
        paths.HOST_DIR,
        "-path",
        paths.REPO_DIR,
        "-prune",
        "-o",
        "!",
        "-type",
        "l",
        "(",
        "-type",
        "d",
        "-o",
        "-links",
        "1",
        ")",
        "-perm",
        "/g+w,o+w",
        "-print",
      ]),
    ),
    visitsLog: present(path.join(paths.VISITS_DIR, ACCESS_LOG)),
    // The gatherer's own (root's on the server): apt writes it, no service can.
    upgradesLog: readOwnedFile(paths.UPGRADES_LOG, process.getuid?.() ?? 0, UPGRADES_LOG_MAX) ?? null,
    // The backup service's record (root's, like the gatherer); its keys stay in backups.env.
    backups: {
      set: present(paths.BACKUPS_ENV),
      status: readOwnedFile(path.join(paths.BACKUPS_DIR, BACKUPS_STATUS), process.getuid?.() ?? 0, TEXT_MAX) ?? null,
    },
  };
}

/** The facts as the root part left them for the watch: root's own file (`uid`), checked against the schema; null when unusable. */
export function readRootFacts(file: string, uid = 0): RootFacts | null {
  return jsonAs(rootFactsSchema, readOwnedFile(file, uid, 16 * TEXT_MAX));
}
