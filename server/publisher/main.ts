// `npm run publisher`: the publisher alone, in the foreground (the systemd unit
// anodising-publisher runs this; `npm run host` runs it beside nginx).
// `--prepare`: only make HOST_DIR/repo if it is not there, then exit (deploy/install).
import { Publisher } from "./publisher";
import { ensureRepo } from "./repo";
import { hostPaths, readSettings } from "../lib/settings";

const settings = readSettings();

if (process.argv.includes("--prepare")) {
  ensureRepo(hostPaths(settings.hostDir)).catch((error) => {
    console.error("publisher:", error);
    process.exit(1);
  });
} else {
  const publisher = new Publisher(settings);
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
}
