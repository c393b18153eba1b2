// The off-site backups (sitectl backups set): anodising-backup.timer backs up every hour
// and anodising-backup-verify.timer reads the stored data back every week; each writes
// how it went to root's status.json, which the root part hands the watch. A failed run, a
// last good backup older than an hour and its margin, damage found by a verify, or no
// verify for over a week is a problem (two failed runs in a row are told at once, as is
// damage); staff's banner shows it only after a day.
import { megabytes, parseBackupsStatus, type BackupsStatus } from "../../backups/status";
import { printable } from "../../lib/printable";
import { VERDICT_LINES, verdictOf } from "../../backups/holding";
import { failing, type Check, type Found } from "./check";
import { note, ok } from "./finding";

/** The timer's interval, and how late a backup may be before anyone hears (a slow run, a reboot). */
export const BACKUP_EVERY_MS = 3600_000;
const LATE_MS = BACKUP_EVERY_MS + 3600_000;
/** Backup runs failing in a row before anyone is told (each failed run starts the watch: OnFailure=). */
const FAILURES_TOLD = 2;
/** The drill runs monthly: past this, it has stopped. */
const DRILL_LATE_MS = 40 * 24 * 3600_000;
/** The verify runs weekly: past this, it has stopped. */
const VERIFY_LATE_MS = 8 * 24 * 3600_000;

const SET_FIX = "sitectl backups set … (docs/operations.md, Off-site backups)";
const RUN_FIX = "sitectl backups now (it says what stops it; sitectl logs backup)";

const ago = (now: number, at: string) => {
  const minutes = Math.max(0, Math.round((now - Date.parse(at)) / 60_000));
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.round(minutes / 60);
  return hours < 48 ? `${hours} h ago` : `${Math.round(hours / 24)} days ago`;
};
const day = (at: string) => at.slice(0, 16).replace("T", " ");

/** One line on the backups as they stand: doctor's ok line, `sitectl backups`, the digest. */
export function backupsLine(status: BackupsStatus, now: number): string {
  const good = status.lastGood;
  if (!good) return `off-site backups to ${status.repository}: none has completed yet`;
  const kept = status.kept
    ? `; ${status.kept.snapshots} kept since ${day(status.kept.oldest)} (${megabytes(status.kept.stored)} stored)`
    : "";
  const verified = status.lastVerify?.ok
    ? `; verified ${day(status.lastVerify.at)} (${status.lastVerify.subset === "all" ? "all data" : `${status.lastVerify.subset} of the data`} read back)`
    : "";
  return `off-site backups to ${status.repository}: the last good ${day(good.at)} UTC (${ago(now, good.at)}, ${megabytes(good.total)}, ${megabytes(good.added)} new)${kept}${verified}`;
}

function findings(status: BackupsStatus | null, now: number): Found[] {
  if (!status)
    return [
      failing("off-site backups are set, but no backup has run yet.", { fix: RUN_FIX, id: "backups:late", blips: 8 }),
    ];
  const found: Found[] = [];
  const { lastRun, lastGood, lastVerify } = status;
  const since = lastGood
    ? `the last good one is from ${day(lastGood.at)} UTC (${ago(now, lastGood.at)})`
    : "none has ever completed";
  const failed =
    lastRun && !lastRun.ok
      ? `the off-site backup of ${day(lastRun.at)} UTC ${lastRun.busy ? "could not run, the repository was busy" : "failed"}: ${printable(lastRun.error ?? "").slice(0, 300)}`
      : "";
  // One failed run may be a passing hiccup (the next comes within the hour); two in a row are told at once.
  if (lastRun && !lastRun.ok && (lastRun.failures ?? 1) >= FAILURES_TOLD)
    found.push(
      failing(`${failed}; ${lastRun.failures} runs in a row have failed, ${since}.`, {
        id: "backups:failing",
        blips: 0,
      }),
    );
  else if (failed && (!lastGood || now - Date.parse(lastGood.at) <= LATE_MS))
    found.push(note(`${failed}; the next run (within the hour) tries again.`));
  else if (!lastGood || now - Date.parse(lastGood.at) > LATE_MS)
    found.push(failing(`no off-site backup has completed for over an hour: ${since}.`, { id: "backups:late" }));
  if (lastRun?.ok && lastGood?.leftOut?.length)
    found.push(
      failing(
        `the off-site backup of ${day(lastGood.at)} UTC left out what is not one of its folder's files: ${lastGood.leftOut
          .slice(0, 5)
          .map((name) => printable(name))
          .join("; ")}${lastGood.leftOut.length > 5 ? ` and ${lastGood.leftOut.length - 5} more` : ""}.`,
        {
          id: "backups:left-out",
          // A file written at the very moment of a run is taken by the next; one that stays is told.
          blips: 4,
          fix: "systemctl restart anodising-enquiry (it removes a killed write's temporary files as it starts); anything else, look at it and move it away",
        },
      ),
    );
  if (lastVerify && !lastVerify.ok)
    found.push(
      failing(
        `the backups' verify of ${day(lastVerify.at)} UTC found damage: ${printable(lastVerify.error ?? "").slice(0, 300)}`,
        {
          id: "backups:damaged",
          blips: 0,
          fix: "sitectl backups verify --all (if it still finds damage: sitectl backups set with a new --prefix, so that the next backup starts whole)",
        },
      ),
    );
  else if (status.verifyBusy && (!lastVerify || Date.parse(status.verifyBusy.at) > Date.parse(lastVerify.at)))
    found.push(
      note(
        `the backups' verify of ${day(status.verifyBusy.at)} UTC could not run, the repository was busy (not damage): ${printable(status.verifyBusy.error).slice(0, 300)}; the next runs within the week.`,
      ),
    );
  if (
    (!lastVerify || lastVerify.ok) &&
    lastGood &&
    now - Date.parse(lastVerify?.at ?? status.firstGood?.at ?? lastGood.at) > VERIFY_LATE_MS
  )
    found.push(
      failing(
        `the off-site backups have not been verified for over a week${lastVerify ? ` (last: ${day(lastVerify.at)} UTC)` : ""}.`,
        {
          id: "backups:unverified",
          fix: "systemctl enable --now anodising-backup-verify.timer; sitectl backups verify",
        },
      ),
    );
  return [...(found.length ? found : [ok(backupsLine(status, now))]), ...holding(status), ...drilling(status, now)];
}

