// The watch on the installed server: the server checks itself and tells people.
// anodising-watch.service runs it (`sitectl watch`, every 15 minutes by its timer and at
// once by every unit's OnFailure=): the checks `sitectl doctor` prints (checks/), retried
// once when something fails, then the rules of policy.ts decide whom to tell: the operator
// by e-mail (ALERT_TO) and the optional webhook (ALERT_WEBHOOK), staff by the banner in
// /admin/ (problems.json). A weekly digest says all is well, so that a missing one is itself
// a signal; the owner's weekly e-mail (analytics/ownerMail.ts) goes with it when OWNER_TO is set.
import fs from "node:fs";
import path from "node:path";
import { readJson, writeFileAtomic } from "../lib/files";
import { mailSender, plain } from "../lib/mail";
import { digestMessage, type WeekFigures } from "./messages";
import { parseBackupsStatus } from "../backups/status";
import { backupsLine, drillLine } from "./checks/backups";
import { ownerMailMessage, type OwnerMailInput } from "../analytics/ownerMail";
import { unsentMail, type Channels } from "./notify";
import { shownToStaff, toldProblems, type Problem, type WatchState } from "./policy";
import { emptySaved, watchRun, type Saved } from "./run";
import { allChecks } from "./checks/all";
import type { CheckContext } from "./checks/check";
import { serverContext } from "./checks/context";
import { servedCertificate } from "./checks/certificate";
import type { Finding } from "./checks/finding";
import { FACTS_FILE, readRootFacts, type RootFacts } from "./checks/rootFacts";
import {
  HOST_DIR,
  OPERATOR_EMAIL,
  WATCH_DIR,
  WATCH_ENV,
  WEBHOOK_PATTERN,
  readEnvFile,
  readInstallSettings,
  type InstallSettings,
} from "../installed/layout";
import { say } from "../installed/shell";

export const STATE_FILE = path.join(WATCH_DIR, "state.json");
/** What staff see in /admin/ (nginx serves it behind the login). */
export const STAFF_FILE = path.join(WATCH_DIR, "problems.json");
/** A failing check is asked again after this pause before it counts (a passing hiccup). */
const RETRY_MS = 20_000;
const WEEK_MS = 7 * 24 * 60 * 60_000;

/**
 * The operator's ways of being told, and the mail server the site has, from watch.env and
 * enquiry.env's values (root's files: the watch has them from its root part).
 */
export function channels(
  settings: InstallSettings,
  watch: Record<string, string>,
  enquiry: Record<string, string>,
): Channels {
  return {
    smtpUrl: enquiry.SMTP_URL ?? "",
    // The operator's sender, as the enquiries' (never content's: a staff login cannot silence alerts).
    from: mailSender(enquiry, settings.domain),
    // A file edited by hand is held to what sitectl alerts accepts.
    to: OPERATOR_EMAIL.test(watch.ALERT_TO ?? "") ? watch.ALERT_TO : "",
    webhook: WEBHOOK_PATTERN.test(watch.ALERT_WEBHOOK ?? "") ? watch.ALERT_WEBHOOK : "",
  };
}

const asProblem = (finding: Finding): Problem => ({
  id: finding.id!,
  text: finding.text,
  fix: finding.fix ?? "sitectl doctor",
  notice: finding.notice ?? "",
  blips: finding.blips ?? 0,
  stage: finding.stage,
  ...(finding.staffAfterMs !== undefined ? { staffAfterMs: finding.staffAfterMs } : {}),
});

/**
 * This run's problems for the operator: those found twice, RETRY_MS apart (the second
 * finding's words). Root's facts are the same both times: what only root sees (a setting,
 * nginx -t, a service's record) does not pass in 20 seconds.
 */
