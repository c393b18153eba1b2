// `npm run enquiry` (what the systemd unit and `npm run host` run): the enquiry service
// on 127.0.0.1:ENQUIRY_PORT (8092), behind nginx at /api/enquiry. It stores each
// enquiry in ENQUIRY_DIR/spool before answering, e-mails it through SMTP_URL, and
// deletes sent ones after the retention period the published content gives.
import fs from "node:fs";
import type { AddressInfo } from "node:net";
import { ENQUIRY_API } from "../../src/contract/enquiry";
import { enquiryApp } from "./app";
import { Delivery } from "./delivery";
import { readEnquirySettings } from "./settings";
import { LiveSite } from "./site";
import { Spool } from "./spool";
import { pruneTally } from "./tally";

/** How often sent enquiries past their retention period are looked for. */
const EXPIRY_MS = 60 * 60_000;

const log = (line: string) => console.log(line);

async function main() {
  const settings = readEnquirySettings();
  const spool = new Spool(settings.dir, settings.to);
  spool.prepare();
  for (const name of spool.removeLeftovers()) log(`enquiry: removed ${name}, a write that never finished`);
  const site = new LiveSite(settings.live);
  const delivery = new Delivery(spool, settings, log);
  const app = await enquiryApp({ spool, site, settings, stored: () => delivery.kick(), log });

  const expire = () => {
    try {
      const dropped = pruneTally(settings.dir);
      if (dropped) log(`enquiry: dropped ${dropped} enquiries' counts older than the report keeps`);
    } catch (error) {
      log(`enquiry: the report's tally: ${(error as Error).message}`);
    }
    if (!fs.existsSync(settings.live)) return; // no release yet: nothing was sent
    try {
      const deleted = spool.expire(site.settings().retentionDays);
      if (deleted) log(`enquiry: deleted ${deleted} sent enquiries past the retention period`);
      // Enquiries the mail server refused are never deleted unseen: they wait for a person.
    } catch (error) {
      log(`enquiry: retention: ${(error as Error).message}`);
    }
  };
  expire();
  const expiry = setInterval(expire, EXPIRY_MS);

  // ENQUIRY_PORT=0: any free port (the tests); the line below says which.
  await app.listen({ host: "127.0.0.1", port: settings.port });
  const bound = (app.server.address() as AddressInfo).port;
  delivery.start();
  log(
    `enquiry: ${ENQUIRY_API} on http://127.0.0.1:${bound}, spool ${spool.folder("pending")}, mail to ${settings.to || "nobody yet (ENQUIRY_TO is not set: enquiries wait)"} through ${settings.smtpUrl.replace(/\/\/[^@/]*@/, "//…@")}`,
  );

  const stop = () => {
    clearInterval(expiry);
    delivery.stop();
    app.close().then(() => process.exit(0));
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

main().catch((error) => {
  console.error("enquiry:", error);
  process.exit(1);
});
