// The publisher: every new commit on `main` in HOST_DIR/repo becomes a live release.
// One build at a time; commits that arrive during a build are published together by the
// next one (the last commit wins). A commit the build refuses, or any other failure,
// leaves the live release as it is and says why in the status record.
import fs from "node:fs";
import path from "node:path";
import { git } from "../lib/git";
import { Mirror } from "./mirror/mirror";
import { readMirrorSettings } from "./mirror/settings";
import { RemotePusher } from "./push";
import {
  BuildFailure,
  build as runBuild,
  checkOut,
  fetchContent,
  linkInstall,
  stopOrphanBuild,
  validate,
} from "./build";
import { clearPin, createRelease, listReleases, liveRelease, missingAssets, prune, switchTo } from "./releases";
import { POLL_MS, hostPaths, type HostPaths, type Settings } from "../lib/settings";
import {
  TECHNICAL_MESSAGE,
  HEARTBEAT_MS,
  composeStatus,
  readMemory,
  writeMemory,
  writeStatus,
  type Build,
  type Head,
  type Memory,
  type Step,
} from "./status";

/** Logs of this many builds are kept. */
const KEEP_LOGS = 20;

export class Publisher {
  readonly paths: HostPaths;
  private memory: Memory;
  private head: Head | null = null;
  private busy = false;
  private again = false;
  private readonly pusher: RemotePusher;
  /** The bucket behind the CDN, when MIRROR_BUCKET is set. */
  private readonly mirror: Mirror | null;
  private readonly stops: (() => void)[] = [];

  constructor(private readonly settings: Settings) {
    this.paths = hostPaths(settings.hostDir);
    fs.mkdirSync(this.paths.logs, { recursive: true });
    this.memory = readMemory(this.paths);
    // Pushed from the publisher's own clone, never from the repository the editor writes.
    this.pusher = new RemotePusher(
      this.paths.build,
      settings.remote,
      settings.pushRetryMs,
      this.memory.push,
      (state) => {
        this.memory.push = state;
        this.save();
      },
    );
    const mirrorSettings = readMirrorSettings();
    this.mirror =
      mirrorSettings &&
      new Mirror(this.paths, mirrorSettings, this.memory.mirror ?? { state: "off" }, (state) => {
        this.memory.mirror = state;
        this.save();
      });
    this.memory.mirror = this.mirror?.current ?? { state: "off" };
  }

  /** Recovers from a crash, adopts a seed release if asked, then publishes each new commit. */
  async start(): Promise<void> {
    const { paths } = this;
    fs.writeFileSync(paths.publisherPid, `${process.pid}\n`);
    // The repository is made before the publisher starts (deploy/install, npm run host): it
    // is the editor's, and this service only fetches from it.
    stopOrphanBuild(paths);
    if (this.memory.building) {
      // The last run was killed mid-build: the live release was never touched; build the
      // head again, from a clean cache (an interrupted Gatsby build can leave it stale).
      const { step: _step, ...interrupted } = this.memory.building;
      this.memory.history.unshift({
        ...interrupted,
        commits: [this.memory.building.commit],
        result: "interrupted",
        message: "The publisher stopped during this build; the site was not changed.",
      });
      this.memory.building = undefined;
      this.memory.cleanNext = true;
    }
    prune(paths);
    this.head = await this.readHead();
    if (this.settings.seedRelease && listReleases(paths).length === 0 && this.head) await this.seed(this.head.commit);
    this.save();
    // The bucket may lag behind (a run cut by a stop, a rollback while stopped, new settings).
    this.mirror?.sync();

    // Watch the branch (refs change by rename) and poll as a safety net.
    // A check that fails (the repository being replaced, a fetch cut short) is said and
    // tried again at the next event or poll.
    const check = () =>
      void this.check().catch((error) => console.error(`publisher: looking for new commits failed: ${error}`));
    for (const dir of [path.join(paths.repo, ".git"), path.join(paths.repo, ".git", "refs", "heads")]) {
      const watcher = fs.watch(dir, check);
      this.stops.push(() => watcher.close());
    }
    const timer = setInterval(check, POLL_MS);
    this.stops.push(() => clearInterval(timer));
    // Staff's panel takes a record gone old for a stopped publisher.
    const heartbeat = setInterval(() => this.save(), HEARTBEAT_MS);
    this.stops.push(() => clearInterval(heartbeat));
    await this.check();
  }

