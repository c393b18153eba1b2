// What anodising-watch.service runs, as site-watch, every 15 minutes (its timer) and at once
// when one of the site's units fails (their OnFailure=): one run of the watch (watch.ts),
// after its root part (rootPart.ts) has left what only root can see. From the operator's
// terminal: `sitectl watch`, which starts the unit.
import "../lib/stopOnSignal";
import { printable } from "../lib/printable";
import { runWatch } from "./watch";

runWatch().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`watch: ${printable(error instanceof Error ? (error.stack ?? error.message) : String(error))}`);
    process.exit(1);
  },
);
