// `sitectl updates [--stable on|off]`: which of Debian's updates apply by themselves.
// Security updates always do (deploy/configure's 52anodising-upgrades). Debian's stable
// updates (its point releases: fixes without an advisory of their own, and what a later
// security update may need) only when the operator turns them on: they also bring
// behaviour changes, so some operators want to choose the hour. Either way the watch tells
// when stable updates have waited a week. The setting is a file of its own beside
// configure's, as `sitectl reboots` keeps its.
import fs from "node:fs";
import { writeFileAtomic } from "../lib/files";
import { Failure, say } from "../installed/shell";
import { usageOf, type Command } from "./command";

export const STABLE_FILE = "/etc/apt/apt.conf.d/53anodising-stable";

export const STABLE_SETTINGS = [
  "// Written by sitectl updates --stable on: Debian's stable updates (point releases) are",
  "// applied by themselves too, with the security updates; `sitectl updates --stable off` removes this file.",
  "Unattended-Upgrade::Origins-Pattern {",
  '  "origin=Debian,codename=${distro_codename},label=Debian";',
  '  "origin=Debian,codename=${distro_codename}-updates,label=Debian";',
  "};",
  "",
].join("\n");

const stableOn = () => fs.existsSync(STABLE_FILE);

function updates(args: string[]): number {
  if (!args.length) {
    say("Security updates from Debian apply by themselves every day (the watch tells when one waits a day).");
    say(
      stableOn()
        ? `Debian's stable updates (point releases) apply by themselves too (${STABLE_FILE}); off: sitectl updates --stable off`
        : "Debian's stable updates (point releases) wait for you: apt-get upgrade; the watch tells when they have waited a week. By themselves: sitectl updates --stable on",
    );
    return 0;
  }
  const [option, value] = args;
  if (option !== "--stable" || args.length !== 2 || !["on", "off"].includes(value))
    throw new Failure(`usage: ${usageOf(command)}. Nothing was changed.`);
  if ((value === "on") === stableOn()) {
    say(
      `Debian's stable updates already ${value === "on" ? "apply by themselves" : "wait for you"}; nothing was changed.`,
    );
    return 0;
  }
  if (value === "on") {
    writeFileAtomic(STABLE_FILE, STABLE_SETTINGS, 0o644, true);
    say(`Wrote ${STABLE_FILE}: Debian's stable updates apply by themselves from apt's next daily run.`);
  } else {
    fs.rmSync(STABLE_FILE);
    say(
      `Removed ${STABLE_FILE}: Debian's stable updates wait for you (apt-get upgrade); the watch tells after a week.`,
    );
  }
  return 0;
}

export const command: Command = {
  name: "updates",
  usage: ["updates [--stable on|off]"],
  summary: "which of Debian's updates apply by themselves: security always; stable (point releases) if on",
  run: updates,
};
