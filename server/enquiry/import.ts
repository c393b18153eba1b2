// `sitectl restore`'s enquiries, added to the spool by the enquiry service's own user from
// a folder it unpacked (pending/, sent/, failed/ as in a backup): an enquiry this spool
// knows already, in any state, is left as it is. Prints "N added".
import fs from "node:fs";
import path from "node:path";
import { writeFileAtomic } from "../lib/files";
import { readEnquirySettings } from "./settings";
import { STATES, Spool } from "./spool";

const from = process.argv[2];
if (!from) {
  console.error("usage: import.ts FOLDER");
  process.exit(1);
}
const spool = new Spool(readEnquirySettings().dir);
spool.prepare();
const NAME = /^([0-9A-HJKMNP-TV-Z]{10})\.(eml|json)$/;
const added = new Set<string>();
for (const state of STATES) {
  const folder = path.join(from, state);
  const names = fs.existsSync(folder) ? fs.readdirSync(folder) : [];
  // The message first: an attempts note without its message is no enquiry.
  for (const name of names.sort((a, b) => Number(b.endsWith(".eml")) - Number(a.endsWith(".eml")))) {
    const id = NAME.exec(name)?.[1];
    const file = path.join(folder, name);
    if (!id || !fs.lstatSync(file).isFile()) continue;
    if (name.endsWith(".eml")) {
      if (spool.stateOf(id)) continue;
      writeFileAtomic(spool.file(state, id), fs.readFileSync(file), 0o600, true);
      added.add(id);
    } else if (added.has(id) && state !== "sent") {
      writeFileAtomic(path.join(spool.folder(state), name), fs.readFileSync(file), 0o600, true);
    }
  }
}
spool.writeStatus();
console.log(`${added.size} added`);
