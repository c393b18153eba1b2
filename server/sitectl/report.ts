// `sitectl report`: the owner's report of visits and enquiries at /admin/report/ (built every
// hour by anodising-report.service from nginx's visits log).
//   sitectl report               when it was built, the last 7 days' figures, who gets the weekly e-mail
//   sitectl report --now         builds it now (through its unit) and says what it did
import fs from "node:fs";
import path from "node:path";
import { SUMMARY_FILE } from "../analytics/build";
import { number } from "../analytics/render";
import { ACCESS_LOG } from "../analytics/logLines";
import { VISITS_KEPT_MONTHS } from "../../src/contract/visits";
import { when } from "../lib/mail";
import { REPORT_DIR, REPORT_UNIT, VISITS_DIR, readInstallSettings } from "../installed/layout";
import { printable } from "../lib/printable";
import { Failure, run, say, systemctl } from "../installed/shell";
import { serverReportSummary } from "../watch/checks/context";
import { present } from "../installed/serviceFiles";
import { unreadableSummary } from "../watch/checks/report";
import { ownerAddress } from "../watch/watch";
import { usageOf, type Command } from "./command";

/** Builds the report through its unit (as the report's user, sandboxed), and shows what it said. */
function buildNow(): void {
  const since = `@${Math.floor(Date.now() / 1000) - 1}`;
  const started = systemctl("start", REPORT_UNIT);
  const said = run("journalctl", ["--quiet", "--output=cat", "--unit", REPORT_UNIT, "--since", since]);
  for (const line of said.stdout.split("\n").filter(Boolean)) say(printable(line));
  if (started.status !== 0) throw new Failure(`${REPORT_UNIT} failed: sitectl logs report says why.`);
}

function report(args: string[]): number {
  for (const arg of args) {
    if (arg !== "--now")
      throw new Failure(
        `${JSON.stringify(arg)} is not an option here; usage: ${usageOf(command)}. Nothing was changed.`,
      );
  }
  const settings = readInstallSettings();
  if (!settings) throw new Failure("the site is not installed here (no /etc/anodising/install.conf).");
  if (args.includes("--now")) buildNow();
  const summary = serverReportSummary();
  const file = path.join(REPORT_DIR, SUMMARY_FILE);
  if (!summary && present(file)) {
    say(`${unreadableSummary(file)} sitectl report --now builds it again.`);
  } else if (!summary) {
    say(`No report has been built yet (${file}): sitectl report --now`);
  } else {
    const week = summary.periods.find((period) => period.id === "last-7-days");
    say(
      `The report was built ${when(Date.parse(summary.builtAt))}; staff read it at https://${settings.domain}/admin/report/`,
    );
    if (week)
      say(
        `The last 7 days: ${number(week.visitors)} visitors, ${number(week.pageViews)} page views, ${number(week.enquiries.total)} enquiries.`,
      );
    const countries = summary.periods[0]?.countries;
    say(
      countries
        ? "Countries: from the GeoIP database."
        : 'Countries: left out (no GeoIP database; see docs/operations.md, "Visits report").',
    );
  }
  const logs = fs.existsSync(VISITS_DIR)
    ? fs.readdirSync(VISITS_DIR).filter((name) => name.startsWith(ACCESS_LOG))
    : [];
  say(
    `The visits log: ${logs.length} file(s) in ${VISITS_DIR} (kept ${VISITS_KEPT_MONTHS} months, addresses shortened).`,
  );
  const owner = ownerAddress();
  say(owner ? `The weekly e-mail goes to ${owner}.` : "No one gets the weekly e-mail: sitectl owner-mail ADDRESS");
  return summary ? 0 : 1;
}

export const command: Command = {
  name: "report",
  usage: ["report [--now]"],
  summary: "the owner's report of visits and enquiries at /admin/report/ (built hourly)",
  run: report,
};
