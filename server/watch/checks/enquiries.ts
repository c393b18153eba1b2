// Enquiries: waiting or refused and their age, where they go, and the mail server as the
// running enquiry service finds it (never only the settings file).
import type { Entry } from "../../enquiry/spool";
import { SERVICES } from "../../installed/layout";
import { printable } from "../../lib/printable";
import { count } from "../../installed/shell";
import { failing, type Check, type Found } from "./check";
import { DEPLOY_AGAIN, note, ok } from "./finding";

/** An enquiry waiting longer than this is a problem, not a delivery in progress. */
const WAITING_MS = 15 * 60_000;
/** The enquiry service asks its mail server every 10 minutes; older than this, it is not asking. */
const MAIL_STALE_MS = 30 * 60_000;

const MAIL_FIX = "sitectl mail-server --set (asks for the URL unseen, sends a test, sets it, restarts the service)";

const MAIL_NOTICE = "buyers are thanked, but their enquiries wait on the server: sales receives nothing";

/** "2026-11-25 14:05": when an enquiry came, in UTC. */
const receivedAt = (entry: Entry) => entry.receivedAt.toISOString().replace("T", " ").slice(0, 16);

/** Enquiries e-mailed within 15 minutes of arriving; each one still on its way, named. */
export const enquiriesWaiting: Check = {
  id: "enquiries-waiting",
  blips: 0,
  notice: "buyers were thanked, but sales has not received their enquiries",
  fix: `fix the mail server (see its line: ${MAIL_FIX}); they go by themselves once it takes them. Meanwhile: sitectl enquiries --export ID enquiry.eml`,
  run: ({ read, now }) => {
    const entries = read.spool();
    if (typeof entries === "string")
      return [
        failing(`the enquiries could not be listed: ${entries}`, {
          id: "enquiries-list",
          fix: "sitectl enquiries (it says more)",
          notice: "unknown: enquiries may be waiting unseen",
        }),
      ];
    const waiting = entries.filter((entry) => entry.state === "pending");
    const old = waiting.filter((entry) => now - entry.receivedAt.getTime() > WAITING_MS);
    const found: Found[] = [];
    if (old.length)
      found.push(
        failing(
          `${count(old.length, "enquiry has", "enquiries have")} waited more than 15 minutes to be e-mailed: ${old.map((entry) => `${entry.id} (${receivedAt(entry)} UTC)`).join(", ")}`,
        ),
      );
    for (const entry of waiting.filter((item) => !old.includes(item)))
      found.push(note(`enquiry ${entry.id} received ${receivedAt(entry)} UTC, being sent`));
    return found;
  },
};

/** Enquiries the mail server refused for good; then the spool in one line. */
export const enquiriesFailed: Check = {
  id: "enquiries-failed",
  blips: 0,
  notice: "those buyers' enquiries have not reached sales",
  fix: "sitectl enquiries --retry ID (after fixing the cause), or sitectl enquiries --export ID enquiry.eml to forward it by hand; they are kept until then",
  run: ({ read, now }) => {
    const entries = read.spool();
    // enquiriesWaiting says why the list could not be read.
    if (typeof entries === "string") return [];
    const waiting = entries.filter((entry) => entry.state === "pending");
    const failed = entries.filter((entry) => entry.state === "failed");
    const week = entries
      .filter((entry) => entry.state === "sent")
      .filter((entry) => now - entry.receivedAt.getTime() < 7 * 86_400_000);
    const found: Found[] = [];
    if (failed.length)
      found.push(
        failing(
          `the mail server refused ${count(failed.length, "enquiry", "enquiries")} for good: ${failed.map((entry) => `${entry.id} (${receivedAt(entry)} UTC: ${entry.attempts.lastError || "see sitectl enquiries"})`).join("; ")}`,
        ),
      );
    const sent = week.length
      ? ` (${week
          .slice(-5)
          .map((entry) => entry.id)
          .join(", ")})`
      : "";
    found.push(
      (waiting.length ? note : ok)(
        `enquiries: ${waiting.length} waiting, ${failed.length} failed, ${week.length} sent in the last 7 days${sent}`,
      ),
    );
    return found;
  },
};

