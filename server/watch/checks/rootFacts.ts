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
import { BACKUPS_STATUS } from "../../backups/status";
import type { Ran } from "../../installed/shell";

/** Root's commands: the ones only root may run, and a project's script as a service's user. */
export interface RootMachine {
  /** A command as root (nginx -t, find: nothing that runs a service's files). */
  run(command: string, args: string[]): Ran;
  /** One of the project's scripts as the service's user, in its unit's sandbox. */
  script(service: ServiceName, file: string, args: string[]): Ran;
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
  /** The facts whose gatherer failed this time, with why (each told on its own; the others are fresh). */
  unfinished: z.record(z.string(), z.string()).optional(),
});
export type RootFacts = z.infer<typeof rootFactsSchema>;

const capped = (answer: Ran): Ran => ({
  status: answer.status,
  stdout: answer.stdout.slice(-TEXT_MAX),
  stderr: answer.stderr.slice(-TEXT_MAX),
});

/**
 * enquiry.env's values the watch is given: where enquiries go, and the mail server with its
 * password, because the watch sends its alerts and digests itself (watch/notify.ts), also
 * when the enquiry service is down, which is one of the things it tells.
 */
const ENQUIRY_KEYS = ["ENQUIRY_TO", "ENQUIRY_FROM", "SMTP_URL"];

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

/** The most of a `find` listing kept: a tree the editor made huge is told, never a buffer overrun. */
const LISTING_MAX = TEXT_MAX;

/** `find ARGS` as root, its listing cut at LISTING_MAX (find stops there: head closes the pipe). */
const boundedFind = (machine: RootMachine, args: string[]) =>
  machine.run("sh", ["-c", `find "$@" | head -c ${LISTING_MAX}`, "sh", ...args]);

/** What a gatherer that failed leaves in place of its answer. */
const notGathered = (reason: string): Ran => ({ status: 1, stdout: "", stderr: reason });

/** Everything only root can see that the checks need, now: each fact on its own, a failed one named in `unfinished`. */
export function gatherRootFacts(
  settings: InstallSettings,
  paths: Layout,
  ownerOf: (owner: FileOwner) => number,
  machine: RootMachine,
  now = Date.now(),
): RootFacts {
  const editor = SERVICES.editor.user;
  const unfinished: Record<string, string> = {};
  /** One fact: its gatherer's answer, or `fallback` with the reason kept for the checks. */
  function fact<T>(name: string, gather: () => T, fallback: (reason: string) => T): T {
    try {
      return gather();
    } catch (error) {
      const reason = (error instanceof Error ? error.message : String(error)).slice(0, 500);
      unfinished[name] = reason;
      return fallback(reason);
    }
  }
  const answer = (name: string, gather: () => Ran) => fact(name, () => capped(gather()), notGathered);
  const facts: RootFacts = {
    gatheredAt: now,
    nginxTest: answer("nginxTest", () => machine.run("nginx", ["-t"])),
    certificate: fact(
      "certificate",
      () => certificateFile(settings, paths),
      () => null,
    ),
    secrets: fact(
      "secrets",
      () => ({
        editor: nginxHasSecret(paths.EDITOR_PROXY_ENV, "EDITOR_PROXY_SECRET", paths.EDITOR_SECRET_MAP),
        enquiry: nginxHasSecret(paths.ENQUIRY_STAFF_ENV, "ENQUIRY_STAFF_SECRET", paths.ENQUIRY_SECRET_MAP),
      }),
      () => ({ editor: false, enquiry: false }),
    ),
    enquiryEnv: fact(
      "enquiryEnv",
      () => only(paths.ENQUIRY_ENV, ENQUIRY_KEYS),
      () => ({}),
    ),
    enquiryEnvChangedAt: changedAt(paths.ENQUIRY_ENV),
    watchEnv: fact(
      "watchEnv",
      () => only(paths.WATCH_ENV, ["ALERT_TO", "ALERT_WEBHOOK", "OWNER_TO"]),
      () => ({}),
    ),
    mirrorUrl: fact(
      "mirrorUrl",
      () => (present(paths.MIRROR_ENV) ? mirrorAddress(readEnvFile(paths.MIRROR_ENV)) : null),
      () => null,
    ),
    enquiryStatus: fact(
      "enquiryStatus",
      () => readOwnedFile(path.join(paths.ENQUIRY_DIR, "status.json"), ownerOf("enquiry"), TEXT_MAX) ?? null,
      () => null,
    ),
    spool: answer("spool", () => machine.script("enquiry", "server/enquiry/enquiries.ts", ["--json"])),
    // Listed by the login check's user: root reads nothing in its folder.
    logins: answer("logins", () => machine.script("login", "server/login/editors.ts", ["list"])),
    // Asked in the editor's sandbox, never of git as root.
    repository: answer("repository", () => machine.script("editor", "server/editor/repair.ts", ["--check"])),
    // find -P never follows a link; it only looks at owners and modes.
    repositoryForeign: answer("repositoryForeign", () =>
      boundedFind(machine, [
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
    hostWritable: answer("hostWritable", () =>
      boundedFind(machine, [
        "-P",
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
    visitsLog: fact(
      "visitsLog",
      () => present(path.join(paths.VISITS_DIR, ACCESS_LOG)),
      () => false,
    ),
    // The gatherer's own (root's on the server): apt writes it, no service can.
    upgradesLog: fact(
      "upgradesLog",
      () => readOwnedFile(paths.UPGRADES_LOG, process.getuid?.() ?? 0, UPGRADES_LOG_MAX) ?? null,
      () => null,
    ),
    // The backup service's record (root's, like the gatherer); its keys stay in backups.env.
    backups: fact(
      "backups",
      () => ({
        set: present(paths.BACKUPS_ENV),
        status: readOwnedFile(path.join(paths.BACKUPS_DIR, BACKUPS_STATUS), process.getuid?.() ?? 0, TEXT_MAX) ?? null,
      }),
      () => ({ set: false, status: null }),
    ),
  };
  return { ...facts, unfinished };
}

/** The facts as the root part left them for the watch: root's own file (`uid`), checked against the schema; null when unusable. */
export function readRootFacts(file: string, uid = 0): RootFacts | null {
  return jsonAs(rootFactsSchema, readOwnedFile(file, uid, 16 * TEXT_MAX));
}
