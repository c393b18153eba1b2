// The server's own clone, HOST_DIR/repo: commits land there (from the editor, or a
// `git commit` by hand) and the publisher builds them. Made on first start from the
// checkout the server runs, on branch main.
import fs from "node:fs";
import { git } from "../lib/git";
import { APP_DIR, BRANCH, type HostPaths } from "./settings";

/**
 * Clones the repository unless it is there. The publisher and the editor both call this
 * at start (on a server they start at once): each clones into its own folder, and the
 * first rename wins; the other's copy is dropped.
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