/** Where enquiries go: the operator's setting, and the one the running service took. */
export const recipient: Check = {
  id: "recipient",
  blips: 0,
  notice: "buyers are thanked, but nobody receives their enquiries",
  fix: "sitectl enquiries-to sales@example.com (the company's address for quote requests)",
  run: ({ read, paths, facts }) => {
    const set = facts.enquiryEnv.ENQUIRY_TO ?? "";
    if (!set)
      return [failing("no address is set for enquiries (ENQUIRY_TO): they are kept on the server and not e-mailed.")];
    const running = read.enquiryStatus()?.recipient;
    if (running !== undefined && running !== set)
      return [
        failing(
          `${paths.ENQUIRY_ENV} says enquiries go to ${set}, but the enquiry service still sends them to ${running || "nobody"}.`,
          { fix: `systemctl restart ${SERVICES.enquiry.unit}`, notice: "enquiries go to the old address" },
        ),
      ];
    return [ok(`enquiries are e-mailed to ${set}`)];
  },
};

/** The mail settings changed after the enquiry service started: it still uses the old ones. */
export const mailSettings: Check = {
  id: "mail-settings",
  blips: 0,
  notice: "a changed mail setting has not taken effect",
  fix: `systemctl restart ${SERVICES.enquiry.unit} (or set it with: ${MAIL_FIX})`,
  run: ({ read, paths, facts }) => {
    const mail = read.enquiryStatus()?.mail;
    if (!facts.enquiryEnv.SMTP_URL || !mail) return [];
    if ((facts.enquiryEnvChangedAt ?? 0) <= Date.parse(mail.startedAt)) return [];
    return [
      failing(
        `${paths.ENQUIRY_ENV} changed after the enquiry service started (${mail.startedAt.slice(0, 16).replace("T", " ")} UTC): it still uses the old mail settings.`,
      ),
    ];
  },
};

/** The mail server as the running enquiry service finds it (its own check, with the settings it started with). */
export const mailServer: Check = {
  id: "mail-server",
  blips: 0,
  notice: MAIL_NOTICE,
  fix: MAIL_FIX,
  run: ({ read, facts, now }) => {
    if (!facts.enquiryEnv.SMTP_URL)
      return [failing("no mail server is set (SMTP_URL): enquiries are kept on the server and not e-mailed.")];
    const status = read.enquiryStatus();
    const mail = status?.mail;
    const restart = `systemctl restart ${SERVICES.enquiry.unit}; sitectl logs enquiry`;
    if (!status || !mail)
      return [
        // Told after a second run: a service starting (an install, an update) says so within a minute.
        failing("the enquiry service has not said how its mail server answers (it is not running, or older code).", {
          fix: restart,
          blips: 1,
        }),
      ];
    if (mail.state === "failing")
      return [
        failing(
          `the enquiry service's mail server (${mail.server}) does not take mail since ${mail.since.slice(0, 16).replace("T", " ")} UTC: ${printable(mail.error)}${status.waiting ? `; ${count(status.waiting, "enquiry waits", "enquiries wait")}` : ""}`,
          { fix: `mend the mail server or its login; to change it: ${MAIL_FIX}` },
        ),
      ];
    if (mail.state === "unchecked" && now - Date.parse(mail.startedAt) < MAIL_STALE_MS)
      return [note(`the enquiry service started ${mail.startedAt} and is asking its mail server (${mail.server})`)];
    const checked = mail.checkedAt ? Date.parse(mail.checkedAt) : 0;
    if (now - checked > MAIL_STALE_MS)
      return [
        failing(
          `the enquiry service has not checked its mail server (${mail.server}) since ${mail.checkedAt ?? "it started"}.`,
          { fix: restart, notice: "unknown: enquiries may be waiting", blips: 1 },
        ),
      ];
    return [ok(`the enquiry service's mail server (${mail.server}) takes mail (checked ${mail.checkedAt})`)];
  },
};

/** nginx passes staff logins to the enquiry service's inbox with a secret they share (deploy/configure). */
export const enquirySecret: Check = {
  id: "enquiry-secret",
  blips: 0,
  notice: "the Enquiries page says a staff login is required",
  fix: DEPLOY_AGAIN,
  run: ({ facts }) => [
    facts.secrets.enquiry
      ? ok("nginx and the enquiry service share the secret that carries staff logins")
      : failing("nginx and the enquiry service do not share their secret: staff cannot read enquiries in the browser."),
  ],
};
