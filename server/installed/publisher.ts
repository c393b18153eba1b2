// What root reads of the publisher's own files (its status record, its build logs), as a
// stranger's input: a plain file of the publisher's user, never a link, size-capped. And
// the words an operator reads for them; asking for a build and waiting for it to finish.
import path from "node:path";
import { hostPaths } from "../lib/settings";
import type { Build, Status } from "../publisher/status";
import { HOST_DIR, SERVICES } from "./layout";
import { jsonAs } from "../lib/files";
import { liveSettings, publisherStatus } from "./records";
import { SETTINGS_FILE } from "../../src/contract/enquiry";
import { readOwnedFile, uidOf } from "./serviceFiles";
import { printable } from "../lib/printable";
import { script } from "./sandbox";
import { Failure, say, unitState } from "./shell";

export const paths = hostPaths(HOST_DIR);
const POLL_MS = 1000;
/** Longer than the publisher's own build timeout (BUILD_TIMEOUT_MINUTES, 30) plus an install. */
export const PUBLISH_TIMEOUT_MS = 45 * 60_000;

/** The publisher's status record under `host`: its own plain file, never a link it left (readOwnedFile). */
export function readStatus(host = HOST_DIR, uid = uidOf(SERVICES.publisher.user)): Status | null {
  return jsonAs(publisherStatus, readOwnedFile(hostPaths(host).status, uid));
}

/** The live pages' settings file under `host` (the publisher's; read with readOwnedFile). */
export const liveSettingsFile = (host = HOST_DIR) => path.join(hostPaths(host).live, SETTINGS_FILE);

/** The live pages' address and sender from that file's text; null when it is missing or not their shape. */
export const liveSettingsOf = (text: string | undefined) => jsonAs(liveSettings, text);

/** A build's log, by its name alone in the publisher's logs folder: its last `maxBytes`, printable. */
export function buildLog(name: string, maxBytes = 64 * 1024): string | undefined {
  if (!/^[\w.-]+\.log$/.test(name)) return undefined;
  const text = readOwnedFile(path.join(paths.logs, name), uidOf(SERVICES.publisher.user), maxBytes);
  return text === undefined ? undefined : printable(text);
}
const short = (commit: string | undefined) => (commit ?? "").slice(0, 7);

/** The first line of a build's log that says what went wrong, as ": …" (or ""). */
function firstError(log: string | undefined): string {
  const text = log ? buildLog(path.basename(log)) : undefined;
  const line = text?.split("\n").find((entry) => /^\s*(error|Error:)\s/.test(entry));
  return line ? `: ${line.trim().slice(0, 300)}` : "";
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

/** The publisher looks for a republish request every few seconds (its POLL_MS): it starts a build within this. */
const TAKE_REQUEST_MS = 60_000;

/** Asks the publisher to build the current content again from a clean cache, and waits for that build; 0 when it went live. */
export async function republish(): Promise<number> {
  const before = readStatus();
  if (!before?.head) throw new Failure("the repository has no commit to publish yet.");
  const requested = new Date().toISOString();
  // The request is the publisher's own file, written by its user (root writes nothing in
  // the publisher's folder); it takes the request at its next look, every few seconds.
  const asked = script(SERVICES.publisher.user, "server/publisher/republish.ts", ["--ask"]);
  if (asked.status !== 0) throw new Failure(`the request was not written: ${printable(asked.stderr.trim())}`);
  say(`Asked the publisher to build ${short(before.head.commit)} again, from a clean cache.`);
  return waitForRebuild(requested);
}

/**
 * Waits for the build a republish request made at `requested` starts (deploy/configure
 * makes one when the published address changes); 0 when it went live.
 */
export async function waitForRebuild(requested: string): Promise<number> {
  // Taken once a build started after the request shows in the status record.
  const started = (now: Status | null) =>
    (now?.building?.startedAt ?? "") >= requested || !!now?.history.some((build) => build.startedAt >= requested);
  const deadline = Date.now() + TAKE_REQUEST_MS;
  while (!started(readStatus())) {
    if (Date.now() > deadline) {
      script(SERVICES.publisher.user, "server/publisher/republish.ts", ["--withdraw"]);
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
