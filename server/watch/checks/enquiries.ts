// Enquiries: waiting or refused and their age, where they go, and the mail server as the
// running enquiry service finds it (never only the settings file).
import fs from "node:fs";
import type { Entry } from "../../enquiry/spool";
import {
  ENQUIRY_ENV,
  ENQUIRY_SECRET_MAP,
  ENQUIRY_STAFF_ENV,
  SERVICES,
  nginxHasSecret,
  readEnvFile,
} from "../../installed/layout";
import { enquiryStatus, spoolEntries } from "../../installed/enquiries";
import { printable } from "../../installed/serviceFiles";
import { count } from "../../installed/shell";
import { DEPLOY_AGAIN, note, ok, problem, type Finding } from "./finding";

/** An enquiry waiting longer than this is a problem, not a delivery in progress. */
const WAITING_MS = 15 * 60_000;
/** The enquiry service asks its mail server every 10 minutes; older than this, it is not asking. */
const MAIL_STALE_MS = 30 * 60_000;

const MAIL_FIX =
  "sitectl mail-server smtp://user:password@mail.example.com:587 (sets it, restarts the service and sends a test)";

export function enquiries(): Finding[] {
  const entries = spoolEntries();
  if (typeof entries === "string")
    return [
      problem(
        "enquiries-list",
        `the enquiries could not be listed: ${entries}`,
        "sitectl enquiries (it says more)",
        "unknown: enquiries may be waiting unseen",
      ),
    ];
  const when = (entry: Entry) => entry.receivedAt.toISOString().replace("T", " ").slice(0, 16);
  const findings: Finding[] = [];
  const waiting = entries.filter((entry) => entry.state === "pending");
  const failed = entries.filter((entry) => entry.state === "failed");
  const week = entries
    .filter((entry) => entry.state === "sent")
    .filter((entry) => Date.now() - entry.receivedAt.getTime() < 7 * 86_400_000);
  const old = waiting.filter((entry) => Date.now() - entry.receivedAt.getTime() > WAITING_MS);
  if (old.length) {
    findings.push(
      problem(
        "enquiries-waiting",
        `${count(old.length, "enquiry has", "enquiries have")} waited more than 15 minutes to be e-mailed: ${old.map((entry) => `${entry.id} (${when(entry)} UTC)`).join(", ")}`,
        `fix the mail server (see its line: ${MAIL_FIX}); they go by themselves once it takes them. Meanwhile: sitectl enquiries --export ID > enquiry.eml`,
        "buyers were thanked, but sales has not received their enquiries",
      ),
    );
  }
  for (const entry of waiting.filter((item) => !old.includes(item)))
    findings.push(note(`enquiry ${entry.id} received ${when(entry)} UTC, being sent`));
  if (failed.length) {
    findings.push(
      problem(
        "enquiries-failed",
        `the mail server refused ${count(failed.length, "enquiry", "enquiries")} for good: ${failed.map((entry) => `${entry.id} (${when(entry)} UTC: ${entry.attempts.lastError || "see sitectl enquiries"})`).join("; ")}`,
        `sitectl enquiries --retry ID (after fixing the cause), or sitectl enquiries --export ID > enquiry.eml to forward it by hand; they are kept until then`,
        "those buyers' enquiries have not reached sales",
      ),
    );
  }
  findings.push(
    (waiting.length ? note : ok)(
      `enquiries: ${waiting.length} waiting, ${failed.length} failed, ${week.length} sent in the last 7 days${
        week.length
          ? ` (${week
              .slice(-5)
              .map((entry) => entry.id)
              .join(", ")})`
          : ""
      }`,
    ),
  );
  return findings;
}

