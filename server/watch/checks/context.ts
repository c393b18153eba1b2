// The checks' context: the installed layout, the clock, the services' files read as root
// reads them (readOwnedFile: a plain file of the service's user, never a link), and the
// machine. On the server: LAYOUT, the services' users, systemd and nginx on ports 80 and
// 443 (serverContext). The checks' tests give a temporary folder, their own user and a
// machine of planted answers.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { SUMMARY_FILE, SUMMARY_MAX_BYTES, summaryFrom } from "../../analytics/build";
import { enquiryStatus, spoolFrom } from "../../installed/enquiries";
import { LAYOUT, SERVICES, userOf, type FileOwner, type InstallSettings, type Layout } from "../../installed/layout";
import { readStatus } from "../../installed/publisher";
import { sandboxScript } from "../../installed/sandbox";
import { readOwnedFile, uidOf } from "../../installed/serviceFiles";
import { run, script, unitState } from "../../installed/shell";
import type { CheckContext, Machine } from "./check";

export function checkContext(
  settings: InstallSettings,
  paths: Layout,
  /** The user id each service's (and the report's) files must belong to. */
  ownerOf: (owner: FileOwner) => number,
  machine: Machine,
  now = Date.now(),
): CheckContext {
  // Listing the spool runs a script as the enquiry service's user: once a run is enough.
  let spool: ReturnType<CheckContext["read"]["spool"]> | undefined;
  return {
    settings,
    paths,
    now,
    read: {
      publisherStatus: () => readStatus(paths.HOST_DIR, ownerOf("publisher")),
      enquiryStatus: () => enquiryStatus(paths.ENQUIRY_DIR, ownerOf("enquiry")),
      spool: () => (spool ??= spoolFrom(machine.script("enquiry", "server/enquiry/enquiries.ts", ["--json"]))),
      serviceFile: (service, file, maxBytes) => readOwnedFile(file, ownerOf(service), maxBytes),
      reportSummary: () =>
        summaryFrom(readOwnedFile(path.join(paths.REPORT_DIR, SUMMARY_FILE), ownerOf("report"), SUMMARY_MAX_BYTES)),
    },
    machine,
  };
}

/** This server: systemd, its commands, its disk, and its nginx where visitors reach it. */
export const THIS_MACHINE: Machine = {
  unit: unitState,
  run: (command, args) => run(command, args),
  script: (service, file, args, sandboxed) =>
    sandboxed ? sandboxScript(service, file, args) : script(SERVICES[service].user, file, args),
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

/** The checks' context on this server, now. */
export const serverContext = (settings: InstallSettings): CheckContext =>
  checkContext(settings, LAYOUT, (owner) => uidOf(userOf(owner)), THIS_MACHINE);
