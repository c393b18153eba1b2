// `sitectl republish`'s request, written as the publisher's own user (root writes nothing
// in the publisher's folder): `--ask` leaves the request the publisher takes at its next
// look (publisher.ts takeRepublishRequest), `--withdraw` removes one nobody took.
import fs from "node:fs";
import { writeFileAtomic } from "../lib/files";
import { hostPaths, readSettings } from "../lib/settings";

const paths = hostPaths(readSettings().hostDir);
if (process.argv.includes("--ask")) writeFileAtomic(paths.republish, `${new Date().toISOString()}\n`);
else if (process.argv.includes("--withdraw")) fs.rmSync(paths.republish, { force: true });
else {
  console.error("usage: republish.ts --ask | --withdraw");
  process.exit(1);
}
