// The server's own clone, HOST_DIR/repo: commits land there (from the editor, or a
// `git commit` by hand) and the publisher builds them. Made on first start from the
// checkout the server runs, on branch main.
import fs from "node:fs";
import path from "node:path";
import { git } from "../lib/git";
import { APP_DIR, BRANCH, type HostPaths } from "../lib/settings";

/**
 * Clones the repository unless it is there (the publisher at start, `npm run host` before
 * the services). Cloned into its own folder and renamed into place, so a clone cut short
 * is never taken for the repository; if two race, the first rename wins.
 */
export async function ensureRepo(paths: HostPaths): Promise<void> {
  if (fs.existsSync(`${paths.repo}/.git`)) return;
  fs.mkdirSync(paths.hostDir, { recursive: true });
  const head = await git(APP_DIR, "rev-parse", "HEAD");
  const partial = `${paths.repo}.partial-${process.pid}`;
  fs.rmSync(partial, { recursive: true, force: true });
  await git(paths.hostDir, "clone", "--quiet", "--no-hardlinks", APP_DIR, partial);
  await git(partial, "checkout", "--quiet", "-B", BRANCH, head);
  // Nothing is pushed back into the checkout; SITE_REMOTE is the backup.
  await git(partial, "remote", "remove", "origin");
  // The editor (another user of the same group) commits here: git keeps what it writes
  // group-writable, and so is everything the clone wrote, whatever this process's umask.
  await git(partial, "config", "core.sharedRepository", "group");
  shareWithGroup(partial);
  // A commit git reported done survives a power cut.
  await git(partial, "config", "core.fsync", "committed,index");
  await git(partial, "config", "core.fsyncMethod", "fsync");
  try {
    fs.renameSync(partial, paths.repo);
  } catch (error) {
    fs.rmSync(partial, { recursive: true, force: true });
    if (fs.existsSync(`${paths.repo}/.git`)) return;
    throw error;
  }
  console.log(`publisher: ${paths.repo} cloned from ${APP_DIR} at ${head.slice(0, 7)}, branch ${BRANCH}`);
}

/** Makes every file and folder under `dir` that its owner may write writable by its group too. */
function shareWithGroup(dir: string): void {
  const entries = fs.readdirSync(dir, { withFileTypes: true, recursive: true });
  const files = [
    dir,
    ...entries.filter((entry) => !entry.isSymbolicLink()).map((entry) => path.join(entry.parentPath, entry.name)),
  ];
  for (const file of files) {
    const mode = fs.statSync(file).mode;
    if (mode & 0o200 && !(mode & 0o020)) fs.chmodSync(file, (mode | 0o020) & 0o7777);
  }
}
