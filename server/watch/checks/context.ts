// The checks' context: the installed layout, the clock, the services' files read as a
// service's files are read (readOwnedFile: a plain file of the service's user, never a
// link), what only root can see (rootFacts.ts), and the machine. On the server: LAYOUT,
// the services' users, systemd and nginx on ports 80 and 443; the facts gathered by root
// (doctor) or left by the watch's root part (the watch, as site-watch). The checks' tests
// give a temporary folder, their own user and a machine of planted answers.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { SUMMARY_FILE, SUMMARY_MAX_BYTES, summaryFrom } from "../../analytics/build";
import { spoolFrom, statusFrom } from "../../installed/enquiries";
import { LAYOUT, userOf, type FileOwner, type InstallSettings, type Layout } from "../../installed/layout";
import { readStatus } from "../../installed/publisher";
import { sandboxScript } from "../../installed/sandbox";
import { readOwnedFile, uidOf } from "../../installed/serviceFiles";
import { run, unitState } from "../../installed/shell";
import type { CheckContext, Machine } from "./check";
import { gatherRootFacts, type RootFacts, type RootMachine } from "./rootFacts";

/** The owner's report's summary in `dir` (site-report's summary.json, `uid`'s); null when none or no report. */
const reportSummaryIn = (dir: string, uid: number) =>
  summaryFrom(readOwnedFile(path.join(dir, SUMMARY_FILE), uid, SUMMARY_MAX_BYTES));

export function checkContext(
  settings: InstallSettings,
  paths: Layout,
  /** The user id each service's (and the report's) files must belong to. */
  ownerOf: (owner: FileOwner) => number,
  machine: Machine,
  facts: RootFacts,
  now = Date.now(),
): CheckContext {
  return {
    settings,
    paths,
    now,
    read: {
      publisherStatus: () => readStatus(paths.HOST_DIR, ownerOf("publisher")),
      enquiryStatus: () => statusFrom(facts.enquiryStatus ?? undefined),
      spool: () => spoolFrom(facts.spool),
      serviceFile: (service, file, maxBytes) => readOwnedFile(file, ownerOf(service), maxBytes),
      reportSummary: () => reportSummaryIn(paths.REPORT_DIR, ownerOf("report")),
    },
    machine,
    facts,
  };
}

/** This server: systemd, its commands, its disk, and its nginx where visitors reach it. */
export const THIS_MACHINE: Machine = {
  unit: unitState,
  run: (command, args) => run(command, args),
  freeSpace: (dir) => {
    const stat = fs.statfsSync(dir);
    return {
      megabytes: Math.round((stat.bavail * stat.bsize) / 2 ** 20),
      inodes: stat.ffree,
      hasInodes: stat.files > 0,
    };
  },
  memoryBytes: () => os.totalmem(),
  kernel: () => os.release(),
  ports: { http: 80, https: 443 },
};

/** Each of root's commands for the facts may take this long (the root part has 5 minutes in all). */
const ROOT_HELPER_SECONDS = 60;

/** Root on this server: its commands, and the project's scripts as each service's user, in its sandbox. */
export const THIS_ROOT: RootMachine = {
  run: (command, args) => run(command, args, { timeoutSeconds: ROOT_HELPER_SECONDS }),
  script: (service, file, args) => sandboxScript(service, file, args, { timeoutSeconds: ROOT_HELPER_SECONDS }),
};

const serverOwner = (owner: FileOwner) => uidOf(userOf(owner));

/** The owner's report's summary on this server. */
export const serverReportSummary = () => reportSummaryIn(LAYOUT.REPORT_DIR, serverOwner("report"));

/** What only root can see on this server, now (root only: doctor, the watch's root part). */
export const serverFacts = (settings: InstallSettings): RootFacts =>
  gatherRootFacts(settings, LAYOUT, serverOwner, THIS_ROOT);

/** The checks' context on this server, now: with `facts`, or gathered here (as root). */
export const serverContext = (settings: InstallSettings, facts = serverFacts(settings)): CheckContext =>
  checkContext(settings, LAYOUT, serverOwner, THIS_MACHINE, facts);
