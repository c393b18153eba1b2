// `sitectl update [REF]`: new code for the site. The new version gets a folder of its own
// (its commit, with its own install) beside the one in use, so going back is a switch of
// the /srv/site/app symlink. Its code reaches the site as a merge into the content
// repository, which the publisher builds. If that first build fails, or a service will
// not run the new code, the previous code and repository head come back: the live
// release was never changed.
import fs from "node:fs";
import path from "node:path";
import { swapSymlink } from "../lib/files";
import { SAFE_GIT } from "../lib/git";
import {
  APP_LINK,
  CODE_DIR,
  LOG_DIR,
  SERVICE_PORTS,
  TIMERS,
  REPORT_TIMER,
  REPORT_UNIT,
  UNITS,
  currentCode,
  readInstallSettings,
} from "../installed/layout";
import { describe, finishedBuildOf, readStatus, waitForPublisher } from "../installed/publisher";
import { migrateContent } from "../installed/contentMigration";
import { mustRepoGit, repoGit } from "../installed/sandbox";
import { Failure, git, must, run, say, startUnits, systemctl, unitState } from "../installed/shell";
import { switchCode, type UpdateSteps } from "../installed/update";
import type { Command } from "./command";

const short = (commit: string) => commit.slice(0, 12);
/** How long a restarted service may take to answer. */
const SERVICE_START_MS = 60_000;
/** Code versions kept: the one in use and the one before (a quick way back). */
const KEEP_CODE = 2;

/** The commit REF names at the code's origin, fetched into a new clone. */
function fetchCode(origin: string, ref: string | undefined): { sha: string; dir: string } {
  const partial = path.join(CODE_DIR, `.partial-${process.pid}`);
  fs.rmSync(partial, { recursive: true, force: true });
  // An origin on this machine may be another user's clone: trusted for this clone only.
  const trust = path.join(CODE_DIR, `.trust-${process.pid}`);
  fs.writeFileSync(trust, `[safe]\n\tdirectory = ${origin}\n\tdirectory = ${origin}/.git\n`);
  try {
    must("git", [...SAFE_GIT, "clone", "--quiet", "--no-checkout", "--no-hardlinks", origin, partial], {
      env: { GIT_CONFIG_GLOBAL: trust },
    });
  } finally {
    fs.rmSync(trust, { force: true });
  }
  const candidates = ref ? [ref, `origin/${ref}`] : ["origin/HEAD"];
  const sha = candidates
    .map((name) =>
      run("git", [...SAFE_GIT, "-C", partial, "rev-parse", "--verify", "--quiet", `${name}^{commit}`]).stdout.trim(),
    )
    .find(Boolean);
  if (!sha) {
    fs.rmSync(partial, { recursive: true, force: true });
    throw new Failure(`${origin} has no commit, branch or tag ${ref}.`);
  }
  return { sha, dir: partial };
}

/** The code version's folder, made and installed unless it is there from before. */
function prepareCode(fetched: { sha: string; dir: string }): string {
  const dir = path.join(CODE_DIR, short(fetched.sha));
  if (fs.existsSync(path.join(dir, "node_modules"))) {
    fs.rmSync(fetched.dir, { recursive: true, force: true });
    say(`    code ${short(fetched.sha)} is here from before; reusing it`);
    return dir;
  }
  git(fetched.dir, ["checkout", "--quiet", "--detach", fetched.sha]);
  fs.mkdirSync(LOG_DIR, { recursive: true });
  const log = path.join(LOG_DIR, `npm-ci-${short(fetched.sha)}.log`);
  say(`    installing its packages (npm ci, a minute or two; log: ${log})`);
  // Tried twice, as deploy/install does: a registry hiccup fails one run.
  const install = () =>
    run("sh", ["-c", `npm ci --omit=dev --ignore-scripts --no-audit --no-fund --prefer-offline >>'${log}' 2>&1`], {
      cwd: fetched.dir,
    }).status === 0;
  fs.writeFileSync(log, "");
  if (!install() && !install()) {
    fs.rmSync(fetched.dir, { recursive: true, force: true });
    throw new Failure(`npm ci failed for the new code (log: ${log}); nothing was changed.`);
  }
  fs.rmSync(dir, { recursive: true, force: true });
  fs.renameSync(fetched.dir, dir);
  return dir;
}

/** The code's own deploy/configure (nginx, units, sitectl); its output's changes only. */
function configure(dir: string): void {
  const ran = run(path.join(dir, "deploy", "configure"), []);
  for (const line of ran.stdout.split("\n").filter((text) => text.includes("changed:"))) say(line);
  if (ran.status !== 0) throw new Failure(`${dir}/deploy/configure failed: ${(ran.stderr || ran.stdout).trim()}`);
}

/** The content repository is the editor's: its git runs as the editor's user in that service's sandbox. */
const IDENTITY = ["-c", "user.name=sitectl update", "-c", "user.email=sitectl@localhost"];
const repoHead = () => mustRepoGit(["rev-parse", "refs/heads/main"]);
const inRepo = (args: string[]) => mustRepoGit([...IDENTITY, ...args]);

/**
 * Merges the code's commit into main, so the repository's history says which code its
 * content was published with; returns the new head (the old one if it had it already).
 * The publisher builds the code installed here whatever the merge keeps of it.
 */
