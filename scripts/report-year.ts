// `npm run report:year`: the time and memory to build the owner's report from a year of
// visits log for a site of this size (about 1.5 million lines: 170 visitors a day reading
// a few pages each, with their files, robots and missing pages), on this machine. Builds
// the report from the production build in public/ as the live release, in a scratch folder.
//   npm run report:year [-- VISITORS_PER_DAY]
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { readSite } from "../server/analytics/site";
import { writeSyntheticLog } from "../server/analytics/synthetic";

const visitorsPerDay = Number(process.argv[2] ?? 170);
const root = fs.mkdtempSync(path.join(os.tmpdir(), "report-year-"));
const hostDir = path.join(root, "host");
fs.mkdirSync(hostDir);
fs.symlinkSync(path.resolve("public"), path.join(hostDir, "live"));
const pages = readSite(path.join(hostDir, "live")).pages.map((page) => page.path);
const started = Date.now();
const lines = writeSyntheticLog({ dir: path.join(root, "visits"), end: Date.now(), days: 365, visitorsPerDay, pages });
const bytes = fs
  .readdirSync(path.join(root, "visits"))
  .reduce((sum, name) => sum + fs.statSync(path.join(root, "visits", name)).size, 0);
console.log(
  `A year of log: ${lines} lines in 365 files, ${(bytes / 2 ** 20).toFixed(0)} MB compressed (written in ${((Date.now() - started) / 1000).toFixed(0)} s).`,
);

const timed = spawnSync("/usr/bin/time", ["-v", process.execPath, "--import", "tsx", "server/analytics/main.ts"], {
  env: {
    ...process.env,
    HOST_DIR: hostDir,
    VISITS_LOG_DIR: path.join(root, "visits"),
    REPORT_DIR: path.join(root, "report"),
    ENQUIRY_DIR: path.join(root, "enquiry"),
  },
  encoding: "utf8",
});
process.stdout.write(timed.stdout);
const said = (name: string) => new RegExp(`${name}: (.*)`).exec(timed.stderr)?.[1]?.trim() ?? "?";
console.log(
  `Built in ${said("Elapsed \\(wall clock\\) time \\(h:mm:ss or m:ss\\)")} (wall clock), ${said("User time \\(seconds\\)")} s user.`,
);
console.log(
  `Peak memory of the largest process (node or one GoAccess): ${Math.round(Number(said("Maximum resident set size \\(kbytes\\)")) / 1024)} MB.`,
);
fs.rmSync(root, { recursive: true, force: true });
process.exit(timed.status ?? 1);
