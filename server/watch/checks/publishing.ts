// The publisher: what is live, the last publish and its error, the off-server backup push,
// and the content's warnings for staff.
import path from "node:path";
import { HOST_DIR, SERVICES } from "../../installed/layout";
import { describe, readStatus } from "../../installed/publisher";
import { printable, readOwnedFile, uidOf } from "../../installed/serviceFiles";
import { note, ok, problem, type Finding } from "./finding";

/** The build log's last line (the failure's own words), read as root reads the publisher's files. */
function lastLine(log: string | undefined): string {
  const text = log ? readOwnedFile(path.join(HOST_DIR, log), uidOf(SERVICES.publisher.user), 4096) : undefined;
  const line = printable(text ?? "")
    .split("\n")
    .map((part) => part.trim())
    .filter(Boolean)
    .at(-1);
  return (line ?? "see the log").slice(0, 300);
}

export function publishing(): Finding[] {
  const status = readStatus();
  if (!status)
    return [
      problem(
        "publisher-status",
        "the publisher has written no status yet.",
        "systemctl start anodising-publisher; sitectl logs publisher",
        "staff's changes are not published",
      ),
    ];
  const [live, ...rest] = describe(status);
  const findings: Finding[] = [];
  if (!status.live) {
    findings.push(
      status.building
        ? note(`nothing published yet; the first build is running (${status.building.step})`)
        : problem(
            "unpublished",
            "nothing is published yet.",
            "sitectl logs publisher; then sitectl republish",
            "visitors get no site",
          ),
    );
  } else findings.push(ok(live));
  if (status.state === "failed" && status.lastError) {
    findings.push(
      status.lastError.kind === "content"
        ? {
            ...problem(
              "publish:content",
              `the last change was refused and is not on the site: ${status.lastError.message}`,
              "correct it in the editor (the message names the file and the field); the site shows the last good version meanwhile",
              "the editor's status panel shows the refusal; visitors see the last good version",
            ),
            staff: true,
          }
        : problem(
            "publish:technical",
            `the last build failed for a technical reason: ${lastLine(status.lastError.log)} (log: ${HOST_DIR}/${status.lastError.log}); the site shows the last good version.`,
            "sitectl logs publisher (to see why); once the cause is fixed: sitectl republish",
            "staff's latest change is not on the site (the editor says: Technical problem, site unchanged); visitors see the last good version",
          ),
    );
  } else if (status.building) findings.push(note(rest[0] ?? "a build is running"));
  if (status.backup.state === "retrying") {
    findings.push(
      problem(
        "backup-push",
        `the off-server backup push to ${status.backup.remote} fails: ${status.backup.error ?? ""}`,
        "check SITE_REMOTE in /etc/anodising/publisher.env and the key the publisher pushes with; it retries by itself",
        "nothing for visitors or staff; the off-server copy of the content falls behind",
        // It retries by itself: told when it still fails an hour on.
        4,
      ),
    );
  }
  for (const warning of status.warnings ?? [])
    findings.push({ level: "note", text: `content: ${warning}`, staff: true });
  return findings;
}
