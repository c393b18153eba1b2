// `sitectl editors …`, `sitectl enquiries …`, `sitectl logs …`: the project's own
// commands, run as the user whose files they touch, and the services' journal.
import fs from "node:fs";
import { SERVICES, type ServiceName } from "./layout";
import { Failure, run, say, script } from "./shell";
import { buildLog, paths, readStatus } from "./publishing";

export function editors(args: string[]): number {
  const [action, name] = args;
  if (!["add", "remove", "list"].includes(action ?? "") || (action !== "list" && !name)) {
    throw new Failure("usage: sitectl editors add NAME | editors remove NAME | editors list");
  }
  // editors.ts asks for the password on the terminal, or takes EDITOR_PASSWORD.
  return script(SERVICES.editor.user, "server/editor/editors.ts", [action, ...(name ? [name] : [])], { show: true })
    .status;
}

export function enquiries(args: string[]): number {
  return script(SERVICES.enquiry.user, "server/enquiry/enquiries.ts", args, { show: true }).status;
}

const LOG_UNITS: Record<string, string> = {
  ...Object.fromEntries(Object.entries(SERVICES).map(([name, { unit }]) => [name, unit])),
  nginx: "nginx",
  certbot: "certbot",
  watch: "anodising-watch",
  republish: "anodising-republish",
  report: "anodising-report",
};

export function logs(args: string[]): number {
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
