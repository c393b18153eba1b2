// The owner's report: built within the last few hours (its timer runs every hour), from a
// visits log nginx is writing.
import fs from "node:fs";
import path from "node:path";
import { readSummary, SUMMARY_FILE } from "../../analytics/build";
import { ACCESS_LOG } from "../../analytics/logLines";
import { HOST_DIR, REPORT_DIR, VISITS_DIR } from "../../installed/layout";
import { note, ok, problem, type Finding } from "./finding";

/** The hourly report may miss this many runs (a long publish, a reboot) before anyone is told. */
const STALE_HOURS = 3;

export function report(now = Date.now()): Finding {
  const summary = path.join(REPORT_DIR, SUMMARY_FILE);
  const builtAt = Date.parse(readSummary(REPORT_DIR)?.builtAt ?? "");
  if (Number.isNaN(builtAt)) {
    if (!fs.existsSync(path.join(HOST_DIR, "live"))) return note("The owner's report waits for the first release.");
    return problem(
      "report",
      `The owner's report has never been built (${summary} is missing).`,
      "sitectl report --now (it says what is wrong); sitectl logs report",
      "the owner's report at /admin/report/ is empty",
      4,
    );
  }
  const hours = Math.floor((now - builtAt) / 3_600_000);
  if (hours >= STALE_HOURS) {
    return problem(
      "report",
      `The owner's report was last built ${hours} hours ago (it is built every hour).`,
      "sitectl report --now (it says what is wrong); sitectl logs report",
      "the owner's report at /admin/report/ and its weekly e-mail show old figures",
    );
  }
  const log = path.join(VISITS_DIR, ACCESS_LOG);
  if (!fs.existsSync(log))
    return note(`The owner's report is built, but nginx has not written ${log} yet (no visit since it was set up).`);
  return ok(`The owner's report was built ${hours ? `${hours} h` : "less than an hour"} ago, from ${log}.`);
}
