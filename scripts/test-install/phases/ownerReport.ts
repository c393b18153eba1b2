// The owner's report: nginx logs visits with addresses shortened, logrotate keeps them,
// GoAccess counts the tests' log, and staff read the report behind the login.
import fs from "node:fs";
import path from "node:path";
import { services } from "../../../e2e/content";
import type { Report } from "../../../server/analytics/report";
import { ADDRESSES, EXPECTED, linkLive, writeRelease, writeVisits } from "../../../server/tests/visits";
import { check, report, until, phase, type Phase } from "../run";
import { DOMAIN, OWNER_TO, MAX_EXPOSURE, basic, curl } from "../site";

export const phases: Phase[] = [
  phase("a", "the owner's report of visits and enquiries", async (a) => {
    console.log(`   ${a.must("goaccess --version | head -1").trim()}`);
    const verified = `--cacert /root/pebble/root.pem https://${DOMAIN}`;
    const visit = `/${services[0].slug}`;
    check(curl(a, `${verified}${visit}?from=report`) === "200", "a visit to a service page");
    await until("the visit in the visits log", () =>
      fs.readFileSync(a.file("/var/log/anodising-visits/access.log"), "utf8").includes(`GET ${visit} `),
    );
    check(
      !fs.readFileSync(a.file("/var/log/anodising-visits/access.log"), "utf8").includes("from=report"),
      "the visits log holds the page without its query string (issue 52, finding 12)",
    );
    const lines = fs.readFileSync(a.file("/var/log/anodising-visits/access.log"), "utf8").split("\n").filter(Boolean);
    const full = lines.filter((line) => !/^(\d+\.\d+\.\d+\.0|[0-9a-f:]*::) - - \[/.test(line));
    check(
      full.length === 0,
      `nginx writes the site's ${lines.length} visits with every address shortened, no login name`,
      full.slice(0, 5).join("\n"),
    );
    const debians = a.run("cat /var/log/nginx/access.log 2>/dev/null").stdout;
    check(!debians.trim(), "Debian's own access.log gets none of them", debians.slice(0, 2000));
    check(
      a.must("stat -c '%U:%G %a' /var/log/anodising-visits").trim() === "root:site-report 751",
      "the log's folder: root's alone to change (nginx's root master opens what is there), site-report reads it",
    );
    // logrotate's rule, forced now: nginx writes the next visit to a new file.
    const rotated = a.run("logrotate -f /etc/logrotate.d/anodising-site");
    check(rotated.status === 0, "logrotate takes the visits log's rule (13 months)", rotated.stdout + rotated.stderr);
    // nginx opens the new file when its signal arrives: a visit each try, until one lands there
    // (marked by its path: the log writes no query string).
    let tries = 0;
    await until("nginx to write to the new log", () => {
      curl(a, `${verified}/after-rotation-${++tries}`);
      return fs.readFileSync(a.file("/var/log/anodising-visits/access.log"), "utf8").includes("/after-rotation-");
    });
    check(
      fs.existsSync(a.file("/var/log/anodising-visits/access.log.1")),
      "the day's log kept as access.log.1, the new one written",
    );
    const made = a.must("stat -c '%U:%G %a' /var/log/anodising-visits/access.log").trim();
    check(made === "www-data:site-report 640", "the new log is nginx's user's, the report's group reads it", made);

    // Debian 13's GoAccess counts the tests' own log as Debian 12's does (server/tests/report.spec.ts).
    const fixture = a.file("/var/tmp/report-fixture");
    fs.rmSync(fixture, { recursive: true, force: true });
    writeRelease(path.join(fixture, "release"));
    linkLive(path.join(fixture, "host"), "/var/tmp/report-fixture/release");
    writeVisits(path.join(fixture, "visits"), Date.now());
    fs.mkdirSync(path.join(fixture, "enquiry"));
    const built = a.run(
      "cd /srv/site/app && TSX_DISABLE_CACHE=1 HOST_DIR=/var/tmp/report-fixture/host VISITS_LOG_DIR=/var/tmp/report-fixture/visits REPORT_DIR=/var/tmp/report-fixture/report ENQUIRY_DIR=/var/tmp/report-fixture/enquiry node --import tsx server/analytics/main.ts",
    );
    check(built.status === 0, "the report builds from the tests' log", built.stdout + built.stderr);
    const counted = JSON.parse(fs.readFileSync(path.join(fixture, "report", "summary.json"), "utf8")) as Report;
    const week = counted.periods.find((period) => period.id === "last-7-days")!;
    const year = counted.periods.find((period) => period.id === "last-365-days")!;
    const found = [
      week.visitors,
      week.pageViews,
      week.pages[0]?.views,
      week.crawlers.hits,
      week.lines.malformed,
      year.visitors,
      year.pageViews,
    ];
    const wanted = [
      EXPECTED.visitors,
      EXPECTED.pageViews,
      EXPECTED.serviceViews,
      EXPECTED.robotHits,
      EXPECTED.malformedLines,
      EXPECTED.yearVisitors,
      EXPECTED.yearPageViews,
    ];
    check(
      JSON.stringify(found) === JSON.stringify(wanted),
      `its counts: ${JSON.stringify(found)}`,
      `wanted ${JSON.stringify(wanted)}`,
    );
    const written = fs
      .readdirSync(path.join(fixture, "report"))
      .map((name) => fs.readFileSync(path.join(fixture, "report", name), "utf8"));
    check(
      written.every((text) => ADDRESSES.every((address) => !text.includes(address))),
      "no full address in anything the report wrote",
    );
    fs.rmSync(fixture, { recursive: true, force: true });

    check(a.run("sitectl owner-mail not-an-address").status === 1, "sitectl owner-mail refuses a bad address");
    check(a.must("sitectl owner-mail").includes(OWNER_TO), `the owner's address set at install: ${OWNER_TO}`);
    const now = a.run("sitectl report --now");
    report("report.txt", now.stdout + now.stderr);
    check(
      now.status === 0 && /The last 7 days: [1-9]\d* visitors/.test(now.stdout),
      "sitectl report --now builds it through its unit",
      now.stdout + now.stderr,
    );
    check(
      a.must("stat -c %U /var/lib/anodising-report/index.html").trim() === "site-report",
      "as the report's own user",
    );
    const exposure = Number(
      /level for \S+: ([\d.]+)/.exec(
        a.must("systemd-analyze security --no-pager anodising-report.service | tail -1"),
      )?.[1],
    );
    check(exposure <= MAX_EXPOSURE, `anodising-report.service: exposure ${exposure}`);
    check(
      a.run("systemctl is-enabled anodising-report.timer").stdout.trim() === "enabled",
      "anodising-report.timer enabled (hourly)",
    );
    check(curl(a, `${verified}/admin/report/`) === "401", "/admin/report/ asks for the login (401)");
    const page = a.must(`curl -sS ${basic} ${verified}/admin/report/last-7-days`);
    check(
      page.includes("Visits and enquiries: last 7 days") && !page.includes("<script"),
      "and shows the report with it, without a script",
    );
    check(
      /ok\s+The owner's report was built/.test(a.run("sitectl doctor").stdout),
      "sitectl doctor says when it was built",
    );
  }),
];
