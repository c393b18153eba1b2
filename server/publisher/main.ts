// `npm run publisher`: the publisher alone, in the foreground (systemd's
// site-publisher.service runs this; `npm run host` runs it beside nginx).
import { Publisher } from "./publisher";
import { readSettings } from "./settings";

const publisher = new Publisher(readSettings());
const stop = () => {
  publisher.stop();
  process.exit(0);
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
// `npm run rollback` asks for a fresh status record.
process.on("SIGHUP", () => publisher.refresh());
publisher.start().catch((error) => {
  console.error("publisher:", error);
  process.exit(1);
});
