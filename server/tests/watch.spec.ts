// The server's watch after its checks (server/watch/run.ts), against a real SMTP server
// (the tests' catcher) and a real webhook (an HTTP server on loopback): for each kind of
// problem, the alert that reaches the operator, its reminder and its end; mail down (the
// webhook tells, the outbox keeps the messages, both arrive in order once mail is back);
// a webhook that fails; the weekly digest; hostile text. The checks themselves run on the
// booted Debian 13 (npm run test:install).
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import type { AddressInfo } from "node:net";
import { expect, test } from "@playwright/test";
import { simpleParser, type ParsedMail } from "mailparser";
import sharp from "sharp";
import { buildReport } from "../analytics/build";
import { readSite } from "../analytics/site";
import { tallyEnquiry } from "../enquiry/tally";
import { CHART_CID, ownerMailMessage } from "../analytics/ownerMail";
import type { Message } from "../lib/mail";
import { digestMessage } from "../watch/messages";
import type { Channels } from "../watch/notify";
import { FLAP_MS, REMINDER_MS, type Problem, type WatchState } from "../watch/policy";
import { emptySaved, watchRun, type Saved } from "../watch/run";
import { Inbox } from "./mail";
import { PAGES, writeRelease, writeVisits } from "./visits";

test.describe.configure({ mode: "serial", timeout: 60_000 });

const DOMAIN = "www.anodising.test";
const OPERATOR = "ops@anodising.test";
const OWNER = "owner@anodising.test";
const T0 = Date.UTC(2026, 10, 25, 8, 0);

let inbox: Inbox;
let hook: http.Server;
let hookUrl = "";
let hookStatus = 200;
const posts: { title: string; body: string }[] = [];

test.beforeAll(async () => {
  inbox = await Inbox.create();
  hook = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      if (hookStatus === 200)
        posts.push({ title: String(request.headers.title), body: Buffer.concat(chunks).toString() });
      response.writeHead(hookStatus).end();
    });
  });
  await new Promise<void>((resolve) => hook.listen(0, "127.0.0.1", resolve));
  hookUrl = `http://127.0.0.1:${(hook.address() as AddressInfo).port}/alerts`;
});

test.afterAll(async () => {
  await inbox.close();
  await new Promise((resolve) => hook.close(resolve));
});

const channels = (): Channels => ({ smtpUrl: inbox.url, from: `watch@${DOMAIN}`, to: OPERATOR, webhook: hookUrl });

/** Every message the inbox holds, parsed, oldest first. */
async function mails(): Promise<ParsedMail[]> {
  const files = inbox.files().sort();
  return Promise.all(files.map((file) => simpleParser(fs.readFileSync(file))));
}

/** The owner's digest, when a test sets it. */
let ownerMessage: ((state: WatchState) => Promise<Message>) | null = null;

async function run(saved: Saved, problems: Problem[], now: number, digestNow = false): Promise<Saved> {
  return watchRun(saved, {
    problems,
    now,
    channels: channels(),
    domain: DOMAIN,
    digest: async (state) => [
      digestMessage({
        domain: DOMAIN,
        from: now - 7 * 86_400_000,
        to: now,
        published: [{ at: new Date(now - 86_400_000).toISOString(), commit: "a1b2c3d" }],
        failedPublishes: 1,
        enquiries: { received: 4, sent: 3, waiting: 1, failed: 0 },
        certificateDays: 61,
        diskFreeMb: 51234,
        backups:
          "to https://s3.example.com/site-backups: the last good 2026-11-27 11:05 UTC (1 h ago, 5.0 MB, 2 KB new)",
        contentWarnings: ['content/home.yaml: "ISO 9001 certificate" is valid until 2026-12-01'],
        ended: state.ended,
        lasting: [],
      }),
      ...(ownerMessage ? [await ownerMessage(state)] : []),
    ],
    digestNow,
    save: () => {},
    log: () => {},
  });
}

/** One kind of problem for each thing the checks watch, in the words they use. */
const KINDS: Problem[] = [
  {
    id: "publish:technical",
    text: "the last build failed for a technical reason (log: /srv/site/host/publisher/logs/x.log); the site shows the last good version.",
    fix: "sitectl logs publisher (to see why); once the cause is fixed: sitectl republish",
    notice: "staff's latest change is not on the site",
    blips: 0,
  },
  {
    id: "unit:anodising-editor",
    text: "anodising-editor failed (signal after 4 restarts), and systemd does not start it again by itself.",
    fix: "sitectl logs editor, then: systemctl reset-failed anodising-editor && systemctl start anodising-editor",
    notice: "staff cannot open the editor at /admin/ or save",
    blips: 0,
  },
  {
    id: `certificate:${DOMAIN}`,
    text: `the certificate for ${DOMAIN} expires in 5 days (2026-11-30) and has not been renewed.`,
    fix: "certbot renew",
    notice: "nothing yet; from 2026-11-30 browsers refuse the site",
    blips: 0,
  },
  {
    id: "disk",
    text: "only 900 MB free on /srv/site/host's disk; a build needs 2048 MB, so nothing new is published.",
    fix: "free some space",
    notice: "staff's changes are not published, and the quote form refuses enquiries (503) near the floor",
    blips: 0,
  },
  {
    id: "enquiries-waiting",
    text: "2 enquiries have waited more than 15 minutes to be e-mailed: 7KQ3M9D2XA, 8KQ3M9D2XB",
    fix: "sitectl mail-server --set",
    notice: "buyers were thanked, but sales has not received their enquiries",
    blips: 0,
  },
  {
    id: "site",
    text: `https://${DOMAIN}/ does not answer: connect ECONNREFUSED 127.0.0.1:443`,
    fix: "systemctl restart nginx",
    notice: "visitors cannot open the site",
    blips: 1,
  },
];

