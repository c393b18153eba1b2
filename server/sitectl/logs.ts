// `sitectl logs [NAME…] [-f]`: the services' journal, and the end of the newest build's log.
import fs from "node:fs";
import { SERVICES, type ServiceName } from "../installed/layout";
import { buildLog, paths, readStatus } from "../installed/publisher";
import { Failure, run, say } from "../installed/shell";
import type { Command } from "./command";

const LOG_UNITS: Record<string, string> = {
  ...Object.fromEntries(Object.entries(SERVICES).map(([name, { unit }]) => [name, unit])),
  nginx: "nginx",
  certbot: "certbot",
  // The watch and its root part (anodising-watch-facts).
  watch: "anodising-watch*",
  republish: "anodising-republish",
  report: "anodising-report",
  // The off-site backups, their verify and their drill.
  backup: "anodising-backup*",
  "backup-verify": "anodising-backup-verify",
  "backup-drill": "anodising-backup-drill",
};

function logs(args: string[]): number {
  const follow = args.includes("-f") || args.includes("--follow");
  const names = args.filter((arg) => !arg.startsWith("-"));
  const unknown = names.filter((name) => !(name in LOG_UNITS));
  if (unknown.length)
    throw new Failure(`no logs called ${unknown.join(", ")}: use ${Object.keys(LOG_UNITS).join(", ")}`);
  const units = (names.length ? names : Object.keys(SERVICES)).map((name) => LOG_UNITS[name]);
  const journal = run(
    "journalctl",
    [...units.flatMap((unit) => ["-u", unit]), "--no-pager", "--output=short-iso", follow ? "--follow" : "--lines=60"],
    {
      show: true,
    },
  );
  if (!follow && (names.length === 0 || names.includes("publisher" satisfies ServiceName))) lastBuildLog();
  return journal.status;
}

/**
 * The end of the newest build's log, where Gatsby says what went wrong: read by its name in
 * the publisher's logs folder, only if it is the publisher's own plain file, printable.
 */
function lastBuildLog(): void {
  const names = fs.existsSync(paths.logs) ? fs.readdirSync(paths.logs).filter((name) => name.endsWith(".log")) : [];
  const newest = names.sort().pop();
  const text = newest ? buildLog(newest) : undefined;
  if (!newest || text === undefined) return;
  const file = `${paths.logs}/${newest}`;
  const lines = text.trimEnd().split("\n");
  const status = readStatus();
  say(
    `\n--- the newest build's log (${file}), last 30 lines${status?.lastError?.log?.endsWith(newest) ? "; this build failed" : ""}:`,
  );
  say(lines.slice(-30).join("\n"));
}

export const command: Command = {
  name: "logs",
  usage: ["logs [NAME…] [-f]"],
  summary:
    "the services' logs: publisher, login, editor, enquiry, nginx, certbot, watch, republish, report, backup, backup-verify, backup-drill",
  run: logs,
};
