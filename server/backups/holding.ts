// How the stored history holds against someone who has this server's bucket keys (root
// here has them: ransomware, an intruder), from what keyPowers.ts found the keys can do.
// Plain words for `sitectl backups`, doctor and the watch; no SDK is loaded for them.

export interface KeyPowers {
  checkedAt: string;
  /** The keys may delete an object by its name (a delete marker, on a bucket that keeps versions): the hourly run may prune. */
  canDelete: boolean;
  /** The keys may remove stored data for good: a version of an object, or, on a bucket without versions, the object. */
  canErase: boolean;
  /** The bucket keeps every version of an object: an overwrite or a delete leaves the old one. */
  versioned: boolean;
  /** The bucket's object lock keeps versions from being deleted for a while, whoever asks. */
  locked: boolean;
}

/** How the history stands against someone holding this server's keys. */
export type Verdict = "safe" | "hideable" | "overwritable" | "erasable";

export function verdictOf(powers: KeyPowers): Verdict {
  if (powers.canErase) return "erasable";
  if (!powers.versioned && !powers.locked) return "overwritable";
  return powers.canDelete ? "hideable" : "safe";
}

/** What the operator reads, plainly: whether an intruder with root here could erase the history. */
export const VERDICT_LINES: Record<Verdict, string> = {
  safe: "no one on this server can erase the backups: its keys cannot delete, and the bucket keeps every overwritten version",
  hideable:
    "no one on this server can erase the backups: its keys can hide objects (delete markers), but every version stays in the bucket until its own lifecycle removes it",
  overwritable:
    "the server's keys cannot delete, but could overwrite what is stored: turn on the bucket's versioning (or object lock)",
  erasable:
    "AN INTRUDER ON THIS SERVER COULD ERASE EVERY BACKUP: its keys can remove stored data for good; give it keys that cannot (docs/operations.md, Backups nobody on the server can erase)",
};
