// While a command stops the services (sitectl restore, sitectl update), the server's own
// timers wait: the watch (a stop on purpose is not a problem to tell anyone of) and the
// backups (a backup of a half-restored site would become the latest). A backup or verify
// under way ends first. They are started again however the command ends.
import { BACKUP_TIMERS, BACKUP_UNITS, WATCH_TIMER } from "./layout";
import { say, systemctl } from "./shell";

const PAUSED = [WATCH_TIMER, ...BACKUP_TIMERS];

export async function pausingTimers(run: () => number | Promise<number>): Promise<number> {
  const paused = PAUSED.filter((timer) => systemctl("is-active", "--quiet", timer).status === 0);
  if (paused.length) systemctl("stop", ...paused);
  try {
    for (const unit of BACKUP_UNITS) {
      if (systemctl("show", "--property=ActiveState", "--value", unit).stdout.trim() !== "activating") continue;
      say(`    waiting for ${unit}, under way, to finish first`);
      // A start joins the run under way and returns when it ends.
      systemctl("start", unit);
    }
    return await run();
  } finally {
    if (paused.length) systemctl("start", ...paused);
  }
}
