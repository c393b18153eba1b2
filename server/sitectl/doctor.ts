// `sitectl doctor`: every check (checks/, one file per area) printed, each problem with the command that
// fixes it; the exit status is 1 when there is any. The watch (watch.ts) runs the same
// checks on a timer and tells people.
import { allChecks } from "../watch/checks/all";
import { serverContext } from "../watch/checks/context";
import { readInstallSettings } from "../installed/layout";
import { printable } from "../lib/printable";
import { count, say } from "../installed/shell";
import type { Command } from "./command";

async function doctor(): Promise<number> {
  const settings = readInstallSettings();
  if (!settings) {
    say(
      "The site is not installed here (no /etc/anodising/install.conf): run deploy/install from a clone of the repository.",
    );
    return 1;
  }
  say(`sitectl doctor: ${settings.domain} (TLS: ${settings.tls})`);
  const findings = await allChecks(serverContext(settings));
  for (const finding of findings) {
    const label = { ok: "ok     ", note: "note   ", problem: "PROBLEM" }[finding.level];
    say(`  ${label}  ${printable(finding.text)}`);
    if (finding.fix) say(`           fix: ${printable(finding.fix)}`);
  }
  const problems = findings.filter((finding) => finding.level === "problem").length;
  say(problems ? `\n${count(problems, "problem")} found; each line above says how to fix it.` : "\nNo problems found.");
  return problems ? 1 : 0;
}

export const command: Command = {
  name: "doctor",
  usage: ["doctor"],
  summary: "check everything; each problem comes with its fix",
  run: () => doctor(),
};
