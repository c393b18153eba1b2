// The daily republish (anodising-republish.timer, as the publisher's user): a document
// leaves the page on the day it lapses, and its warning reaches staff 14 days ahead, even
// when nobody publishes. The last build said the first later day it would differ
// (status nextChange, from the content check); before that day nothing would change, so
// nothing is built. Otherwise it leaves the republish request the publisher takes.
import "../lib/stopOnSignal";
import fs from "node:fs";
import { today } from "../../src/contract/content";
import { readJson, writeFileAtomic } from "../lib/files";
import { hostPaths, readSettings } from "../lib/settings";
import type { Status } from "./status";

const paths = hostPaths(readSettings().hostDir);
const status = readJson<Status>(paths.status);
const day = today();

function decide(): string | null {
  if (!status?.live) return "nothing is published yet";
  if (status.state !== "idle")
    return `the publisher is ${status.state === "building" ? "building" : "stopped at a failed change"}`;
  if (fs.existsSync(paths.republish)) return "a republish is asked for already";
  if (!status.nextChange) return "no document on the site has a last valid day ahead";
  if (status.nextChange > day) return `the live pages stay the same until ${status.nextChange}`;
  return null;
}

const skip = decide();
if (skip) console.log(`republish: not needed today (${day}): ${skip}.`);
else {
  writeFileAtomic(paths.republish, `${new Date().toISOString()} daily\n`);
  console.log(`republish: asked for (${day}): a document lapses or its warning starts on ${status!.nextChange}.`);
}
