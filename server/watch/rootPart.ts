// The watch's root part: what anodising-watch-facts.service runs as root before each run of
// the watch (anodising-watch.service, as site-watch, Wants= and After= it). It gathers what
// only root can see (checks/rootFacts.ts: nginx -t, root's settings and certificates, and
// what each service's own user answers) and leaves it in /run/anodising-watch-facts/, root's
// and readable by the watch's group alone. It parses nothing a service wrote and runs none
// of a service's code as root; the checks, the policy and the mail run in the watch.
import fs from "node:fs";
import { writeFileAtomic } from "../lib/files";
import { printable } from "../lib/printable";
import { WATCH_FACTS_DIR, WATCH_USER, readInstallSettings } from "../installed/layout";
import { groupOf, present } from "../installed/serviceFiles";
import { serverFacts } from "./checks/context";
import { DIGEST_REQUEST, FACTS_FILE } from "./checks/rootFacts";

function main(): number {
  const settings = readInstallSettings();
  if (!settings) {
    console.log("The site is not installed here (no /etc/anodising/install.conf): nothing to gather.");
    return 1;
  }
  const started = Date.now();
  const facts = { ...serverFacts(settings), digestRequested: present(DIGEST_REQUEST) };
  // The folder and the file are root's, readable by the watch's group alone.
  const watchGroup = groupOf(WATCH_USER);
  fs.mkdirSync(WATCH_FACTS_DIR, { recursive: true, mode: 0o750 });
  fs.chownSync(WATCH_FACTS_DIR, 0, watchGroup);
  fs.chmodSync(WATCH_FACTS_DIR, 0o750);
  writeFileAtomic(FACTS_FILE, JSON.stringify(facts), 0o640, true);
  fs.chownSync(FACTS_FILE, 0, watchGroup);
  fs.rmSync(DIGEST_REQUEST, { force: true });
  console.log(
    `watch-facts: gathered for the watch in ${Date.now() - started} ms${facts.digestRequested ? " (the weekly digest asked for)" : ""}`,
  );
  return 0;
}

try {
  process.exit(main());
} catch (error) {
  console.error(`watch-facts: ${printable(error instanceof Error ? error.message : String(error))}`);
  process.exit(1);
}