/** A drill's time in words: "4 min", "1 h 10 min". */
const duration = (seconds: number) => {
  const minutes = Math.max(1, Math.round(seconds / 60));
  return minutes < 60 ? `${minutes} min` : `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
};

/** The last good drill in one line: what could be brought back, and how long it takes (the digest's expected recovery time). */
export function drillLine(status: BackupsStatus): string {
  const drill = status.lastDrill;
  if (!drill?.ok) return "";
  const live = drill.live;
  const beside =
    live && live.enquiries >= 0
      ? `; live now: ${live.enquiries} enquiries, ${live.logins} logins, content ${live.commit.slice(0, 7)}`
      : "";
  return `recoverable as of ${day(drill.snapshotAt ?? drill.at)} UTC: ${drill.enquiries} enquiries, ${drill.logins} logins, content ${(drill.commit ?? "").slice(0, 7)} (drilled ${day(drill.at)} UTC; expected recovery time about ${duration(drill.seconds)})${beside}`;
}

/** The drill: failed is told at once; none for 40 days (from the first good backup) is a problem. */
function drilling(status: BackupsStatus, now: number): Found[] {
  const drill = status.lastDrill;
  if (drill && !drill.ok)
    return [
      failing(
        `the backups' drill of ${day(drill.at)} UTC failed: the latest backup did not restore whole (${printable(drill.error ?? "").slice(0, 300)}).`,
        {
          id: "backups:drill",
          blips: 0,
          fix: "sitectl backups drill (it says what fails; sitectl backups verify --all)",
        },
      ),
    ];
  // Counted from the first run of a release that drills: an updated server has its first month.
  const since = drill?.at ?? status.drillsFrom ?? status.firstGood?.at;
  if (since && now - Date.parse(since) > DRILL_LATE_MS)
    return [
      failing(
        `the off-site backups have not been drilled (restored aside and checked) for over 40 days${drill ? ` (last: ${day(drill.at)} UTC)` : ""}.`,
        {
          id: "backups:undrilled",
          fix: "systemctl enable --now anodising-backup-drill.timer; sitectl backups drill",
        },
      ),
    ];
  return drill ? [ok(drillLine(status))] : [];
}

/** Whether someone holding this server's keys could erase the history: said by doctor, told by the watch. */
function holding(status: BackupsStatus): Found[] {
  if (!status.keys) return [];
  const verdict = verdictOf(status.keys);
  const line = `${VERDICT_LINES[verdict]} (tried ${day(status.keys.checkedAt)} UTC)`;
  if (verdict === "safe" || verdict === "hideable") return [ok(line)];
  return [
    failing(`${line}.`, {
      id: `backups:${verdict}`,
      blips: 0,
      notice: "nothing visible; ransomware or an intruder on the server could take the off-site backups with it",
      fix: "give the server keys that cannot delete, on a bucket that keeps versions (docs/operations.md, Backups nobody on the server can erase), then sitectl backups set again",
    }),
  ];
}

export const offsiteBackups: Check = {
  id: "backups",
  // Its findings say when to tell (failed runs in a row, the time since the last good one).
  blips: 0,
  notice: "nothing visible; if the server were lost now, recent enquiries and changes would be lost with it",
  fix: RUN_FIX,
  // Staff cannot mend a backup: their banner shows it once it has failed for a day.
  staffAfterMs: 24 * 3600_000,
  run: ({ facts, now }) => {
    if (!facts.backups) return [];
    if (!facts.backups.set)
      return [
        note(
          `no off-site backups are set: if this server is lost, its enquiries, logins and settings go with it (${SET_FIX}).`,
        ),
      ];
    return findings(parseBackupsStatus(facts.backups.status), now);
  },
};
