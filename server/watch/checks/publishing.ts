// The publisher: what is live, the last publish and its error, the off-server push of the content,
// and the content's warnings for staff. All read from the publisher's status record.
import path from "node:path";
import { publishedAddressOf } from "../../installed/layout";
import { describe, liveSettingsFile, liveSettingsOf } from "../../installed/publisher";
import { printable } from "../../lib/printable";
import { hostPaths } from "../../lib/settings";
import { failing, type Check } from "./check";
import { present } from "../../installed/serviceFiles";
import { note, ok } from "./finding";

export const publisher: Check = {
  id: "publisher-status",
  blips: 0,
  notice: "staff's changes are not published",
  fix: "systemctl start anodising-publisher; sitectl logs publisher",
  run: ({ read, paths }) => {
    const status = read.publisherStatus();
    const file = hostPaths(paths.HOST_DIR).status;
    if (!status && present(file))
      return [
        failing(
          `${file} is not a record this server can read (it must be the publisher's own plain file, of its shape).`,
        ),
      ];
    if (!status) return [failing("the publisher has written no status yet.")];
    if (status.live) return [ok(describe(status)[0])];
    if (status.building) return [note(`nothing published yet; the first build is running (${status.building.step})`)];
    return [
      failing("nothing is published yet.", {
        id: "unpublished",
        fix: "sitectl logs publisher; then sitectl republish",
        notice: "visitors get no site",
      }),
    ];
  },
};

/** A change the build refused: staff's to correct, shown to them in /admin/, not mailed to the operator. */
export const contentRefused: Check = {
  id: "publish:content",
  blips: 0,
  notice: "the editor's status panel shows the refusal; visitors see the last good version",
  fix: "correct it in the editor (the message names the file and the field); the site shows the last good version meanwhile",
  staff: true,
  run: ({ read }) => {
    const status = read.publisherStatus();
    if (status?.state !== "failed" || status.lastError?.kind !== "content") return [];
    return [failing(`the last change was refused and is not on the site: ${status.lastError.message}`)];
  },
};

export const buildFailed: Check = {
  id: "publish:technical",
  blips: 0,
  notice:
    "staff's latest change is not on the site (the editor says: Technical problem, site unchanged); visitors see the last good version",
  fix: "sitectl logs publisher (to see why); once the cause is fixed: sitectl republish",
  run: ({ read, paths }) => {
    const status = read.publisherStatus();
    if (!status) return [];
    const error = status.state === "failed" ? status.lastError : undefined;
    if (!error) return status.building ? [note(describe(status)[1] ?? "a build is running")] : [];
    if (error.kind === "content") return [];
    // The build log's last line: the failure's own words.
    const log = error.log ? read.serviceFile("publisher", path.join(paths.HOST_DIR, error.log), 4096) : undefined;
    const line = printable(log ?? "")
      .split("\n")
      .map((part) => part.trim())
      .filter(Boolean)
      .at(-1);
    const said = (line ?? "see the log").slice(0, 300);
    return [
      failing(
        `the last build failed for a technical reason: ${said} (log: ${paths.HOST_DIR}/${error.log}); the site shows the last good version.`,
      ),
    ];
  },
};

export const contentPush: Check = {
  id: "content-push",
  // It retries by itself: told when it still fails an hour on.
  blips: 4,
  notice: "nothing for visitors or staff; the off-server copy of the content falls behind",
  fix: "check SITE_REMOTE in /etc/anodising/publisher.env and the key the publisher pushes with; it retries by itself",
  run: ({ read }) => {
    const push = read.publisherStatus()?.push;
    if (push?.state !== "retrying") return [];
    return [failing(`the off-server push of the content to ${push.remote} fails: ${push.error ?? ""}`)];
  },
};

/** The content's warnings (a document about to lapse): notes for staff. */
export const contentWarnings: Check = {
  id: "content-warnings",
  blips: 0,
  notice: "staff see each warning in the editor's status panel",
  fix: "staff correct it in the editor (the warning names the file and the field)",
  run: ({ read }) =>
    (read.publisherStatus()?.warnings ?? []).map((warning) => ({
      level: "note" as const,
      text: `content: ${warning}`,
      staff: true,
    })),
};

/**
 * The live pages name the address the site is published at (the operator's, or the CDN
 * mirror's while it is on): after a new address, or pages built before it was the
 * operator's setting, they name another until they are built again.
 */
export const publishedAddress: Check = {
  id: "published-address",
  blips: 0,
  notice: "search engines and printed pages are pointed at the old address",
  fix: "sitectl republish",
  run: ({ read, paths, settings, facts }) => {
    const live = liveSettingsOf(read.serviceFile("publisher", liveSettingsFile(paths.HOST_DIR)))?.siteUrl;
    if (live === undefined) return [];
    const address = facts.mirrorUrl || publishedAddressOf(settings);
    return [
      live === address
        ? ok(`the live pages name the site's address, ${address}/`)
        : failing(`the live pages name ${printable(live)}/, not the site's address ${address}/.`),
    ];
  },
};
