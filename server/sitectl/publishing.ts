// `sitectl status [--wait]`, `sitectl republish`, `sitectl rollback`: what the publisher
// is doing, in words, and the two things an operator asks of it.
import fs from "node:fs";
import { readJson, writeFileAtomic } from "../lib/files";
import { hostPaths } from "../lib/settings";
import type { Build, Status } from "../publisher/status";
import { HOST_DIR, SERVICES } from "./layout";
import { Failure, say, script, unitState } from "./shell";

export const paths = hostPaths(HOST_DIR);
const POLL_MS = 1000;
/** The publisher looks for a republish request every few seconds (its POLL_MS). */
const TAKE_REQUEST_MS = 60_000;
/** Longer than the publisher's own build timeout (BUILD_TIMEOUT_MINUTES, 30) plus an install. */
export const PUBLISH_TIMEOUT_MS = 45 * 60_000;

export const readStatus = () => readJson<Status>(paths.status) ?? null;
const short = (commit: string | undefined) => (commit ?? "").slice(0, 7);

/** The first line of a build's log that says what went wrong, as ": …" (or ""). */
function firstError(log: string | undefined): string {
  if (!log) return "";
  try {
    const text = fs.readFileSync(`${HOST_DIR}/${log}`, "utf8");
    const line = text.split("\n").find((entry) => /^\s*(error|Error:)\s/.test(entry));
    return line ? `: ${line.trim().slice(0, 300)}` : "";
  } catch {
    return "";
  }
}

/** One line per fact: live, building, last error. */
export function describe(status: Status | null): string[] {
  if (!status) return ["The publisher has not written its status yet (is it running? sitectl doctor)."];
  const lines = [
    status.live
      ? `Live: commit ${short(status.live.commit)}, built ${status.live.builtAt}${status.pinned ? " (pinned by a rollback until the next publish)" : ""}.`
      : "Nothing published yet.",
  ];
  if (status.building) lines.push(`Building commit ${short(status.building.commit)}: ${status.building.step}.`);
  if (status.state === "failed" && status.lastError) {
    lines.push(
      status.lastError.kind === "content"
        ? `The last commit (${short(status.lastError.commit)}) was refused: ${status.lastError.message}`
        : `The last build (${short(status.lastError.commit)}) failed for a technical reason${firstError(status.lastError.log)}; its log: ${HOST_DIR}/${status.lastError.log}`,
    );
  }
  return lines;
}

/** The build that covered `commit`, once it has finished. */
export const finishedBuildOf = (status: Status | null, commit: string): Build | undefined =>
  status?.history.find((build) => build.commit === commit || build.commits.includes(commit));

/**
 * Waits until `done` says so, printing each step of each build as it starts. Throws when
 * the publisher stops running or the time is up.
 */
export async function waitForPublisher(done: (status: Status | null) => boolean, what: string): Promise<Status> {
  const deadline = Date.now() + PUBLISH_TIMEOUT_MS;
  let said = "";
  for (;;) {
    const status = readStatus();
    if (status && done(status)) return status;
    const step = status?.building ? `    building ${short(status.building.commit)}: ${status.building.step}` : "";
    if (step && step !== said) say(step);
    said = step || said;
    const unit = unitState(SERVICES.publisher.unit);
    if (unit.ActiveState === "failed" || unit.ActiveState === "inactive") {
      throw new Failure(`the publisher stopped (${unit.Result}) while waiting for ${what}: see sitectl logs publisher`);
    }
    if (Date.now() > deadline)
      throw new Failure(`gave up waiting for ${what} after ${PUBLISH_TIMEOUT_MS / 60_000} minutes`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/** Until nothing is building and the head has been tried. */
export const settled = (status: Status | null) =>
  !!status &&
  !status.building &&
  (!status.head || !!finishedBuildOf(status, status.head.commit) || status.live?.commit === status.head.commit);

export async function statusCommand(args: string[]): Promise<number> {
  if (args.includes("--wait")) await waitForPublisher(settled, "the publisher to finish");
  const status = readStatus();
  for (const line of describe(status)) say(line);
  return status?.state === "failed" ? 1 : 0;
}

export async function republish(): Promise<number> {
  const before = readStatus();
  if (!before?.head) throw new Failure("the repository has no commit to publish yet.");
  const requested = new Date().toISOString();
  // The publisher takes the request at its next look (within seconds) and removes it.
  writeFileAtomic(paths.republish, `${requested}\n`);
  fs.chownSync(paths.republish, ...ownerOf(paths.state));
  say(`Asked the publisher to build ${short(before.head.commit)} again, from a clean cache.`);
  // It takes the request (removes the file) at its next look, every few seconds.
  const deadline = Date.now() + TAKE_REQUEST_MS;
  while (fs.existsSync(paths.republish)) {
    if (Date.now() > deadline) {
      fs.rmSync(paths.republish, { force: true });
      throw new Failure("the publisher did not take the request within a minute: is it running? sitectl doctor");
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  const status = await waitForPublisher(
    (now) => !!now && !now.building && now.history.some((build) => build.startedAt >= requested),
    "the new build",
  );
  const build = status.history.find((entry) => entry.startedAt >= requested)!;
  if (build.result === "live") {
    say(`Published: commit ${short(build.commit)} is live (${Math.round(build.seconds ?? 0)} s).`);
    return 0;
  }
  for (const line of describe(status)) say(line);
  return 1;
}

export function rollback(): number {
  const ran = script(SERVICES.publisher.user, "server/publisher/rollback.ts", [], { show: true });
  return ran.status;
}

const ownerOf = (file: string): [number, number] => {
  const stat = fs.statSync(file);
  return [stat.uid, stat.gid];
};
