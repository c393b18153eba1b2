// The content repository, HOST_DIR/repo: staff commits land there (through the editor)
// and the publisher builds them. On the server it is the editor's user's alone (deploy/install
// makes it as that user); the publisher only fetches from it, into its own clone. Made
// from the checkout the server runs, on branch main.
import fs from "node:fs";
import { git } from "../lib/git";
import { APP_DIR, BRANCH, type HostPaths } from "../lib/settings";

/** Whether `repo` is a whole content repository: its branch exists (set last, below). */
const complete = (repo: string) =>
  fs.existsSync(`${repo}/.git`) &&
  git(repo, "rev-parse", "--verify", "--quiet", `refs/heads/${BRANCH}`).then(
    () => true,
    () => false,
  );

/**
 * Clones the repository unless it is there (deploy/install as the editor's user, into the
 * empty folder it made for that user; `npm run host` before the services). A clone cut
 * short has no branch yet: it is emptied and made again.
 */
export async function ensureRepo(paths: HostPaths): Promise<void> {
  if (await complete(paths.repo)) return;
  fs.mkdirSync(paths.repo, { recursive: true });
  for (const name of fs.readdirSync(paths.repo)) fs.rmSync(`${paths.repo}/${name}`, { recursive: true, force: true });
  const head = await git(APP_DIR, "rev-parse", "HEAD");
  // No remote: nothing is pushed back into the checkout (SITE_REMOTE is the backup).
  await git(paths.repo, "init", "--quiet");
  await git(paths.repo, "fetch", "--quiet", "--no-tags", APP_DIR, head);
  // A commit git reported done survives a power cut.
  await git(paths.repo, "config", "core.fsync", "committed,index");
  await git(paths.repo, "config", "core.fsyncMethod", "fsync");
  // Last: the branch marks the clone whole.
  await git(paths.repo, "checkout", "--quiet", "-B", BRANCH, head);
  console.log(`${paths.repo} cloned from ${APP_DIR} at ${head.slice(0, 7)}, branch ${BRANCH}`);
}
