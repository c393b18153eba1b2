// Each save's content check (guard.ts validateChange) runs in a worker thread: a save
// never holds up another staff member's request, and a check that runs too long or takes
// too much memory is stopped and the save refused.
import path from "node:path";
import { Worker } from "node:worker_threads";
import { envNumber } from "../lib/settings";
import type { Change } from "./guard";
import { Refusal } from "../lib/refusal";

/** A check taking longer is stopped and the save refused (a usual one takes 50 ms; EDITOR_CHECK_TIMEOUT_MS). */
export const CHECK_TIMEOUT_MS = envNumber(process.env, "EDITOR_CHECK_TIMEOUT_MS", 15_000);
/**
 * Saves waiting for their check, from every login together: each holds its request (up to
 * 14 MB) in memory, so a flood of saves (a stolen login) is refused past this many (503).
 */
export const MAX_WAITING_CHECKS = 16;
/** The worker's heap: a content file is at most 256 KB, so this is generous. */
const CHECK_MEMORY_MB = 256;

/** What the worker answers (checkWorker.ts). */
export type Answer = { ok: true } | { status: number; message: string } | { error: string };

export class ContentChecker {
  private worker: Worker | null = null;
  private queue: Promise<unknown> = Promise.resolve();
  private waiting = 0;

  constructor(private readonly timeoutMs = CHECK_TIMEOUT_MS) {
    // Started now, so the first save does not wait for the validator to load.
    this.worker = this.start();
  }

  /** Resolves when the site can be built with the change; throws the validator's Refusal. One check at a time. */
  check(repo: string, change: Pick<Change, "write" | "remove">): Promise<void> {
    if (this.waiting >= MAX_WAITING_CHECKS) {
      return Promise.reject(new Refusal(503, "the editor is busy checking other saves; save again in a minute"));
    }
    this.waiting += 1;
    const turn = this.queue.then(() => this.once(repo, change)).finally(() => (this.waiting -= 1));
    this.queue = turn.catch(() => undefined);
    return turn;
  }

  close(): void {
    void this.worker?.terminate();
    this.worker = null;
  }

  private start(): Worker {
    const worker = new Worker(path.join(__dirname, "checkWorker.cjs"), {
      resourceLimits: { maxOldGenerationSizeMb: CHECK_MEMORY_MB },
    });
    // An idle checker does not keep the editor's process alive.
    worker.unref();
    return worker;
  }

  private once(repo: string, change: Pick<Change, "write" | "remove">): Promise<void> {
    const worker = (this.worker ??= this.start());
    return new Promise((resolve, reject) => {
      const fail = (error: Error) => {
        finish();
        // A stopped or broken worker is replaced at the next check.
        void worker.terminate();
        if (this.worker === worker) this.worker = null;
        reject(error);
      };
      const timer = setTimeout(
        () =>
          fail(
            new Refusal(
              422,
              `checking this change took longer than ${this.timeoutMs / 1000} s, so it is refused: make the file smaller or simpler`,
            ),
          ),
        this.timeoutMs,
      );
      const onMessage = (answer: Answer) => {
        finish();
        if ("ok" in answer) resolve();
        else if ("status" in answer) reject(new Refusal(answer.status, answer.message));
        else reject(new Error(`the content check failed: ${answer.error}`));
      };
      const onError = (error: Error) => fail(error);
      const onExit = (code: number) => fail(new Error(`the content check stopped (exit ${code})`));
      const finish = () => {
        clearTimeout(timer);
        worker.off("message", onMessage).off("error", onError).off("exit", onExit);
      };
      worker.on("message", onMessage).on("error", onError).on("exit", onExit);
      worker.postMessage({ repo, write: [...change.write], remove: change.remove });
    });
  }
}