async function lastingProblems(settings: InstallSettings, facts: RootFacts): Promise<Problem[]> {
  const operators = (findings: Finding[]) =>
    findings.filter((finding) => finding.level === "problem" && finding.id && !finding.staff);
  const first = operators(await allChecks(serverContext(settings, facts)));
  if (!first.length) return [];
  await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
  const ids = new Set(first.map((finding) => finding.id));
  // One id may name several findings (a unit per line): the first of each.
  const again = operators(await allChecks(serverContext(settings, facts))).filter((finding) => ids.has(finding.id));
  return [...new Map(again.map((finding) => [finding.id!, asProblem(finding)])).values()];
}

/** The digest's line on the off-site backups: the last good one, its size, the oldest kept. */
function backupsFigure(facts: RootFacts, now: number): string {
  if (!facts.backups?.set) return "none off this server (sitectl backups set)";
  const status = parseBackupsStatus(facts.backups.status);
  if (!status) return "set, none has run yet";
  const drilled = drillLine(status);
  return `${backupsLine(status, now).replace(/^off-site backups to /, "to ")}${drilled ? `; ${drilled}` : ""}`;
}

async function weekFigures(context: CheckContext, state: WatchState, now: number): Promise<WeekFigures> {
  const { settings } = context;
  const from = now - WEEK_MS;
  const inWeek = (iso: string | undefined) => iso !== undefined && Date.parse(iso) >= from;
  const status = context.read.publisherStatus();
  const history = (status?.history ?? []).filter((build) => inWeek(build.finishedAt));
  const entries = context.read.spool();
  const list = typeof entries === "string" ? [] : entries;
  const received = list.filter((entry) => entry.receivedAt.getTime() >= from);
  let certificateDays: number | null = null;
  if (settings.tls !== "off" && context.facts.certificate) {
    const served = await servedCertificate(settings.domain);
    if (!(served instanceof Error)) certificateDays = Math.floor((Date.parse(served.validTo) - now) / 86_400_000);
  }
  const disk = fs.statfsSync(HOST_DIR);
  return {
    domain: settings.domain,
    from,
    to: now,
    published: history
      .filter((build) => build.result === "live")
      .map((build) => ({ at: build.finishedAt!, commit: build.commit.slice(0, 7) })),
    failedPublishes: history.filter((build) => build.result === "failed" || build.result === "technical").length,
    enquiries: {
      received: received.length,
      sent: received.filter((entry) => entry.state === "sent").length,
      waiting: list.filter((entry) => entry.state === "pending").length,
      failed: list.filter((entry) => entry.state === "failed").length,
    },
    certificateDays,
    diskFreeMb: Math.round((disk.bavail * disk.bsize) / 2 ** 20),
    backups: backupsFigure(context.facts, now),
    contentWarnings: status?.warnings ?? [],
    ended: state.ended.filter((entry) => entry.until >= from),
    lasting: toldProblems(state).map((entry) => ({ text: entry.problem.text, since: entry.since })),
  };
}

/** The owner's address for the weekly report (OWNER_TO, sitectl owner-mail); "" when none. */
export function ownerAddress(watch = readEnvFile(WATCH_ENV)): string {
  const address = watch.OWNER_TO ?? "";
  return OPERATOR_EMAIL.test(address) ? address : "";
}

function ownerInput(context: CheckContext, state: WatchState, now: number): OwnerMailInput {
  return {
    domain: context.settings.domain,
    to: ownerAddress(context.facts.watchEnv),
    now,
    report: context.read.reportSummary(),
    problems: toldProblems(state).map((entry) => ({
      notice: entry.problem.notice || entry.problem.text,
      since: entry.since,
    })),
  };
}

/** What staff see in /admin/: what they notice and since when, and enquiries waiting while mail fails. */
function writeStaffFile(context: CheckContext, state: WatchState, now: number): void {
  const told = shownToStaff(state, now);
  const mailFails = told.some(
    (entry) => entry.problem.id === "mail-server" || entry.problem.id === "enquiries-waiting",
  );
  const spool = mailFails ? context.read.enquiryStatus() : null;
  const entries = mailFails ? context.read.spool() : [];
  const waiting =
    typeof entries === "string" ? [] : entries.filter((entry) => entry.state !== "sent").map((entry) => entry.id);
  const staff = {
    updatedAt: new Date(now).toISOString(),
    problems: told.map((entry) => ({
      id: entry.problem.id,
      since: new Date(entry.since).toISOString(),
      notice: entry.problem.notice,
    })),
    mail: mailFails ? { failing: true, waiting, server: spool?.mail?.server ?? "" } : null,
  };
  writeFileAtomic(STAFF_FILE, `${JSON.stringify(staff, null, 2)}\n`, 0o644, true);
}

