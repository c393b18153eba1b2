// How the stored history holds against someone who has this server's bucket keys (root
// here has them: ransomware, an intruder), from what keyPowers.ts found the keys can do.
// Plain words for `sitectl backups`, doctor and the watch; no SDK is loaded for them.

export interface KeyPowers {
  checkedAt: string;
  /** The keys may delete an object of the history (restic's locks aside). */
  canDelete: boolean;
  /** The bucket keeps every version of an object: an overwrite or a delete leaves the old one. */
  versioned: boolean;
  /** The bucket's object lock keeps versions from being deleted for a while, whoever asks. */
  locked: boolean;
}

/** How the history stands against someone holding this server's keys. */
export type Verdict = "safe" | "hideable" | "overwritable" | "erasable";

export function verdictOf(powers: KeyPowers): Verdict {
  if (!powers.canDelete) return powers.versioned || powers.locked ? "safe" : "overwritable";
  return powers.locked ? "hideable" : "erasable";
}

/** What the operator reads, plainly: whether an intruder with root here could erase the history. */
export const VERDICT_LINES: Record<Verdict, string> = {
  safe: "no one on this server can erase the backups: its keys cannot delete, and the bucket keeps every overwritten version",
  hideable:
    "the server's keys can delete, but the bucket's object lock keeps every version: an intruder could hide the backups, not erase them",
  overwritable:
    "the server's keys cannot delete, but could overwrite what is stored: turn on the bucket's versioning (or object lock)",
  erasable:
    "AN INTRUDER ON THIS SERVER COULD ERASE EVERY BACKUP: its keys can delete, and nothing keeps old versions; give it append-only keys (docs/operations.md, Backups nobody on the server can erase)",
};
