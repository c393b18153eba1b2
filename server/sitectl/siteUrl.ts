// `sitectl site-url [URL]`: the address the site is published at (canonical links, the
// sitemap, structured data, the printed pages, the quote form's origin). It is the
// operator's setting (SITE_URL in install.conf, deploy/install --site-url), not content:
// https://DOMAIN unless set. Without a URL it says the address and whether the live pages
// name it; with one it writes it, runs deploy/configure (the publisher's SITE_URL, and a
// request to build the live pages again) and waits for that build.
import path from "node:path";
import { SITE_URL_PATTERN } from "../../src/contract/content";
import { liveSettingsFile, liveSettingsOf, waitForRebuild } from "../installed/publisher";
import {
  INSTALL_COMMAND,
  MIRROR_ENV,
  SERVICES,
  SETTINGS_FILE,
  currentCode,
  publishedAddressOf,
  readEnvFile,
  readInstallSettings,
  setEnvValues,
} from "../installed/layout";
import { readOwnedFile, uidOf } from "../installed/serviceFiles";
import { Failure, run, say } from "../installed/shell";
import type { Command } from "./command";

/** The address the live pages were built for (their quote form's settings), or null. */
function liveAddress(): string | null {
  return liveSettingsOf(readOwnedFile(liveSettingsFile(), uidOf(SERVICES.publisher.user)))?.siteUrl ?? null;
}

function show(address: string): number {
  const mirror = readEnvFile(MIRROR_ENV).MIRROR_URL;
  const published = mirror || address;
  say(
    mirror
      ? `The site is published at ${mirror}/ (the CDN mirror's address, while the mirror is on; without it: ${address}/).`
      : `The site is published at ${address}/ (sitectl site-url URL changes it).`,
  );
  const live = liveAddress();
  if (live && live !== published) {
    say(`The live pages still name ${live}/: sitectl republish builds them again.`);
    return 1;
  }
  return 0;
}

async function siteUrl(args: string[]): Promise<number> {
  const settings = readInstallSettings();
  if (!settings?.domain) throw new Failure(`the site is not installed here (run ${INSTALL_COMMAND} first).`);
  const [given, ...rest] = args;
  const current = publishedAddressOf(settings);
  if (!given) return show(current);
  const address = given.replace(/\/+$/, "");
  if (rest.length || !SITE_URL_PATTERN.test(address))
    throw new Failure(
      `${JSON.stringify(given)} is not a site's address such as https://www.example.com (http or https, a name, an optional port; no path); nothing was changed.`,
    );
  if (address === current) {
    say(`The site is published at ${address}/ already; nothing was changed.`);
    return show(current);
  }
  // https://DOMAIN is the default: stored as none, it follows a new --domain.
  // install.conf holds no secret: 0644, as deploy/install writes it.
  setEnvValues(SETTINGS_FILE, { SITE_URL: address === `https://${settings.domain}` ? "" : address }, 0o644);
  say(`Wrote ${SETTINGS_FILE}: the site is published at ${address}/ (it was ${current}/).`);
  const requested = new Date().toISOString();
  const configured = run(path.join(currentCode().dir, "deploy", "configure"), []);
  if (configured.status !== 0)
    throw new Failure(`deploy/configure failed: ${(configured.stderr || configured.stdout).trim()}`);
  if (!/builds the live pages again/.test(configured.stdout)) {
    say("No pages are live yet: the first publish names the new address.");
    return 0;
  }
  say("Building the live pages again for the new address.");
  return waitForRebuild(requested);
}

export const command: Command = {
  name: "site-url",
  usage: ["site-url [URL]"],
  summary: "the address the site is published at: canonical links, the sitemap (shows it, or sets it)",
  run: siteUrl,
};