/** Where enquiries go: the operator's setting, and the one the running service took. */
export function recipient(status: ReturnType<typeof enquiryStatus>): Finding {
  const set = readEnvFile(ENQUIRY_ENV).ENQUIRY_TO ?? "";
  if (!set)
    return problem(
      "recipient",
      "no address is set for enquiries (ENQUIRY_TO): they are kept on the server and not e-mailed.",
      "sitectl enquiries-to sales@example.com (the company's address for quote requests)",
      "buyers are thanked, but nobody receives their enquiries",
    );
  const running = status?.recipient;
  if (running !== undefined && running !== set)
    return problem(
      "recipient",
      `${ENQUIRY_ENV} says enquiries go to ${set}, but the enquiry service still sends them to ${running || "nobody"}.`,
      `systemctl restart ${SERVICES.enquiry.unit}`,
      "enquiries go to the old address",
    );
  return ok(`enquiries are e-mailed to ${set}`);
}

/**
 * The mail server as the running enquiry service finds it (its own check, with the
 * settings it started with), and whether it started after the settings last changed.
 */
export function mailServer(status: ReturnType<typeof enquiryStatus>): Finding[] {
  const url = readEnvFile(ENQUIRY_ENV).SMTP_URL;
  const notice = "buyers are thanked, but their enquiries wait on the server: sales receives nothing";
  if (!url)
    return [
      problem(
        "mail-server",
        "no mail server is set (SMTP_URL): enquiries are kept on the server and not e-mailed.",
        MAIL_FIX,
        notice,
      ),
    ];
  const mail = status?.mail;
  const unit = SERVICES.enquiry.unit;
  if (!mail)
    return [
      problem(
        "mail-server",
        "the enquiry service has not said how its mail server answers (it is not running, or older code).",
        `systemctl restart ${unit}; sitectl logs enquiry`,
        notice,
      ),
    ];
  const findings: Finding[] = [];
  const changed = fs.statSync(ENQUIRY_ENV).mtimeMs;
  if (changed > Date.parse(mail.startedAt))
    findings.push(
      problem(
        "mail-settings",
        `${ENQUIRY_ENV} changed after the enquiry service started (${mail.startedAt.slice(0, 16).replace("T", " ")} UTC): it still uses the old mail settings.`,
        `systemctl restart ${unit} (or set it with: ${MAIL_FIX})`,
        "a changed mail setting has not taken effect",
      ),
    );
  const checked = mail.checkedAt ? Date.parse(mail.checkedAt) : 0;
  if (mail.state === "failing")
    findings.push(
      problem(
        "mail-server",
        `the enquiry service's mail server (${mail.server}) does not take mail since ${mail.since.slice(0, 16).replace("T", " ")} UTC: ${printable(mail.error)}${status.waiting ? `; ${count(status.waiting, "enquiry waits", "enquiries wait")}` : ""}`,
        `mend the mail server or its login; to change it: ${MAIL_FIX}`,
        notice,
      ),
    );
  else if (mail.state === "unchecked" && Date.now() - Date.parse(mail.startedAt) < MAIL_STALE_MS)
    findings.push(note(`the enquiry service started ${mail.startedAt} and is asking its mail server (${mail.server})`));
  else if (Date.now() - checked > MAIL_STALE_MS)
    findings.push(
      problem(
        "mail-server",
        `the enquiry service has not checked its mail server (${mail.server}) since ${mail.checkedAt ?? "it started"}.`,
        `systemctl restart ${unit}; sitectl logs enquiry`,
        "unknown: enquiries may be waiting",
        1,
      ),
    );
  else findings.push(ok(`the enquiry service's mail server (${mail.server}) takes mail (checked ${mail.checkedAt})`));
  return findings;
}

/** nginx passes staff logins to the enquiry service's inbox with a secret they share (deploy/configure). */
export function enquirySecret(): Finding {
  return nginxHasSecret(ENQUIRY_STAFF_ENV, "ENQUIRY_STAFF_SECRET", ENQUIRY_SECRET_MAP)
    ? ok("nginx and the enquiry service share the secret that carries staff logins")
    : problem(
        "enquiry-secret",
        "nginx and the enquiry service do not share their secret: staff cannot read enquiries in the browser.",
        DEPLOY_AGAIN,
        "the Enquiries page says a staff login is required",
      );
}
