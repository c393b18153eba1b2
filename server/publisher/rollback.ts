// `npm run rollback`: makes the release before the live one live again, in one step, and
// pins it (the status says so) until the next publish.
import fs from "node:fs";
import { rollback } from "./releases";
import { hostPaths, readSettings } from "../lib/settings";
import { composeStatus, readMemory, writeStatus } from "./status";

const paths = hostPaths(readSettings().hostDir);
const release = rollback(paths);
if (!release) {
  console.error(`No earlier release to go back to in ${paths.releases}.`);
  process.exit(1);
}
console.log(`Live again: ${release.id} (commit ${release.commit}), pinned until the next publish.`);

// Write the status record now, then ask a running publisher to write it from its own view.
const old = JSON.parse(fs.readFileSync(paths.status, "utf8"));
writeStatus(paths, composeStatus(paths, readMemory(paths), old.head ?? null));
const pid = fs.existsSync(paths.publisherPid) ? Number(fs.readFileSync(paths.publisherPid, "utf8")) : 0;
// Only if that pid is still a publisher (a stale pid file may name another process now).
// On the server the publisher has a PID namespace of its own: sitectl rollback signals it
// through systemd, and the pid here may even be this process's own.
if (
  pid > 0 &&
  pid !== process.pid &&
  fs.existsSync(`/proc/${pid}/cmdline`) &&
  fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").includes("publisher")
) {
  process.kill(pid, "SIGHUP");
}
