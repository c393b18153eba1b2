// `sitectl mail-server [--set]`: the mail server enquiries and alerts go through (SMTP_URL in
// /etc/anodising/enquiry.env). Alone it says which one the running enquiry service uses and
// how it answers. With --set it takes a new URL, which holds the password: typed at the
// terminal without being shown, or as the first line of standard input (a file, a pipe),
// never as an argument (every local user sees a command's arguments, and sudo logs them).
// It checks first (a test message through it, to where enquiries go), then writes it,
// restarts the enquiry service (it reads the file only when it starts) and waits until the
// running service has found it takes mail. A server that does not take the test changes
// nothing.
import nodemailer from "nodemailer";
import { mailServerOf } from "../enquiry/delivery";
import { enquiryStatus } from "../installed/enquiries";
import {
  ENQUIRY_ENV,
  SERVICES,
  SMTP_URL_PATTERN,
  WATCH_ENV,
  readEnvFile,
  readInstallSettings,
  setEnvValues,
} from "../installed/layout";
import { printable } from "../lib/printable";
import { ask, firstLineOfInput } from "../lib/ask";
import { Failure, say, startUnits } from "../installed/shell";
import { channels } from "../watch/watch";
import type { Command } from "./command";

/** How long the restarted service has to say its mail server takes mail. */
const START_TIMEOUT_MS = 90_000;

function show(): number {
  const url = readEnvFile(ENQUIRY_ENV).SMTP_URL ?? "";
  if (!url) {
    say(
      "No mail server is set: enquiries wait on the server. Set one: sitectl mail-server --set (it asks for smtp://user:password@host:587)",
    );
    return 1;
  }
  say(`The mail server: ${mailServerOf(url)} (from ${ENQUIRY_ENV}).`);
  const mail = enquiryStatus()?.mail;
  if (!mail) {
    say("The enquiry service has not said how it answers: sitectl doctor");
    return 1;
  }
  say(
    `The running enquiry service uses ${mail.server}: ${mail.state === "ok" ? "it takes mail" : mail.state === "failing" ? `it does not take mail (${printable(mail.error)})` : "not checked yet"}${mail.checkedAt ? `, checked ${mail.checkedAt}` : ""}.`,
  );
  return mail.state === "ok" ? 0 : 1;
}

/** The new URL: asked unseen at a terminal, else the first line of standard input. */
async function newUrl(): Promise<string> {
  const typed = process.stdin.isTTY
    ? await ask("The mail server, smtp://user:password@host:587 (not shown as you type): ", true)
    : await firstLineOfInput();
  return typed.trim();
}

async function mailServer(args: string[]): Promise<number> {
  if (!args.length) return show();
  if (args[0] !== "--set" || args.length > 1)
    throw new Failure(
      /^smtps?:/.test(args[0] ?? "")
        ? "the URL holds the mail server's password: give it not as an argument (other users see a command's arguments, sudo logs them) but typed: sitectl mail-server --set, or from a file: sitectl mail-server --set < FILE. Nothing was changed."
        : `usage: ${command.usage.map((line) => `sitectl ${line}`).join(", or ")}. Nothing was changed.`,
    );
  const url = await newUrl();
  if (!SMTP_URL_PATTERN.test(url) || !URL.canParse(url))
    throw new Failure(
      `SMTP_URL must be smtp://user:password@host:587 or smtps://user:password@host:465 with no space, quote, \\, $, \` or control character (write one %-encoded: %24 for $); nothing was changed.`,
    );
  const settings = readInstallSettings();
  if (!settings) throw new Failure("the site is not installed here (no /etc/anodising/install.conf).");
  const to = readEnvFile(ENQUIRY_ENV).ENQUIRY_TO || readEnvFile(WATCH_ENV).ALERT_TO || "";
  const server = mailServerOf(url);

  // First the check: nothing changes unless the server takes a message.
  const transport = nodemailer.createTransport({
    url,
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 30_000,
  });
  try {
    if (to) {
      await transport.sendMail({
        from: channels(settings, readEnvFile(WATCH_ENV), readEnvFile(ENQUIRY_ENV)).from,
        to,
        subject: `[${settings.domain}] Test: enquiries are e-mailed through ${server}`,
        text: `sitectl mail-server sent this through ${server} before making it the site's mail server.\nEnquiries from the quote form come this way.`,
      });
      say(`ok: ${server} took a test message to ${to}.`);
    } else {
      await transport.verify();
      say(
        `ok: ${server} answers and accepts the login (no address is set to send a test to: sitectl enquiries-to ADDRESS).`,
      );
    }
  } catch (error) {
    throw new Failure(`${server} did not take the test: ${printable((error as Error).message)}; nothing was changed.`);
  } finally {
    transport.close();
  }

  setEnvValues(ENQUIRY_ENV, { SMTP_URL: url });
  say(`changed: ${ENQUIRY_ENV} says ${server}.`);
  const unit = SERVICES.enquiry.unit;
  const restartedAt = Date.now();
  const restarted = startUnits("restart", unit);
  if (restarted.status !== 0)
    throw new Failure(`${unit} did not restart: ${printable(restarted.stderr.trim())}; sitectl logs enquiry`);
  // The service checks its mail server as it starts: wait for what it found.
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    const mail = enquiryStatus()?.mail;
    if (mail && Date.parse(mail.startedAt) >= restartedAt - 1000 && mail.state !== "unchecked") {
      if (mail.state === "ok") {
        say(`changed: ${unit} restarted and uses ${mail.server}, which takes mail; waiting enquiries go now.`);
        return 0;
      }
      throw new Failure(
        `${unit} restarted, but its mail server ${mail.server} does not take mail: ${printable(mail.error)}`,
      );
    }
    if (Date.now() > deadline)
      throw new Failure(`${unit} has not said how its mail server answers within 90 s: sitectl logs enquiry`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

export const command: Command = {
  name: "mail-server",
  usage: ["mail-server [--set]"],
  summary: "the mail server (SMTP_URL): shows how it answers, or asks for a new one (unseen), tests and sets it",
  run: mailServer,
};
