// The off-server copy of the content: after each publish the branch is pushed to SITE_REMOTE. A push that
// fails is retried (30 s, then doubling up to an hour) and shown in the status; it never
// holds up publishing.
import { git, redactRemote } from "../lib/git";
import type { RemotePush } from "./status";
import { BRANCH, retryWait } from "../lib/settings";

export class RemotePusher {
  private wanted = "";
  private running = false;
  private timer: NodeJS.Timeout | undefined;
  private attempts = 0;

  constructor(
    private readonly repo: string,
    private readonly remote: string,
    private readonly retryMs: number,
    private state: RemotePush,
    /** Called with the new state after every change. */
    private readonly report: (state: RemotePush) => void,
  ) {
    this.state = remote ? { ...state, remote: redactRemote(remote) } : { remote: "", state: "off" };
  }

  get current(): RemotePush {
    return this.state;
  }

  /** Pushes `commit` (and the commits before it) soon; the latest request wins. */
  push(commit: string): void {
    if (!this.remote || commit === this.state.pushed) return;
    this.wanted = commit;
    clearTimeout(this.timer);
    this.attempts = 0;
    void this.run();
  }

  stop(): void {
    clearTimeout(this.timer);
  }

  private set(state: Partial<RemotePush>): void {
    this.state = { ...this.state, ...state };
    this.report(this.state);
  }

  private async run(): Promise<void> {
    if (this.running) return;
    this.running = true;
    const commit = this.wanted;
    this.set({ state: "pushing" });
    try {
      await git(this.repo, "push", "--quiet", this.remote, `${commit}:refs/heads/${BRANCH}`);
      this.attempts = 0;
      this.set({
        state: "ok",
        pushed: commit,
        pushedAt: new Date().toISOString(),
        error: undefined,
        attempts: 0,
        nextAttemptAt: undefined,
      });
    } catch (error) {
      this.attempts += 1;
      const wait = retryWait(this.retryMs, this.attempts);
      const message = (error as { stderr?: string }).stderr?.trim() || String(error);
      this.set({
        state: "retrying",
        error: redactRemote(message).split("\n").slice(-3).join("\n"),
        attempts: this.attempts,
        nextAttemptAt: new Date(Date.now() + wait).toISOString(),
      });
      this.timer = setTimeout(() => void this.run(), wait);
      this.timer.unref();
    } finally {
      this.running = false;
    }
    // A newer commit arrived while this push ran.
    if (this.wanted !== commit && this.state.state === "ok") void this.run();
  }
}
