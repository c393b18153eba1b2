// `sitectl reboots [off | at HH:MM]`: whether the server restarts by itself after a security
// update that needs it (a new kernel, a core library), at an hour the operator picks. Off by
// default: the watch tells when a restart has waited a week. unattended-upgrades does the
// restart, only when an update asked for one; the site and its services come back by
// themselves. The setting is a file of its own beside deploy/configure's 52anodising-upgrades.
import fs from "node:fs";
import { writeFileAtomic } from "../lib/files";
import { Failure, say } from "../installed/shell";
import { usageOf, type Command } from "./command";

export const REBOOT_FILE = "/etc/apt/apt.conf.d/53anodising-reboot";
const HOUR = /^([01][0-9]|2[0-3]):[0-5][0-9]$/;

/** The hour set, or "" when the server does not restart by itself. */
export function rebootHour(text: string): string {
  return /Automatic-Reboot "true"/.test(text) ? (/Automatic-Reboot-Time "([0-9:]+)"/.exec(text)?.[1] ?? "") : "";
}

export const rebootSettings = (hour: string) =>
  [
    "// Written by sitectl reboots: after a security update that needs it, the server restarts",
    `// by itself at ${hour} (the server's time); \`sitectl reboots off\` removes this file.`,
    'Unattended-Upgrade::Automatic-Reboot "true";',
    'Unattended-Upgrade::Automatic-Reboot-WithUsers "true";',
    `Unattended-Upgrade::Automatic-Reboot-Time "${hour}";`,
    "",
  ].join("\n");

function reboots(args: string[]): number {
  const [verb, hour] = args;
  const now = fs.existsSync(REBOOT_FILE) ? rebootHour(fs.readFileSync(REBOOT_FILE, "utf8")) : "";
  if (!verb) {
    say(
      now
        ? `After a security update that needs it, the server restarts by itself at ${now} (server time); off: sitectl reboots off`
        : "The server never restarts by itself; the watch tells you when a restart has waited a week. At an hour: sitectl reboots at 04:00",
    );
    return 0;
  }
  if (verb === "off" && args.length === 1) {
    if (!now) {
      say("The server already never restarts by itself; nothing was changed.");
      return 0;
    }
    fs.rmSync(REBOOT_FILE);
    say(`Removed ${REBOOT_FILE}: the server no longer restarts by itself (the watch tells you when one waits a week).`);
    return 0;
  }
  if (verb === "at" && args.length === 2) {
    if (!HOUR.test(hour))
      throw new Failure(`${JSON.stringify(hour)} is not an hour such as 04:00 (24-hour clock); nothing was changed.`);
    writeFileAtomic(REBOOT_FILE, rebootSettings(hour), 0o644, true);
    say(
      `Wrote ${REBOOT_FILE}: after a security update that needs it, the server restarts by itself at ${hour} (server time, ${Intl.DateTimeFormat().resolvedOptions().timeZone}); the site comes back by itself.`,
    );
    return 0;
  }
  throw new Failure(`usage: ${usageOf(command)}. Nothing was changed.`);
}

export const command: Command = {
  name: "reboots",
  usage: ["reboots [off | at HH:MM]"],
  summary: "whether the server restarts by itself after an update needing it, at an hour you pick (off by default)",
  run: reboots,
};
