// `sitectl restore`'s enquiries, added to the spool by the enquiry service's own user from
// a folder it unpacked (pending/, sent/, failed/ as in a backup): an enquiry this spool
// knows already, in any state, is left as it is, and so are files that are no enquiry's.
// Prints "N added".
import fs from "node:fs";
import path from "node:path";
import { writeFileAtomic } from "../lib/files";
import { readEnquirySettings } from "./settings";
import { SPOOL_FILE, STATES, Spool } from "./spool";

const from = process.argv[2];
if (!from) {
  console.error("usage: import.ts FOLDER");
  process.exit(1);
}
const spool = new Spool(readEnquirySettings().dir);
spool.prepare();
const added = new Set<string>();
for (const state of STATES) {
  const folder = path.join(from, state);
  const names = fs.existsSync(folder) ? fs.readdirSync(folder).filter((name) => SPOOL_FILE.test(name)) : [];
  for (const message of names.filter((name) => name.endsWith(".eml"))) {
    const id = message.slice(0, -".eml".length);
    if (spool.stateOf(id) || !fs.lstatSync(path.join(folder, message)).isFile()) continue;
    // Its drawing, record, handling (and a waiting one's attempts) first: the message is
    // what makes the enquiry exist, as when the service stores one.
    for (const name of names.filter((other) => other.startsWith(`${id}.`) && other !== message)) {
      if (name === `${id}.json` && state === "sent") continue;
      const file = path.join(folder, name);
      if (fs.lstatSync(file).isFile())
        writeFileAtomic(path.join(spool.folder(state), name), fs.readFileSync(file), 0o600, true);
    }
    writeFileAtomic(spool.file(state, id), fs.readFileSync(path.join(folder, message)), 0o600, true);
    added.add(id);
  }
}
spool.writeStatus();
console.log(`${added.size} added`);