/** The unit that runs the watch (as site-watch); runs started together are one (a oneshot service). */
export const WATCH_UNIT = "anodising-watch.service";
/** Its root part, which the watch's unit starts first (rootPart.ts). */
export const FACTS_UNIT = "anodising-watch-facts.service";
/** Root's facts older than this were not gathered for this run: the root part failed. */
const FACTS_FRESH_MS = 20 * 60_000;

/** The problem of a root part that did not run with this run: the checks use its last facts. */
const staleFacts = (facts: RootFacts): Problem => ({
  id: "watch-root-part",
  text: `the watch's root part (${FACTS_UNIT}) has not run since ${new Date(facts.gatheredAt).toISOString().slice(0, 16).replace("T", " ")} UTC: what only root sees (settings, certificates, nginx -t, enquiries waiting) is not checked.`,
  fix: `sitectl logs watch; systemctl status ${FACTS_UNIT}`,
  notice: "nothing yet, but some problems are not noticed",
  blips: 0,
});

/** The operator's alert e-mails do not go out: told by the webhook and the staff's banner, and by doctor's mail-server check. */
const alertsUnsent = (why: string): Problem => ({
  id: "alerts-unsent",
  text: `${plain(why)}: the operator is not told by e-mail.`,
  fix: "sitectl mail-server (how the mail server answers); sitectl alerts (who is told)",
  notice: "nothing visible; the operator may not hear of problems",
  blips: 0,
});

/**
 * One run of the watch, as its unit runs it (site-watch, after its root part): check,
 * decide whom to tell, tell them, write what staff see.
 */
export async function runWatch(): Promise<number> {
  const settings = readInstallSettings();
  if (!settings) {
    say("The site is not installed here (no /etc/anodising/install.conf): nothing to watch.");
    return 1;
  }
  const facts = readRootFacts(FACTS_FILE);
  if (!facts) {
    say(`No facts from the watch's root part (${FACTS_FILE}): systemctl status ${FACTS_UNIT}`);
    return 1;
  }
  const saved: Saved = { ...emptySaved(), ...readJson<Saved>(STATE_FILE) };
  const fresh = Date.now() - facts.gatheredAt < FACTS_FRESH_MS;
  const unsent = unsentMail(saved.outbox, Date.now());
  const problems = [
    ...(fresh ? [] : [staleFacts(facts)]),
    ...(unsent ? [alertsUnsent(unsent)] : []),
    ...(await lastingProblems(settings, facts)),
  ];
  const now = Date.now();
  const context = serverContext(settings, facts);
  const ways = channels(settings, facts.watchEnv, facts.enquiryEnv);
  const state = await watchRun(saved, {
    problems,
    now,
    channels: ways,
    domain: settings.domain,
    digest: async (current) => [
      digestMessage(await weekFigures(context, current, now)),
      ...(ownerAddress(facts.watchEnv) ? [await ownerMailMessage(ownerInput(context, current, now))] : []),
    ],
    digestNow: fresh && facts.digestRequested === true,
    save: (next) => writeFileAtomic(STATE_FILE, JSON.stringify(next), 0o600, true),
    log: say,
  });
  const outbox = state.outbox;
  writeStaffFile(context, state, now);
  const told = toldProblems(state);
  say(
    `watch: ${problems.length} problem(s) found, ${told.length} told; ${outbox.length} message(s) waiting to be sent` +
      (ways.to ? ` to ${ways.to}` : " (no ALERT_TO: sitectl alerts --to ADDRESS)"),
  );
  return 0;
}
