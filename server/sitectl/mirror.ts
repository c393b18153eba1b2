// `sitectl mirror`: the copy of the site in an S3-compatible bucket, served by a CDN, so
// that visitors keep the site when this server is down (docs/operations.md, Mirror to a CDN).
//   sitectl mirror                     what the bucket serves, and how the last copy went
//   sitectl mirror set --endpoint URL --bucket NAME --url https://www.example.com [--region R]
//                                      checks the bucket with the keys (MIRROR_ACCESS_KEY_ID and
//                                      MIRROR_SECRET_ACCESS_KEY, or asked), then turns the mirror on
//   sitectl mirror off                 stops copying (the bucket is left as it is)
//   sitectl mirror headers             the headers the CDN must add to every answer
import fs from "node:fs";
import { cdnHeaders } from "../../deploy/headers";
import { openBucket } from "../publisher/mirror/bucket";
import { BUCKET_PATTERNS, askBucketKeys, bucketOptions } from "../installed/bucketOptions";
import { readMirrorSettings, type MirrorSettings } from "../publisher/mirror/settings";
import { MIRROR_ENV, SERVICES, readEnvFile, readInstallSettings, setEnvValues } from "../installed/layout";
import { readStatus, republish } from "../installed/publisher";
import { printable } from "../lib/printable";
import { Failure, say, startUnits } from "../installed/shell";
import { usageOf, type Command } from "./command";

const SET_USAGE = "mirror set --endpoint URL --bucket NAME --url https://PUBLIC-NAME [--region R]";
/** The object `set` writes, reads back and deletes: proof the keys may do all three. */
const CHECK_KEY = ".anodising-mirror-check";
/** A copy after a publish takes seconds to a few minutes; past this, sitectl stops waiting. */
const WAIT_MS = 10 * 60_000;

/** What each option may be: the bucket's, and the CDN's public address. */
const PATTERNS = { ...BUCKET_PATTERNS, url: /^https:\/\/[A-Za-z0-9.-]+\/?$/ } as const;

/** Lists, writes, reads back and deletes one object: what the publisher's runs need. */
async function checkBucket(settings: MirrorSettings): Promise<void> {
  const bucket = openBucket(settings);
  const steps: [string, () => Promise<unknown>][] = [
    ["list the bucket", () => bucket.list()],
    ["write an object", () => bucket.putText(CHECK_KEY, "anodising mirror check\n")],
    ["read it back", () => bucket.read(CHECK_KEY)],
    ["delete it", () => bucket.remove(CHECK_KEY)],
  ];
  try {
    for (const [what, step] of steps) {
      try {
        await step();
      } catch (error) {
        const { name, message } = error as Error;
        throw new Failure(
          `the keys could not ${what} in ${settings.bucket} at ${settings.endpoint}: ${name}: ${message.split("\n")[0]}. Check the endpoint, the bucket's name and the keys' permissions (read, write, list, delete); nothing was changed.`,
        );
      }
    }
  } finally {
    bucket.close();
  }
}

async function waitForCopy(): Promise<boolean> {
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    const status = readStatus();
    const mirror = status?.mirror;
    if (mirror?.state === "ok" && mirror.release === status?.live?.release) return true;
    if (mirror?.state === "retrying" || Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 2000));
  }
}

function show(): number {
  const settings = readEnvFile(MIRROR_ENV);
  const mirror = readStatus()?.mirror;
  if (!settings.MIRROR_BUCKET) {
    say(`No mirror: the site is served by this server alone. Set one: sitectl ${SET_USAGE}`);
    return 0;
  }
  say(
    `Mirror: ${settings.MIRROR_ENDPOINT}/${settings.MIRROR_BUCKET} (keys in ${MIRROR_ENV}), public at ${settings.MIRROR_URL || "(no address set)"}.`,
  );
  if (!mirror || mirror.state === "off") {
    say("The publisher has not taken the settings yet: systemctl restart anodising-publisher");
    return 1;
  }
  if (mirror.release)
    say(
      `The bucket serves release ${mirror.release}, copied ${mirror.syncedAt} in ${mirror.seconds} s (${mirror.uploaded} objects uploaded, ${mirror.unchanged} unchanged, ${mirror.deleted} deleted).`,
    );
  if (mirror.waiting)
    say(
      `${mirror.waiting} objects no kept release uses are deleted once unused for the grace period${mirror.nextDeleteAt ? ` (next: ${mirror.nextDeleteAt})` : ""}.`,
    );
  if (mirror.state === "retrying") {
    say(
      `The last copy failed (${mirror.attempts} tries): ${printable(mirror.error ?? "")}. Next try: ${mirror.nextAttemptAt}. The bucket still serves the release above, whole.`,
    );
    return 1;
  }
  say(mirror.state === "syncing" ? "A copy is running now." : "Up to date with the live release.");
  return 0;
}

