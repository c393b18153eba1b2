/**
 * @jest-environment node
 */
// The enquiry service's delivery against a real SMTP server (the tests' catcher) that is
// closed, then opened: what the operator's `--retry` and staff's "send again" promise
// ("within a few seconds") holds even while the service waits out a down server's
// backoff, which may have grown to half an hour (found on Debian 13, issue 53).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Delivery } from "../../server/enquiry/delivery";
import { startCatcher, type Catcher } from "../../server/enquiry/catcher";
import { Spool } from "../../server/enquiry/spool";

/** Far longer than the test may take: only a retry asked for can send within it. */
const LONG_BACKOFF_MS = 10 * 60_000;

const ID = "RETRYASK01";
const message = Buffer.from(
  [
    "From: Enquiries <enquiries@site.test>",
    "To: Sales <sales@site.test>",
    "Subject: Enquiry",
    `X-Enquiry-Reference: ${ID}`,
    "",
    "A buyer's enquiry.",
    "",
  ].join("\r\n"),
);

/** Resolves when `condition` holds (checked every 50 ms); the test's timeout is the limit. */
function until(condition: () => boolean): Promise<void> {
  return new Promise((resolve) => {
    const check = setInterval(() => {
      if (!condition()) return;
      clearInterval(check);
      resolve();
    }, 50);
    // A test timed out leaves nothing running that keeps jest from ending.
    check.unref();
  });
}

describe("delivery while the mail server was down", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "delivery-test-"));
  const inbox = path.join(dir, "inbox");
  const spool = new Spool(path.join(dir, "spool"));
  const lines: string[] = [];
  let catcher: Catcher | undefined;
  let delivery: Delivery | undefined;

  afterAll(async () => {
    delivery?.stop();
    await catcher?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("sends an enquiry within seconds of a retry asked for, however long the backoff", async () => {
    spool.prepare();
    // A port the mail server will take, closed for now: connections are refused.
    const first = await startCatcher(inbox, 0);
    const port = first.port;
    await first.close();

    spool.add(ID, message);
    delivery = new Delivery(
      spool,
      {
        smtpUrl: `smtp://127.0.0.1:${port}`,
        to: "sales@site.test",
        retryMs: LONG_BACKOFF_MS,
        retryMaxMs: LONG_BACKOFF_MS,
        exitAfterAccept: false,
        mailCheckMs: LONG_BACKOFF_MS,
      },
      (line) => lines.push(line),
    );
    delivery.start();
    await until(() => lines.some((line) => line.includes("mail server unreachable")));
    expect(spool.stateOf(ID)).toBe("pending");

    catcher = await startCatcher(inbox, port);
    spool.askToSend(ID, "pending");
    await until(() => spool.stateOf(ID) === "sent");
    const received = fs.readdirSync(inbox).filter((name) => name.endsWith(".eml"));
    expect(received).toHaveLength(1);
    expect(fs.readFileSync(path.join(inbox, received[0]!), "utf8")).toContain(`X-Enquiry-Reference: ${ID}`);
  }, 60_000);
});
