// What a check of the server is, as Discourse's problem checks: a small unit that declares
// what it is (its id, the failing runs the watch lets pass, what visitors and staff notice,
// its fix) and looks at the server through a context of paths, clock and readers, so a
// test can give it a temporary folder. `sitectl doctor` prints what the checks find; the
// watch (../watch.ts) tells people of their problems, by the rules of ../policy.ts.
import type { Report } from "../../analytics/report";
import type { Entry } from "../../enquiry/spool";
import type { EnquiryStatus } from "../../installed/enquiries";
import type { InstallSettings, Layout, ServiceName } from "../../installed/layout";
import { printable } from "../../lib/printable";
import type { Ran } from "../../installed/shell";
import type { Status } from "../../publisher/status";
import type { Finding } from "./finding";
import type { RootFacts } from "./rootFacts";

export interface Check {
  /** Stable across runs: the watch tracks the problem by it (a finding may add a target: `unit:nginx`). */
  id: string;
  /** Failing runs in a row (15 minutes each) the watch lets pass before telling anyone. */
  blips: number;
  /** What visitors and staff notice while it fails (staff's banner shows only this). */
  notice: string;
  /** The command that fixes it, as the operator types it. */
  fix: string;
  /** Staff's to fix (a refused change): shown to them in /admin/, not mailed to the operator. */
  staff?: boolean;
  /** Staff's banner shows its problems only once they have lasted this long (the operator is told as usual). */
  staffAfterMs?: number;
  /** Looks: ok lines and notes, or its problem (`failing`), as often as it has targets. */
  run(context: CheckContext): Found[] | Promise<Found[]>;
}

/** The server as a check sees it. */
export interface CheckContext {
  /** What deploy/install was run with. */
  settings: InstallSettings;
  /** The installed site's paths (layoutUnder: "/" on the server, a temporary folder in tests). */
  paths: Layout;
  /** The time of this run (epoch ms). */
  now: number;
  /** What the site's services wrote, read as root reads a service's files: no link followed, its owner's, capped. */
  read: {
    /** The publisher's status record; null when it wrote none (or not as itself). */
    publisherStatus(): Status | null;
    /** The enquiry service's status record; null when it wrote none (or not of its shape). */
    enquiryStatus(): EnquiryStatus | null;
    /** The spool as the enquiry service's user listed it for root, or why it could not be listed. */
    spool(): Entry[] | string;
    /** A plain file of the service's own user; its last `maxBytes`. */
    serviceFile(service: ServiceName, file: string, maxBytes?: number): string | undefined;
    /** The owner's report's summary (site-report's summary.json); null when none is there or it is no report. */
    reportSummary(): Report | null;
  };
  /** What the machine says: its units, commands, disk, memory and kernel, and its own nginx. */
  machine: Machine;
  /** What only root can see (the watch's root part gathered it; doctor, as root, itself). */
  facts: RootFacts;
}

/** The machine as the checks ask it. */
export interface Machine {
  /** A unit's properties, as `systemctl show` gives them. */
  unit(name: string): Record<string, string>;
  /** A command as the checks' user (apt-get -s: nothing that needs root or runs a service's files). */
  run(command: string, args: string[]): Ran;
  /** Free space and inodes on the disk of `dir`. */
  freeSpace(dir: string): { megabytes: number; inodes: number; hasInodes: boolean };
  memoryBytes(): number;
  /** The running kernel's release. */
  kernel(): string;
  /** Where this machine's nginx listens, as a browser on it reaches the site. */
  ports: { http: number; https: number };
}

/** A check's problem as its run finds it: the words, and whatever differs from what the check declares. */
export interface Failing {
  failing: string;
  /** Another id of the same check's (`certificate:www.example.com:expired`), or its target's. */
  id?: string;
  fix?: string;
  notice?: string;
  blips?: number;
  /** Grows as the same problem worsens (the watch tells it again). */
  stage?: number;
}

export type Found = Finding | Failing;

export const failing = (text: string, differs: Omit<Failing, "failing"> = {}): Failing => ({
  failing: text,
  ...differs,
});

/**
 * How long one check may wait (a command, a mail server, a service's answer) before it is
 * a problem of its own. A check that blocks the process (a synchronous read) is bounded by
 * its own means: root reads service files non-blocking and capped (readOwnedFile).
 */
export const CHECK_MS = 60_000;

/** The check's own run, or its failure (a throw, a rejection, no answer within `limitMs`) as one problem. */
async function foundBy(check: Check, context: CheckContext, limitMs: number): Promise<Found[]> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${limitMs / 1000} s`)), limitMs);
  });
  try {
    return await Promise.race([Promise.resolve().then(() => check.run(context)), late]);
  } catch (error) {
    const reason = printable(error instanceof Error ? error.message : String(error)).slice(0, 300);
    return [failing(`The check of ${check.id} failed: ${reason}. The other checks ran.`)];
  } finally {
    clearTimeout(timer);
  }
}

/**
 * What `check` found, as findings: each problem with the check's id, fix, notice and blips
 * unless it says otherwise. A check that fails is one problem of its own (finding 6 of issue
 * 52: one malformed record used to end the whole run, and nobody was told).
 */
export async function runCheck(check: Check, context: CheckContext, limitMs = CHECK_MS): Promise<Finding[]> {
  return (await foundBy(check, context, limitMs)).map((found) =>
    "failing" in found
      ? {
          level: "problem" as const,
          id: found.id ?? check.id,
          text: found.failing,
          fix: found.fix ?? check.fix,
          notice: found.notice ?? check.notice,
          blips: found.blips ?? check.blips,
          ...(found.stage !== undefined ? { stage: found.stage } : {}),
          ...(check.staff ? { staff: true } : {}),
          ...(check.staffAfterMs !== undefined ? { staffAfterMs: check.staffAfterMs } : {}),
        }
      : found,
  );
}
