// A server for the checks' tests: the installed layout under a temporary folder, files
// planted there as each service would write them (owned by the test's own user, which
// stands for every service's), and a machine whose answers each test sets. A check runs
// against it through the same context the server gives it (checkContext), with what only
// root sees gathered from the same place by root's own gatherer (gatherRootFacts).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { layoutUnder, type InstallSettings, type Layout } from "../../../server/installed/layout";
import type { Ran } from "../../../server/installed/shell";
import { hostPaths } from "../../../server/lib/settings";
import type { Status } from "../../../server/publisher/status";
import { runCheck, type Check, type CheckContext, type Machine } from "../../../server/watch/checks/check";
import { checkContext } from "../../../server/watch/checks/context";
import { gatherRootFacts, type RootMachine } from "../../../server/watch/checks/rootFacts";
import type { Finding } from "../../../server/watch/checks/finding";

export const DOMAIN = "site.test";
export const ran = (stdout = "", status = 0, stderr = ""): Ran => ({ status, stdout, stderr });

/** The machine as the checks and root see it: the tests plant both. */
export type PlantedMachine = Machine & RootMachine;

/** A machine where all is well: every unit running and enabled, commands answering, room to spare. */
export const healthyMachine = (): PlantedMachine => ({
  unit: () => ({
    ActiveState: "active",
    SubState: "running",
    Result: "success",
    NRestarts: "0",
    UnitFileState: "enabled",
  }),
  run: () => ran(),
  script: () => ran(),
  freeSpace: () => ({ megabytes: 50_000, inodes: 1_000_000, hasInodes: true }),
  memoryBytes: () => 4 * 2 ** 30,
  kernel: () => "6.12.0-1-amd64",
  // Nothing listens on port 1: a check that asks the site must be given a real server's port.
  ports: { http: 1, https: 1 },
});

export interface Place {
  paths: Layout;
  settings: InstallSettings;
  machine: PlantedMachine;
  now: number;
  /** Writes `text` at `file` (folders made), as a service would. */
  write(file: string, text: string): string;
  /** The publisher's status record: a site live and idle, changed by `changes`. */
  publisherStatus(changes?: Partial<Status>): void;
  /** What `check` finds here now. */
  find(check: Check): Promise<Finding[]>;
  /** The checks' context here now, as the server gives it (checkContext), with root's facts gathered here now. */
  context(): CheckContext;
}

const places: string[] = [];
afterAll(() => {
  for (const root of places) fs.rmSync(root, { recursive: true, force: true });
});

export function place(): Place {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "checks-"));
  places.push(root);
  const paths = layoutUnder(root);
  const me = process.getuid!();
  const write = (file: string, text: string) => {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, text);
    return file;
  };
  const here: Place = {
    paths,
    settings: { domain: DOMAIN, email: "ops@site.test", tls: "off", acmeServer: "", siteUrl: "" },
    machine: healthyMachine(),
    now: Date.parse("2026-11-27T12:00:00Z"),
    write,
    publisherStatus: (changes = {}) => {
      const status: Status = {
        state: "idle",
        message: "Live",
        head: { commit: "c0ffee1234567", subject: "A change", author: "Staff", committedAt: "2026-11-27T10:00:00Z" },
        live: { release: "r1", commit: "c0ffee1234567", builtAt: "2026-11-27T10:00:00Z" },
        pinned: false,
        building: null,
        lastError: null,
        warnings: [],
        nextChange: null,
        history: [],
        push: { remote: "", state: "off" },
        mirror: { state: "off" },
        updatedAt: "2026-11-27T11:59:00Z",
        heartbeatMs: 60_000,
        ...changes,
      };
      write(hostPaths(paths.HOST_DIR).status, JSON.stringify(status));
    },
    context: () =>
      checkContext(
        here.settings,
        paths,
        () => me,
        here.machine,
        gatherRootFacts(here.settings, paths, () => me, here.machine, here.now),
        here.now,
      ),
    find: async (check) => runCheck(check, here.context()),
  };
  return here;
}

/** The one problem among `findings`, or a failure naming what there was instead. */
export function theProblem(findings: Finding[]): Finding {
  const problems = findings.filter((finding) => finding.level === "problem");
  expect(problems.map((finding) => finding.text)).toHaveLength(1);
  return problems[0];
}

/** The levels and texts found, for a test that expects no problem. */
export const levels = (findings: Finding[]) => findings.map((finding) => finding.level);
