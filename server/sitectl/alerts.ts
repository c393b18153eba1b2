// `sitectl alerts`: who the server's own checks tell, and how. The operator's address
// (ALERT_TO) and an optional webhook (ALERT_WEBHOOK: ntfy, a chat's incoming hook; the
// second way, for when mail itself fails) live in /etc/anodising/watch.env, root's alone.
//   sitectl alerts                          shows them, what is told now and what waits to be sent
//   sitectl alerts --to ADDRESS             sets the address
//   sitectl alerts --webhook URL|off        sets or removes the webhook
//   sitectl alerts --test                   sends a test message by every way, now
import { jsonAs } from "../lib/files";
import { deliver, queue } from "../watch/notify";
import { when } from "../lib/mail";
import { toldProblems } from "../watch/policy";
import { savedSchema } from "../watch/run";
import {
  ENQUIRY_ENV,
  OPERATOR_EMAIL,
  WATCH_ENV,
  WATCH_USER,
  WEBHOOK_PATTERN,
  readEnvFile,
  readInstallSettings,
  setEnvValues,
} from "../installed/layout";
import { printable } from "../lib/printable";
import { readOwnedFile, uidOf } from "../installed/serviceFiles";
import { Failure, say } from "../installed/shell";
import { STATE_FILE, channels } from "../watch/watch";
import { usageOf, type Command } from "./command";

function parse(args: string[]): { to?: string; webhook?: string; test: boolean } {
  const options: { to?: string; webhook?: string; test: boolean } = { test: false };
  for (let i = 0; i < args.length; i++) {
    const [option, value] = [args[i], args[i + 1]];
    if (option === "--test") options.test = true;
    else if ((option === "--to" || option === "--webhook") && value !== undefined) {
      options[option === "--to" ? "to" : "webhook"] = value;
      i++;
    } else
      throw new Failure(
        `${JSON.stringify(args[i])} is not an option here; usage: ${usageOf(command)}. Nothing was changed.`,
      );
  }
  if (options.to !== undefined && !OPERATOR_EMAIL.test(options.to))
    throw new Failure(
      `--to ${JSON.stringify(options.to)} is not an e-mail address such as ops@example.com; nothing was changed.`,
    );
  if (options.webhook !== undefined && options.webhook !== "off" && !WEBHOOK_PATTERN.test(options.webhook))
    throw new Failure(
      `--webhook ${JSON.stringify(options.webhook)} is not an https:// address (or http:// on this machine) with plain characters; nothing was changed.`,
    );
  return options;
}

async function alerts(args: string[]): Promise<number> {
  const settings = readInstallSettings();
  if (!settings) throw new Failure("the site is not installed here (no /etc/anodising/install.conf).");
  const options = parse(args);
  if (options.to !== undefined || options.webhook !== undefined) {
    setEnvValues(WATCH_ENV, {
      ...(options.to !== undefined && { ALERT_TO: options.to }),
      ...(options.webhook !== undefined && { ALERT_WEBHOOK: options.webhook === "off" ? "" : options.webhook }),
    });
    say(`Written to ${WATCH_ENV}; the next check (within 15 minutes) uses it.`);
  }
  const set = readEnvFile(WATCH_ENV);
  say(`Alerts are e-mailed to: ${set.ALERT_TO || "nobody (set an address: sitectl alerts --to ADDRESS)"}`);
  say(`And posted to the webhook: ${set.ALERT_WEBHOOK || "none (optional: sitectl alerts --webhook URL)"}`);
  // The watch's own file (site-watch's): read as root reads a service's.
  const state = jsonAs(savedSchema, readOwnedFile(STATE_FILE, uidOf(WATCH_USER)));
  if (state) {
    const told = toldProblems(state);
    say(told.length ? "Problems told now:" : "No problem is told now.");
    for (const entry of told) say(`  - ${printable(entry.problem.text)} (since ${when(entry.since)})`);
    const waiting = state.outbox ?? [];
    if (waiting.length) {
      say(`${waiting.length} message(s) wait to be sent (${printable(waiting[0].lastError ?? "not tried yet")}):`);
      for (const item of waiting.slice(-5)) say(`  - ${printable(item.subject)}`);
    }
  } else say("The watch has not run yet (anodising-watch.timer runs it every 15 minutes).");
  if (!options.test) return set.ALERT_TO || set.ALERT_WEBHOOK ? 0 : 1;
  const ways = channels(settings, set, readEnvFile(ENQUIRY_ENV));
  if (!ways.to && !ways.webhook) throw new Failure("no address or webhook is set: nothing to test.");
  const message = {
    subject: `[${settings.domain}] Test: the server's alerts reach you`,
    text: `This is a test sent by sitectl alerts --test at ${when(Date.now())}.\nProblems the server finds reach you this way.`,
  };
  const left = await deliver(queue([], message, ways, Date.now()), ways, () => {});
  if (left.length) throw new Failure(`the test did not go through: ${printable(left[0].lastError ?? "")}`);
  say(`Test sent${ways.to ? ` to ${ways.to}` : ""}${ways.webhook ? `${ways.to ? " and" : ""} to the webhook` : ""}.`);
  return 0;
}

export const command: Command = {
  name: "alerts",
  usage: ["alerts [--to ADDRESS] [--webhook URL|off] [--test]"],
  summary: "who the server's own checks tell, and how (shows them, or sets them)",
  run: alerts,
};
