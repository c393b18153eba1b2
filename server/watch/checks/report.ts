// The owner's report: built within the last few hours (its timer runs every hour), from a
// visits log nginx is writing.
import fs from "node:fs";
import path from "node:path";
import { SUMMARY_FILE, SUMMARY_MAX_BYTES } from "../../analytics/build";
import { ACCESS_LOG } from "../../analytics/logLines";
import { present } from "../../installed/serviceFiles";
import { failing, type Check } from "./check";
import { note, ok } from "./finding";

/** What is wrong with a summary.json that is there but not a report (doctor, the watch, sitectl report). */
export const unreadableSummary = (file: string) =>
  `${file} is not a report this server can read (it must be site-report's own plain file, a report, under ${SUMMARY_MAX_BYTES / 2 ** 20} MB).`;

/** The hourly report may miss this many runs (a long publish, a reboot) before anyone is told. */
const STALE_HOURS = 3;

export const report: Check = {
  id: "report",
  blips: 0,
  notice: "the owner's report at /admin/report/ and its weekly e-mail show old figures",
  fix: "sitectl report --now (it says what is wrong); sitectl logs report",
  run: ({ paths, now, read, facts }) => {
    const summary = path.join(paths.REPORT_DIR, SUMMARY_FILE);
    const builtAt = Date.parse(read.reportSummary()?.builtAt ?? "");
    if (Number.isNaN(builtAt) && present(summary))
      return [
        failing(unreadableSummary(summary), {
          notice: "the owner's report at /admin/report/ and its weekly e-mail show no figures",
        }),
      ];
    if (Number.isNaN(builtAt)) {
      if (!fs.existsSync(path.join(paths.HOST_DIR, "live")))
        return [note("The owner's report waits for the first release.")];
      return [
        failing(`The owner's report has never been built (${summary} is missing).`, {
          notice: "the owner's report at /admin/report/ is empty",
          // Its timer runs hourly: told when it has not run for an hour after the first release.
          blips: 4,
        }),
      ];
    }
    const hours = Math.floor((now - builtAt) / 3_600_000);
    if (hours >= STALE_HOURS)
      return [failing(`The owner's report was last built ${hours} hours ago (it is built every hour).`)];
    const log = path.join(paths.VISITS_DIR, ACCESS_LOG);
    if (!facts.visitsLog)
      return [
        note(`The owner's report is built, but nginx has not written ${log} yet (no visit since it was set up).`),
      ];
    return [ok(`The owner's report was built ${hours ? `${hours} h` : "less than an hour"} ago, from ${log}.`)];
  },
};