  stop(): void {
    for (const stop of this.stops) stop();
    this.pusher.stop();
    this.mirror?.stop();
  }

  private save(): void {
    writeMemory(this.paths, this.memory);
    writeStatus(this.paths, composeStatus(this.paths, this.memory, this.head));
  }

  /** The last read of the head, and whether another is queued behind it. */
  private headRead: Promise<Head | null> = Promise.resolve(null);
  private headQueued = false;

  /**
   * The branch's head, fetched into the publisher's own clone. One fetch at a time (two
   * into one clone fight over its refs' locks); calls while one waits share it, since it
   * starts after them and sees what they would.
   */
  private readHead(): Promise<Head | null> {
    if (this.headQueued) return this.headRead;
    this.headQueued = true;
    this.headRead = this.headRead
      .catch(() => null)
      .then(() => {
        this.headQueued = false;
        return this.fetchHead();
      });
    return this.headRead;
  }

  /** Fetches the head; its subject and author are read only when it moved. */
  private async fetchHead(): Promise<Head | null> {
    const commit = await fetchContent(this.paths);
    if (!commit) return null;
    if (commit === this.head?.commit) return this.head;
    const [subject, author, committedAt] = (
      await git(this.paths.build, "log", "-1", "--format=%s%x00%an%x00%cI", commit)
    ).split("\0");
    return { commit, subject, author, committedAt };
  }

  /** Writes the status record again, and mirrors the live release (after a rollback by another process). */
  refresh(): void {
    this.save();
    this.mirror?.sync();
  }

  /** Publishes the head if it is new; a call during a build only notes the head. */
  async check(): Promise<void> {
    const head = await this.readHead();
    if (head?.commit !== this.head?.commit) {
      this.head = head;
      this.save();
    }
    if (this.busy) {
      this.again = true;
      return;
    }
    this.busy = true;
    try {
      // A check during a build has already noted the newer head before asking again.
      do {
        this.again = false;
        const republish = this.takeRepublishRequest();
        const head = this.head?.commit;
        if (!head || head === this.memory.lastAttempted) continue;
        // The live release already is this commit (the branch was moved back to it by
        // `sitectl update`'s rollback, or restored): nothing to build, unless asked.
        if (!republish && liveRelease(this.paths)?.commit === head) {
          this.memory.lastAttempted = head;
          this.save();
          continue;
        }
        await this.publish(head);
      } while (this.again);
    } finally {
      this.busy = false;
    }
  }

  /**
   * `sitectl republish` leaves a request file: the head is built again, from a clean
   * cache (after a technical failure, once its cause is fixed).
   */
  private takeRepublishRequest(): boolean {
    if (!fs.existsSync(this.paths.republish)) return false;
    fs.rmSync(this.paths.republish, { force: true });
    this.memory.lastAttempted = undefined;
    this.memory.cleanNext = true;
    console.log("publisher: republish requested; building the head again from a clean cache");
    return true;
  }

  private async commitsSince(commit: string): Promise<string[]> {
    const from = this.memory.lastAttempted;
    if (!from) return [commit];
    try {
      const list = await git(this.paths.build, "rev-list", "--max-count=50", `${from}..${commit}`);
      return list ? list.split("\n") : [commit];
    } catch {
      return [commit];
    }
  }

