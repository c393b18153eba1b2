// `npm run report` (what anodising-report.service runs every hour): builds the owner's
// report at /admin/report/ from nginx's visits log and the enquiries' tally. The unit sets
// each folder; the defaults are `npm run host`'s, in HOST_DIR (.host/ in this checkout).
//   HOST_DIR         the publisher's folder: its live release names the pages and services
//   VISITS_LOG_DIR   the visits log (/var/log/anodising-visits; default HOST_DIR/visits)
//   REPORT_DIR       where the pages go (/var/lib/anodising-report; default HOST_DIR/report)
//   ENQUIRY_DIR      the enquiry service's folder: its tally counts the enquiries
//   GEOIP_DATABASE   a MaxMind country database (default: GeoLite2-Country.mmdb where
//                    Debian's geoipupdate puts it, if there): countries, else left out
import "../lib/stopOnSignal";
import fs from "node:fs";
import path from "node:path";
import { writeFileAtomic } from "../lib/files";
import { hostPaths, readSettings } from "../lib/settings";
import { readEnquirySettings } from "../enquiry/settings";
import { buildReport } from "./build";
import { waitingPage } from "./render";
import { readSite } from "./site";

const GEOIP_PLACES = ["/var/lib/GeoIP/GeoLite2-Country.mmdb", "/usr/share/GeoIP/GeoLite2-Country.mmdb"];

async function main(): Promise<number> {
  const env = process.env;
  const { hostDir } = readSettings(env);
  const logDir = env.VISITS_LOG_DIR || path.join(hostDir, "visits");
  const outDir = env.REPORT_DIR || path.join(hostDir, "report");
  const live = hostPaths(hostDir).live;
  const enquiryDir = readEnquirySettings(env).dir;
  const geoip = env.GEOIP_DATABASE || GEOIP_PLACES.find((file) => fs.existsSync(file));
  if (!fs.existsSync(live)) {
    fs.mkdirSync(outDir, { recursive: true });
    writeFileAtomic(
      path.join(outDir, "index.html"),
      waitingPage("No report yet: the site has no live release. The report is built every hour once it has."),
      0o644,
      true,
    );
    console.log(`report: no live release at ${live} yet; nothing to report`);
    return 0;
  }
  const started = Date.now();
  const report = await buildReport({ logDir, enquiryDir, site: readSite(live), outDir, now: started, geoip });
  const year = report.periods.find((period) => period.id === "last-365-days")!;
  console.log(
    `report: built ${report.periods.length} periods in ${((Date.now() - started) / 1000).toFixed(1)} s into ${outDir}: ` +
      `${year.visitors} visitors and ${year.enquiries.total} enquiries in 365 days, ${year.lines.read} lines read` +
      (year.lines.malformed ? `, ${year.lines.malformed} malformed (left out)` : "") +
      (geoip ? `; countries from ${geoip}` : "; no GeoIP database: countries left out"),
  );
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(`report: ${(error as Error).message}`);
    process.exit(1);
  },
);
