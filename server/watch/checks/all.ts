// Every check of the server, in the order `sitectl doctor` prints them; the watch
// (sitectl watch) runs the same. A new check is a unit in its area's file and a line here.
import { runCheck, type Check, type CheckContext } from "./check";
import { certificate } from "./certificate";
import { editorSecret, hostWritable, logins, repository, repositoryOwner } from "./editor";
import { enquiriesFailed, enquiriesWaiting, enquirySecret, mailServer, mailSettings, recipient } from "./enquiries";
import type { Finding } from "./finding";
import {
  code,
  disk,
  inodes,
  memory,
  nginxConfig,
  restartPending,
  securityUpdates,
  site,
  stableUpdates,
  units,
} from "./machine";
import { mirror, mirrorCdn } from "./mirror";
import { contentPush, buildFailed, contentRefused, contentWarnings, publishedAddress, publisher } from "./publishing";
import { report } from "./report";
import { securityUpdatesRun } from "./updates";
import { offsiteBackups } from "./backups";
import { watchFacts } from "./watchFacts";

export const CHECKS: Check[] = [
  code,
  units,
  nginxConfig,
  site,
  certificate,
  publisher,
  contentRefused,
  buildFailed,
  contentPush,
  contentWarnings,
  publishedAddress,
  mirror,
  mirrorCdn,
  disk,
  inodes,
  repositoryOwner,
  repository,
  hostWritable,
  logins,
  editorSecret,
  enquiriesWaiting,
  enquiriesFailed,
  enquirySecret,
  recipient,
  mailSettings,
  mailServer,
  report,
  securityUpdates,
  stableUpdates,
  securityUpdatesRun,
  offsiteBackups,
  restartPending,
  memory,
  watchFacts,
];

/** What every check finds, in the order doctor prints them. */
export async function allChecks(context: CheckContext): Promise<Finding[]> {
  const findings: Finding[] = [];
  for (const check of CHECKS) findings.push(...(await runCheck(check, context)));
  return findings;
}