async function set(args: string[]): Promise<number> {
  const given = bucketOptions(args, ["endpoint", "bucket", "region", "url"], usageOf(command));
  for (const name of ["endpoint", "bucket", "url"] as const)
    if (!given[name]) throw new Failure(`--${name} is missing; usage: sitectl ${SET_USAGE}. Nothing was changed.`);
  const region = given.region ?? "auto";
  for (const [name, value] of [
    ["endpoint", given.endpoint],
    ["bucket", given.bucket],
    ["region", region],
    ["url", given.url],
  ] as const)
    if (!PATTERNS[name].test(value))
      throw new Failure(`--${name} ${JSON.stringify(value)} is not a valid ${name}; nothing was changed.`);
  const install = readInstallSettings();
  if (!install?.domain) throw new Failure("the site is not installed here (run deploy/install first).");
  const publicHost = new URL(given.url).host;
  if (publicHost === install.domain)
    throw new Failure(
      `the CDN's address ${publicHost} is this server's own name: give the CDN the public name (www.…) and keep ${install.domain} for the server, where the form and the editor stay. Nothing was changed.`,
    );
  const keys = await askBucketKeys("MIRROR_ACCESS_KEY_ID", "MIRROR_SECRET_ACCESS_KEY");
  const values = {
    MIRROR_ENDPOINT: given.endpoint.replace(/\/+$/, ""),
    MIRROR_BUCKET: given.bucket,
    MIRROR_REGION: region,
    MIRROR_URL: given.url.replace(/\/+$/, ""),
    MIRROR_ACCESS_KEY_ID: keys.id,
    MIRROR_SECRET_ACCESS_KEY: keys.secret,
    // Pages from the CDN post the quote form here.
    SERVER_URL: `https://${install.domain}`,
  };
  await checkBucket(readMirrorSettings(values)!);
  say(`Checked: the keys can list, write, read and delete in ${values.MIRROR_BUCKET}.`);
  setEnvValues(MIRROR_ENV, values);
  say(`Wrote ${MIRROR_ENV} (mode 0600).`);
  return restartAndRepublish("copies every release to the bucket from now on");
}

async function off(): Promise<number> {
  if (!fs.existsSync(MIRROR_ENV)) {
    say("No mirror is set; nothing was changed.");
    return 0;
  }
  const was = readEnvFile(MIRROR_ENV);
  fs.rmSync(MIRROR_ENV);
  say(
    `Removed ${MIRROR_ENV}. The bucket ${was.MIRROR_BUCKET} is left as it is: point ${was.MIRROR_URL || "the public name"}'s DNS back at this server before emptying it.`,
  );
  return restartAndRepublish("no longer copies releases to a bucket");
}

/** The publisher takes the settings; the pages are built again (the form's address changes with the mirror). */
async function restartAndRepublish(what: string): Promise<number> {
  const unit = SERVICES.publisher.unit;
  const restarted = startUnits("restart", unit);
  if (restarted.status !== 0) throw new Failure(`${unit} did not restart: ${restarted.stderr.trim()}; sitectl doctor`);
  say(`Restarted the publisher: it ${what}.`);
  say("Building the pages again: the quote form's address changes with the mirror.");
  const built = await republish();
  if (built !== 0) return built;
  if (!readEnvFile(MIRROR_ENV).MIRROR_BUCKET) return 0;
  if (await waitForCopy()) return show();
  show();
  return 1;
}

function headers(): number {
  const install = readInstallSettings();
  if (!install?.domain) throw new Failure("the site is not installed here (run deploy/install first).");
  say("Add these headers to every answer of the CDN (its header rule; docs/operations.md, Mirror to a CDN):");
  for (const [name, value] of Object.entries(cdnHeaders(`https://${install.domain}`))) say(`${name}: ${value}`);
  return 0;
}

async function mirror(args: string[]): Promise<number> {
  const [verb, ...rest] = args;
  if (!verb) return show();
  if (verb === "set") return set(rest);
  if (verb === "off" && !rest.length) return off();
  if (verb === "headers" && !rest.length) return headers();
  throw new Failure(`usage: ${usageOf(command)}. Nothing was changed.`);
}

export const command: Command = {
  name: "mirror",
  usage: ["mirror [off | headers]", SET_USAGE],
  summary: "the copy of the site in a bucket behind a CDN (shows it, checks and sets it)",
  run: mirror,
};