for (const kind of KINDS) {
  test(`${kind.id}: told when it lasts, reminded daily, told when resolved, by mail and webhook`, async () => {
    const before = inbox.files().length;
    posts.length = 0;
    let saved = emptySaved();
    // Within the blip allowance nobody is told.
    for (let blip = 0; blip < kind.blips; blip++) saved = await run(saved, [kind], T0 + blip * 15 * 60_000);
    expect(inbox.files().length).toBe(before);
    const start = T0 + kind.blips * 15 * 60_000;
    saved = await run(saved, [kind], start);
    saved = await run(saved, [kind], start + REMINDER_MS);
    saved = await run(saved, [], start + REMINDER_MS + FLAP_MS);
    expect(saved.outbox).toEqual([]);
    const got = (await mails()).slice(before);
    expect(got.map((mail) => mail.subject)).toEqual([
      `[${DOMAIN}] PROBLEM: ${kind.text}`.slice(0, 200),
      expect.stringMatching(new RegExp(`^\\[${DOMAIN}\\] Still a problem after 24 h( \\d+ min)?:`)),
      `[${DOMAIN}] Resolved: ${kind.text}`.slice(0, 200),
    ]);
    const [alert, , resolved] = got;
    expect(alert.to && "value" in alert.to ? alert.to.value[0].address : "").toBe(OPERATOR);
    expect(alert.html).toBe(false);
    for (const part of [kind.text, kind.notice, kind.fix, new Date(T0).toISOString().slice(0, 10)])
      expect(alert.text).toContain(part);
    expect(resolved.text).toContain("Resolved after 25 h");
    expect(posts.map((post) => post.title)).toEqual(got.map((mail) => mail.subject));
  });
}

test("mail down: the webhook tells at once, the outbox keeps the mail, and start and end arrive once mail is back", async () => {
  const mailServer: Problem = {
    id: "mail-server",
    text: "the enquiry service's mail server (127.0.0.1:25) does not take mail since 2026-11-25 08:00 UTC: ECONNREFUSED; 1 enquiry waits",
    fix: "sitectl mail-server --set",
    notice: "buyers are thanked, but their enquiries wait on the server",
    blips: 0,
  };
  posts.length = 0;
  const before = inbox.files().length;
  await inbox.close();
  let saved = await run(emptySaved(), [mailServer], T0);
  expect(posts.map((post) => post.title)).toEqual([`[${DOMAIN}] PROBLEM: ${mailServer.text}`]);
  expect(saved.outbox).toHaveLength(1);
  expect(saved.outbox[0]).toMatchObject({ mail: true, hook: false });
  expect(saved.outbox[0].lastError).toMatch(/^mail: /);
  await inbox.open();
  saved = await run(saved, [], T0 + FLAP_MS);
  expect(saved.outbox).toEqual([]);
  const got = (await mails()).slice(before);
  expect(got.map((mail) => mail.subject)).toEqual([
    `[${DOMAIN}] PROBLEM: ${mailServer.text}`,
    `[${DOMAIN}] Resolved: ${mailServer.text}`,
  ]);
});

test("a webhook that fails keeps its messages for the next run; mail goes on", async () => {
  const disk = KINDS.find((kind) => kind.id === "disk")!;
  posts.length = 0;
  hookStatus = 500;
  const before = inbox.files().length;
  let saved = await run(emptySaved(), [disk], T0);
  expect(inbox.files().length).toBe(before + 1);
  expect(saved.outbox).toEqual([
    expect.objectContaining({ mail: false, hook: true, lastError: expect.stringMatching(/500/) }),
  ]);
  hookStatus = 200;
  saved = await run(saved, [disk], T0 + 15 * 60_000);
  expect(saved.outbox).toEqual([]);
  expect(posts).toHaveLength(1);
});

