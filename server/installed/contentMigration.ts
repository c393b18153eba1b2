// Content written for older code brought forward: the code's own content:migrate
// (scripts/migrate-content.ts) over the content repository, as the editor's user in its
// sandbox, committed when it changed anything. `sitectl update` runs it after merging new
// code, `sitectl restore` after putting back a backup an older version made.
import fs from "node:fs";
import path from "node:path";
import { REPO_DIR } from "./layout";
import { inSandbox, mustRepoGit } from "./sandbox";
import { Failure, say } from "./shell";

/**
 * Runs `codeDir`'s content:migrate over the repository and commits what it changed as
 * `author` ("sitectl update"), saying why; what it says for the operator (a setting that
 * left content, with its value) is shown.
 */
export function migrateContent(codeDir: string, author: string, why: string): void {
  const script = path.join(codeDir, "scripts", "migrate-content.ts");
  if (!fs.existsSync(script)) return;
  const ran = inSandbox("editor", "/usr/bin/node", ["--import", "tsx", script, REPO_DIR]);
  if (ran.status !== 0) throw new Failure(`content:migrate failed: ${(ran.stderr || ran.stdout).trim()}`);
  for (const line of ran.stdout.trim().split("\n").filter(Boolean)) say(`    ${line}`);
  if (!/^migrated:/m.test(ran.stdout)) return;
  mustRepoGit([
    "-c",
    `user.name=${author}`,
    "-c",
    "user.email=sitectl@localhost",
    "commit",
    "--quiet",
    "--all",
    "-m",
    why,
  ]);
}