function mergeCode(dir: string, sha: string): string {
  inRepo(["fetch", "--quiet", "--no-tags", dir, sha]);
  // Staff's content wins where both changed the same lines of a content file.
  const merged = repoGit([
    ...IDENTITY,
    "merge",
    "--no-ff",
    "-X",
    "ours",
    "--quiet",
    "-m",
    `Code updated to ${short(sha)} (sitectl update)`,
    sha,
  ]);
  if (merged.status !== 0) {
    repoGit(["merge", "--abort"]);
    throw new Failure(
      `the new code cannot be merged with the site's content: ${merged.stdout.trim()} ${merged.stderr.trim()}`,
    );
  }
  migrateContent(dir, "sitectl update", `Content moved forward for code ${short(sha)} (sitectl update)`);
  return repoHead();
}

function restartAll(): void {
  const ran = startUnits("restart", ...UNITS);
  if (ran.status !== 0) throw new Failure(`systemctl restart failed: ${ran.stderr.trim()}`);
}

/** Every service runs the code and answers: the editor and the enquiry service on their ports. */
async function servicesAnswer(): Promise<string | null> {
  const deadline = Date.now() + SERVICE_START_MS;
  for (;;) {
    const problems: string[] = [];
    for (const unit of UNITS) {
      const state = unitState(unit);
      if (state.ActiveState !== "active" || Number(state.NRestarts) > 0) {
        problems.push(`${unit} does not run (${state.ActiveState}, restarted ${state.NRestarts} times; sitectl logs)`);
      }
    }
    for (const [name, port] of Object.entries(SERVICE_PORTS)) {
      const answered = await fetch(`http://127.0.0.1:${port}/`).then(
        () => true,
        () => false,
      );
      if (!answered) problems.push(`the ${name} service does not answer on port ${port}`);
    }
    if (problems.length === 0) return null;
    if (Date.now() > deadline) return problems.join("; ");
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

/** The switch's steps on this server (server/installed/update.ts runs them, and goes back when one fails). */
function realSteps(next: string, sha: string): UpdateSteps {
  return {
    say,
    stopServices: () => void systemctl("stop", ...UNITS),
    mergeCode: () => mergeCode(next, sha),
    switchTo: (dir) => swapSymlink(dir, APP_LINK),
    configure,
    restartServices: restartAll,
    firstBuild: async (head) => {
      const done = await waitForPublisher(
        (now) => !!finishedBuildOf(now, head) && !now?.building,
        "the new code's first build",
      );
      const build = finishedBuildOf(done, head)!;
      return build.result === "live" ? null : describe(done).slice(1).join(" ") || `its build ended: ${build.result}`;
    },
    servicesAnswer,
    repoHead,
    // Only this update's merge is undone; a branch that moved on meanwhile is reverted instead.
    moveRepositoryBack: (before, head) =>
      repoHead() === head
        ? inRepo(["reset", "--quiet", "--hard", before])
        : inRepo(["revert", "--no-edit", "-m", "1", head]),
    removeCode: (dir) => fs.rmSync(dir, { recursive: true, force: true }),
  };
}

async function update(ref: string | undefined): Promise<number> {
  if (!readInstallSettings()) throw new Failure("the site is not installed here: run deploy/install first.");
  const status = readStatus();
  if (status?.building)
    throw new Failure(
      `a build is running (${status.building.step}); run sitectl update again when sitectl status says it is done.`,
    );
  const previous = currentCode();
  const origin = git(previous.dir, ["remote", "get-url", "origin"]);
  say(`==> Fetching ${ref ?? "the newest code"} from ${origin}`);
  const fetched = fetchCode(origin, ref);
  if (short(fetched.sha) === previous.id) {
    fs.rmSync(fetched.dir, { recursive: true, force: true });
    say(`Already at ${previous.id}: nothing to update.`);
    return 0;
  }
  const next = prepareCode(fetched);
  const nextId = path.basename(next);
  say(`==> Switching from code ${previous.id} to ${nextId}`);
  await switchCode({ previous, next: { id: nextId, dir: next } }, realSteps(next, fetched.sha));
  pruneCode(next, previous.dir);
  enableUnits();
  const live = readStatus()?.live;
  say(`Updated: code ${previous.id} → ${nextId}${live ? `; live release ${live.release}` : ""}.`);
  return 0;
}

/**
 * The site's services and timers (deploy/install enables them): one the new code brought
 * (the login check, the report's timer) is enabled here, to start at boot too.
 */
function enableUnits(): void {
  for (const timer of [...UNITS.map((unit) => `${unit}.service`), ...TIMERS]) {
    if (!fs.existsSync(path.join("/etc/systemd/system", timer))) continue;
    if (unitState(timer).UnitFileState === "enabled") continue;
    const enabled = systemctl("enable", "--now", timer);
    say(enabled.status === 0 ? `    ${timer} enabled` : `    ${timer} could not be enabled: ${enabled.stderr.trim()}`);
    // A report that has never been built is built now, not at the next hour.
    if (timer === REPORT_TIMER && enabled.status === 0 && systemctl("start", REPORT_UNIT).status === 0)
      say("    the owner's report built (/admin/report/)");
  }
}

function pruneCode(...keep: string[]): void {
  const kept = new Set(keep.slice(0, KEEP_CODE).map((dir) => path.basename(dir)));
  for (const name of fs.readdirSync(CODE_DIR)) {
    if (!kept.has(name)) fs.rmSync(path.join(CODE_DIR, name), { recursive: true, force: true });
  }
}

export const command: Command = {
  name: "update",
  usage: ["update [REF]"],
  summary: "new code (default: the newest at its origin), rolled back if it does not build",
  pausesTimers: true,
  run: (args) => update(args[0]),
};
