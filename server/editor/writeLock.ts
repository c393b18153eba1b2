// One write to the content repository at a time (a save through Decap, a restore, an undo).
import { Refusal } from "../lib/refusal";
import { MAX_WAITING_CHECKS } from "./checker";

/**
 * One write at a time, from its check to its commit: each commit carries the right author,
 * and a save is checked against the content as it will be committed on (two saves checked
 * side by side could together make what neither check would take). Saves waiting for their
 * turn are bounded, as each holds its request in memory.
 */
export class WriteLock {
  private last: Promise<void> = Promise.resolve();
  private waiting = 0;

  async acquire(): Promise<() => void> {
    if (this.waiting >= MAX_WAITING_CHECKS) {
      throw new Refusal(503, "the editor is busy with other saves; save again in a minute");
    }
    this.waiting += 1;
    const previous = this.last;
    let release!: () => void;
    this.last = new Promise((resolve) => (release = resolve));
    await previous;
    this.waiting -= 1;
    let released = false;
    return () => {
      if (!released) release();
      released = true;
    };
  }
}