  private async publish(commit: string): Promise<void> {
    const { paths, settings, memory } = this;
    const startedAt = new Date();
    const stamp = startedAt.toISOString().replace(/[-:.]/g, "").slice(0, 15);
    const log = path.join(paths.logs, `${stamp}-${commit.slice(0, 12)}.log`);
    const build: Build = {
      commit,
      commits: await this.commitsSince(commit),
      startedAt: startedAt.toISOString(),
      clean: false,
      result: "failed",
    };
    memory.building = { commit, startedAt: build.startedAt, clean: false, step: "checkout" };
    this.save();
    const step = (name: Step) => {
      memory.building!.step = name;
      this.save();
    };
    let gatsbyRan = false;
    try {
      const free = fs.statfsSync(paths.hostDir);
      const freeBytes = free.bavail * free.bsize;
      if (freeBytes < settings.minFreeBytes) {
        throw new BuildFailure(
          "technical",
          `only ${Math.round(freeBytes / 2 ** 20)} MB free on ${paths.hostDir}; a build needs ${Math.round(settings.minFreeBytes / 2 ** 20)} MB (HOST_MIN_FREE_MB)`,
        );
      }
      const laid = await checkOut(paths, commit, memory);
      build.clean = laid.clean;
      memory.building.clean = build.clean;
      step("install");
      linkInstall(paths);
      step("validate");
      const { warnings, nextChange } = await validate(paths, log, settings.buildTimeoutMs);
      if (laid.ignored.length) {
        const warning = `${laid.ignored.length} file(s) outside content/ differ from the code in use and are not published (${laid.ignored.slice(0, 3).join(", ")}${laid.ignored.length > 3 ? ", …" : ""}): code reaches the site only through sitectl update`;
        warnings.push(warning);
        fs.appendFileSync(log, `\nwarning: ${warning}\n`);
      }
      step("build");
      gatsbyRan = true;
      await runBuild(paths, log, settings.buildTimeoutMs);
      memory.lastBuilt = commit;
      memory.lastCode = laid.code;
      memory.cleanNext = false;
      const output = path.join(paths.build, "public");
      const missing = missingAssets(output);
      if (missing.length > 0)
        throw new BuildFailure("technical", `the build is incomplete: ${missing.slice(0, 5).join(", ")} missing`);
      step("release");
      const made = await createRelease(paths, output, commit);
      switchTo(paths, made.release.id);
      clearPin(paths);
      prune(paths);
      Object.assign(build, { result: "live", release: made.release.id });
      memory.lastError = null;
      memory.warnings = warnings;
      memory.nextChange = nextChange;
      fs.appendFileSync(
        log,
        `\nrelease ${made.release.id}: ${made.compressed} files compressed, ${made.reused} reused, ${made.carried} hashed files carried over\n`,
      );
    } catch (error) {
      const failure =
        error instanceof BuildFailure ? error : new BuildFailure("technical", String((error as Error).stack ?? error));
      if (failure.kind === "technical") {
        fs.appendFileSync(log, `\n${failure.message}\n`);
        console.error(`publisher: build of ${commit} failed: ${failure.message} (log: ${log})`);
      }
      // Gatsby stopped part-way: its cache may be half-written.
      if (gatsbyRan) memory.cleanNext = true;
      build.result = failure.kind === "content" ? "failed" : "technical";
      build.message = failure.kind === "content" ? failure.message : TECHNICAL_MESSAGE;
      memory.lastError = {
        commit,
        kind: failure.kind,
        message: build.message,
        at: new Date().toISOString(),
        log: path.relative(paths.hostDir, log),
      };
    } finally {
      const finishedAt = new Date();
      Object.assign(build, {
        finishedAt: finishedAt.toISOString(),
        seconds: (finishedAt.getTime() - startedAt.getTime()) / 1000,
      });
      memory.history.unshift(build);
      memory.lastAttempted = commit;
      memory.building = undefined;
      this.save();
      this.pruneLogs();
    }
    this.pusher.push(commit);
    // After the record says what went live: the mirror's first word is written with it.
    if (build.result === "live") this.mirror?.sync();
  }

  /** Adopts an already built folder as the release of `commit` (first start only). */
  private async seed(commit: string): Promise<void> {
    const made = await createRelease(this.paths, this.settings.seedRelease, commit);
    switchTo(this.paths, made.release.id);
    const now = new Date().toISOString();
    this.memory.history.unshift({
      commit,
      commits: [commit],
      startedAt: now,
      finishedAt: now,
      clean: true,
      result: "live",
      release: made.release.id,
      message: `adopted from ${this.settings.seedRelease}`,
    });
    this.memory.lastAttempted = commit;
    this.memory.cleanNext = true;
  }

  private pruneLogs(): void {
    const logs = fs.readdirSync(this.paths.logs).sort();
    for (const name of logs.slice(0, Math.max(0, logs.length - KEEP_LOGS))) fs.rmSync(path.join(this.paths.logs, name));
  }
}
