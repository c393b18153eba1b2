// The copy of the site in the bucket behind the CDN (sitectl mirror): up to date with the
// live release, and the public address serving it.
import path from "node:path";
import type { MirrorStatus } from "../../publisher/mirror/mirror";
import { printable } from "../../lib/printable";
import { failing, type Check, type CheckContext, type Found } from "./check";
import { note, ok, TIMEOUT_MS } from "./finding";

/** A run longer than this is stuck, not slow (a publish uploads a few hundred objects). */
const SYNC_MINUTES = 30;
const FIX = "sitectl mirror (it shows the error and checks the bucket); sitectl logs publisher";

/** The hashed scripts a page names: what tells one release's pages from another's, however a CDN rewrites the rest. */
export const scriptsOf = (html: string) =>
  [...html.matchAll(/<script[^>]+src="\/([^"?#]+\.js)"/g)]
    .map((match) => match[1])
    .sort()
    .join(" ");

const LATE = "visitors reached through the CDN see the version before the latest change";

/** The bucket holds the live release, whole. */
export const mirror: Check = {
  id: "mirror",
  blips: 0,
  notice: LATE,
  fix: FIX,
  run: ({ read, paths, facts, now }) => {
    const status = read.publisherStatus();
    const state: MirrorStatus = status?.mirror ?? { state: "off" };
    if (state.state === "off") {
      return facts.mirrorUrl !== null
        ? [
            failing(
              `${paths.MIRROR_ENV} sets a mirror, but the publisher does not run it (it was not restarted, or the file is wrong).`,
              {
                fix: "systemctl restart anodising-publisher; sitectl mirror",
                notice: "visitors reached through the CDN may see an old version of the site",
              },
            ),
          ]
        : [note("No CDN mirror (optional: sitectl mirror set).")];
    }
    const liveRelease = status?.live?.release;
    if (state.state === "retrying") {
      return [
        failing(
          `copying the live release to ${state.bucket} fails (${state.attempts ?? 1} tries): ${printable(state.error ?? "no reason given")}; the bucket still serves ${state.release ?? "nothing yet"}, whole.`,
          // Told after two failing runs of the watch (half an hour): a short outage of the
          // bucket's service is retried quietly.
          { fix: `${FIX}; it retries by itself`, blips: 1 },
        ),
      ];
    }
    const since = Date.parse(state.syncedAt ?? status?.live?.builtAt ?? "");
    if (state.release !== liveRelease) {
      const minutes = Math.floor((now - (Number.isNaN(since) ? now : since)) / 60_000);
      return minutes >= SYNC_MINUTES
        ? [
            failing(
              `the bucket ${state.bucket} has not served the live release for ${minutes} minutes (${state.state}).`,
            ),
          ]
        : [note(`the live release is being copied to ${state.bucket}.`)];
    }
    const findings = [
      ok(
        `the bucket ${state.bucket} serves the live release (${state.uploaded ?? 0} objects uploaded in ${state.seconds ?? 0} s, ${state.unchanged ?? 0} unchanged${state.waiting ? `; ${state.waiting} unused ones wait out the grace period` : ""}).`,
      ),
    ];
    if (state.overLimit) {
      findings.push(
        note(
          `${state.overLimit} unused objects in the bucket are over the limit of deletions per run (MIRROR_MAX_DELETES); the next publish deletes more.`,
        ),
      );
    }
    return findings;
  },
};

/** The CDN's public address serves the live release (when the bucket does). */
export const mirrorCdn: Check = {
  id: "mirror-cdn",
  // A passing hiccup of the CDN is not worth a message.
  blips: 1,
  notice: "visitors may not reach the site through the CDN",
  fix: "check the CDN's address and DNS (docs/operations.md, Mirror to a CDN)",
  run: async (context) => {
    const status = context.read.publisherStatus();
    const state = status?.mirror;
    // Only while the bucket serves the live release (a sync under way included).
    if (!state || state.state === "off" || state.state === "retrying") return [];
    if (!state.publicUrl || state.release !== status?.live?.release) return [];
    return [await cdnServesLive(context, state.publicUrl)];
  },
};

/** The CDN's home page names the live release's scripts. */
async function cdnServesLive({ read, paths }: CheckContext, publicUrl: string): Promise<Found> {
  const home = `${publicUrl.replace(/\/+$/, "")}/`;
  // The publisher's file, read as root reads a service's files (no link followed at the end, its owner's only).
  const page = read.serviceFile("publisher", path.join(paths.HOST_DIR, "live", "index.html"));
  if (page === undefined) return note("the live release's home page could not be read to compare with the CDN's.");
  const live = scriptsOf(page);
  try {
    const answer = await fetch(home, { signal: AbortSignal.timeout(TIMEOUT_MS), redirect: "follow" });
    const served = scriptsOf(await answer.text());
    if (!answer.ok)
      return failing(`${home} answers ${answer.status}.`, {
        fix: "check the CDN's settings against docs/operations.md, Mirror to a CDN",
        notice: "visitors reached through the CDN get an error",
      });
    if (served !== live)
      return failing(`${home} serves another version of the home page than the bucket holds.`, {
        fix: "the CDN must revalidate pages (keep the bucket's Cache-Control; docs/operations.md, Mirror to a CDN)",
        notice: "visitors reached through the CDN see an old version of the site",
      });
    return ok(`${home} serves the live release.`);
  } catch (error) {
    return failing(`${home} does not answer: ${(error as Error).message}.`);
  }
}