test("the weekly digest: by mail only, with the week's figures and the problems that came and went", async () => {
  const cert = KINDS.find((kind) => kind.id.startsWith("certificate"))!;
  posts.length = 0;
  const before = inbox.files().length;
  let saved = await run(emptySaved(), [cert], T0);
  saved = await run(saved, [], T0 + FLAP_MS);
  saved = await run(saved, [], T0 + FLAP_MS + 15 * 60_000, true);
  const digest = (await mails()).slice(before).at(-1)!;
  expect(digest.subject).toBe(`[${DOMAIN}] Weekly: all is well, 4 enquiries, 1 published`);
  for (const part of [
    "All is well",
    "Published: 1 release(s), 1 publish(es) refused or failed",
    "4 received, 3 e-mailed",
    "61 days left",
    "51234 MB free",
    "Off-site backups: to https://s3.example.com/site-backups: the last good 2026-11-27 11:05 UTC",
    "Content warnings for staff",
    cert.text,
  ])
    expect(digest.text).toContain(part);
  expect(posts.map((post) => post.title)).toEqual([
    `[${DOMAIN}] PROBLEM: ${cert.text}`,
    `[${DOMAIN}] Resolved: ${cert.text}`,
  ]);
  // The first run only starts the week: no digest until a week later.
  const quiet = inbox.files().length;
  saved = await run(emptySaved(), [], T0);
  saved = await run(saved, [], T0 + 6 * 86_400_000);
  expect(inbox.files().length).toBe(quiet);
  await run(saved, [], T0 + 7 * 86_400_000);
  expect(inbox.files().length).toBe(quiet + 1);
});

test("the owner's weekly e-mail: visitors, pages, enquiries per service, the server's health, a table and a chart (issue 39)", async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "owner-digest-"));
  const now = Date.now();
  writeRelease(path.join(dir, "release"));
  writeVisits(path.join(dir, "visits"), now);
  fs.mkdirSync(path.join(dir, "enquiry"));
  tallyEnquiry(path.join(dir, "enquiry"), PAGES.service, "service-a", now - 86_400_000);
  const report = await buildReport({
    logDir: path.join(dir, "visits"),
    enquiryDir: path.join(dir, "enquiry"),
    site: readSite(path.join(dir, "release")),
    outDir: path.join(dir, "report"),
    now,
  });
  const notice = "Visitors <b>cannot</b> send the quote form\u0007";
  ownerMessage = async () =>
    ownerMailMessage({ domain: DOMAIN, to: OWNER, now, report, problems: [{ notice, since: now - 3_600_000 }] });
  posts.length = 0;
  const before = inbox.files().length;
  try {
    await run(emptySaved(), [], now, true);
  } finally {
    ownerMessage = null;
    fs.rmSync(dir, { recursive: true, force: true });
  }
  const sent = (await mails()).slice(before);
  const to = (mail: ParsedMail) => (mail.to && !Array.isArray(mail.to) ? mail.to.value[0].address : "");
  expect(sent.map(to).sort()).toEqual([OPERATOR, OWNER].sort());
  const owner = sent.find((mail) => to(mail) === OWNER)!;
  expect(owner.subject).toBe(`[${DOMAIN}] Your week: 2 visitors, 1 enquiry`);
  for (const part of [
    "Visitors: 2",
    "Page views: 4",
    "Enquiries: 1",
    "Service A page (/service-a): 2 views, 2 visitors",
    "Service A: 1 (2 visitors)",
    "www.google.com: 1 (search engine)",
    "The server: 1 problem(s) now",
    "Visitors <b>cannot</b> send the quote form?",
    `https://${DOMAIN}/admin/report/`,
  ])
    expect(owner.text).toContain(part);
  const html = String(owner.html);
  expect(html).toContain("<table");
  expect(html).toContain("Visitors &lt;b&gt;cannot&lt;/b&gt;");
  expect(html).not.toContain("<b>cannot");
  // mailparser puts the picture its cid: names in place: the two match.
  expect(html).toMatch(/<img src="data:image\/png;base64,[^"]+" alt="Visitors and enquiries per week/);
  const [chart] = owner.attachments;
  expect(chart).toMatchObject({ contentType: "image/png", cid: CHART_CID });
  const picture = await sharp(chart.content).metadata();
  expect([picture.format, picture.width, picture.height]).toEqual(["png", 400, 300]);
  // By mail only: the webhook is for what needs someone now.
  expect(posts).toEqual([]);
});

test("hostile text from a check (control characters, markup) reaches the operator as plain text", async () => {
  const hostile: Problem = {
    id: "publish:technical",
    text: "build failed\u001b]0;owned\u0007 <img src=x onerror=alert(1)>\r\nBcc: victim@example.com",
    fix: "sitectl republish",
    notice: "staff's latest change is not on the site",
    blips: 0,
  };
  const before = inbox.files().length;
  await run(emptySaved(), [hostile], T0);
  const raw = fs.readFileSync(inbox.files().sort().at(-1)!, "utf8");
  expect(inbox.files().length).toBe(before + 1);
  expect(raw).not.toMatch(/\u001b|\u0007/);
  // The line break in the text makes no header: the headers end at the first blank line.
  const headers = raw.slice(0, raw.indexOf("\r\n\r\n"));
  expect(headers).not.toMatch(/^Bcc:/im);
  expect(raw).not.toMatch(/text\/html/);
  const mail = await simpleParser(raw);
  expect(mail.bcc).toBeUndefined();
  expect(mail.text).toContain("<img src=x onerror=alert(1)>");
});
