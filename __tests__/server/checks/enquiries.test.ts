/**
 * @jest-environment node
 */
// The enquiries' checks (server/watch/checks/enquiries.ts): the spool as the enquiry
// service's user lists it, its status record, and the operator's settings.
import fs from "node:fs";
import path from "node:path";
import type { EnquiryStatus } from "../../../server/installed/enquiries";
import {
  enquiriesFailed,
  enquiriesWaiting,
  enquirySecret,
  mailServer,
  mailSettings,
  recipient,
} from "../../../server/watch/checks/enquiries";
import { levels, place, ran, theProblem, type Place } from "./place";

const MINUTE = 60_000;

/** The spool as `enquiries.ts --json` prints it: entries received `minutesAgo`. */
function spool(here: Place, entries: { id: string; state: string; minutesAgo: number; lastError?: string }[]) {
  const other = here.machine.script;
  here.machine.script = (service, file, args) => {
    // Root asks each service's scripts for the facts: only the spool's list is planted.
    if (file !== "server/enquiry/enquiries.ts") return other(service, file, args);
    expect([service, args]).toEqual(["enquiry", ["--json"]]);
    return ran(
      JSON.stringify(
        entries.map(({ id, state, minutesAgo, lastError = "" }) => ({
          id,
          state,
          receivedAt: new Date(here.now - minutesAgo * MINUTE).toISOString(),
          size: 100,
          drawingSize: 0,
          attempts: { attempts: 1, nextAttemptAt: 0, lastError },
        })),
      ),
    );
  };
}

/** The enquiry service's status record, started an hour ago with `mail`'s state. */
function serviceStatus(
  here: Place,
  changes: Partial<EnquiryStatus> = {},
  mail: Partial<NonNullable<EnquiryStatus["mail"]>> = {},
) {
  const status: EnquiryStatus = {
    updatedAt: new Date(here.now).toISOString(),
    recipient: "sales@site.test",
    waiting: 0,
    oldestWaiting: null,
    failed: [],
    sent: 0,
    mail: {
      server: "mail.site.test:587",
      state: "ok",
      since: new Date(here.now - 60 * MINUTE).toISOString(),
      checkedAt: new Date(here.now - 5 * MINUTE).toISOString(),
      error: "",
      startedAt: new Date(here.now - 60 * MINUTE).toISOString(),
      ...mail,
    },
    ...changes,
  };
  here.write(path.join(here.paths.ENQUIRY_DIR, "status.json"), JSON.stringify(status));
}

/** The operator's enquiry.env, written `minutesAgo`. */
function settings(here: Place, text: string, minutesAgo = 120) {
  const file = here.write(here.paths.ENQUIRY_ENV, text);
  const at = new Date(here.now - minutesAgo * MINUTE);
  fs.utimesSync(file, at, at);
}

describe("enquiriesWaiting", () => {
  test("nothing to say when none waits; a note for one on its way", async () => {
    const here = place();
    spool(here, [{ id: "SENT1", state: "sent", minutesAgo: 30 }]);
    expect(await here.find(enquiriesWaiting)).toEqual([]);
    spool(here, [{ id: "NEW1", state: "pending", minutesAgo: 2 }]);
    expect(levels(await here.find(enquiriesWaiting))).toEqual(["note"]);
  });

  test("problem: waiting more than 15 minutes", async () => {
    const here = place();
    spool(here, [{ id: "OLD1", state: "pending", minutesAgo: 20 }]);
    expect(theProblem(await here.find(enquiriesWaiting))).toMatchObject({
      id: "enquiries-waiting",
      text: expect.stringMatching(/^1 enquiry has waited more than 15 minutes to be e-mailed: OLD1 \(/),
    });
  });

  test("problem: the spool could not be listed, in the service's words", async () => {
    const here = place();
    here.machine.script = () => ran("", 1, "runuser: user site-enquiry does not exist\u001b[2J");
    expect(theProblem(await here.find(enquiriesWaiting))).toMatchObject({
      id: "enquiries-list",
      text: "the enquiries could not be listed: runuser: user site-enquiry does not exist[2J",
    });
    expect(await here.find(enquiriesFailed)).toEqual([]);
  });
});

describe("enquiriesFailed", () => {
  test("ok: the spool in a line; a note while some wait", async () => {
    const here = place();
    spool(here, [{ id: "SENT1", state: "sent", minutesAgo: 30 }]);
    expect(await here.find(enquiriesFailed)).toEqual([
      { level: "ok", text: "enquiries: 0 waiting, 0 failed, 1 sent in the last 7 days (SENT1)" },
    ]);
    spool(here, [{ id: "NEW1", state: "pending", minutesAgo: 1 }]);
    expect(levels(await here.find(enquiriesFailed))).toEqual(["note"]);
  });

  test("problem: refused for good by the mail server", async () => {
    const here = place();
    spool(here, [{ id: "BAD1", state: "failed", minutesAgo: 60, lastError: "550 mailbox unavailable" }]);
    expect(theProblem(await here.find(enquiriesFailed))).toMatchObject({
      id: "enquiries-failed",
      text: expect.stringContaining("BAD1 ("),
      fix: expect.stringMatching(/^sitectl enquiries --retry ID/),
    });
  });
});

describe("recipient", () => {
  test("ok: set, and the running service sends there", async () => {
    const here = place();
    settings(here, "ENQUIRY_TO=sales@site.test\n");
    serviceStatus(here);
    expect(await here.find(recipient)).toEqual([{ level: "ok", text: "enquiries are e-mailed to sales@site.test" }]);
  });

  test("problem: none set", async () => {
    const here = place();
    expect(theProblem(await here.find(recipient))).toMatchObject({
      id: "recipient",
      fix: expect.stringMatching(/^sitectl enquiries-to /),
    });
  });

  test("problem: the running service still sends elsewhere", async () => {
    const here = place();
    settings(here, "ENQUIRY_TO=new@site.test\n");
    serviceStatus(here, { recipient: "old@site.test" });
    expect(theProblem(await here.find(recipient))).toMatchObject({
      id: "recipient",
      fix: "systemctl restart anodising-enquiry",
      notice: "enquiries go to the old address",
    });
  });
});

describe("mailSettings", () => {
  test("nothing to say when the service started after the settings changed", async () => {
    const here = place();
    settings(here, "SMTP_URL=smtp://mail.site.test:587\n", 120);
    serviceStatus(here);
    expect(await here.find(mailSettings)).toEqual([]);
  });

  test("problem: the settings changed after the service started", async () => {
    const here = place();
    settings(here, "SMTP_URL=smtp://mail.site.test:587\n", 10);
    serviceStatus(here);
    expect(theProblem(await here.find(mailSettings))).toMatchObject({ id: "mail-settings" });
  });
});

describe("mailServer", () => {
  test("ok: the running service's mail server takes mail", async () => {
    const here = place();
    settings(here, "SMTP_URL=smtp://mail.site.test:587\n");
    serviceStatus(here);
    expect(levels(await here.find(mailServer))).toEqual(["ok"]);
  });

  test("a note while a newly started service asks its mail server", async () => {
    const here = place();
    settings(here, "SMTP_URL=smtp://mail.site.test:587\n");
    serviceStatus(
      here,
      {},
      { state: "unchecked", checkedAt: null, startedAt: new Date(here.now - 2 * MINUTE).toISOString() },
    );
    expect(levels(await here.find(mailServer))).toEqual(["note"]);
  });

  test("problem: none set, or the service has not said", async () => {
    const here = place();
    expect(theProblem(await here.find(mailServer))).toMatchObject({
      id: "mail-server",
      text: expect.stringMatching(/^no mail server is set/),
    });
    settings(here, "SMTP_URL=smtp://mail.site.test:587\n");
    expect(theProblem(await here.find(mailServer))).toMatchObject({
      id: "mail-server",
      fix: "systemctl restart anodising-enquiry; sitectl logs enquiry",
    });
  });

  test("problem: the mail server does not take mail", async () => {
    const here = place();
    settings(here, "SMTP_URL=smtp://mail.site.test:587\n");
    serviceStatus(here, { waiting: 2 }, { state: "failing", error: "535 authentication failed" });
    expect(theProblem(await here.find(mailServer))).toMatchObject({
      id: "mail-server",
      text: expect.stringMatching(/does not take mail since .*: 535 authentication failed; 2 enquiries wait$/),
      blips: 0,
    });
  });

  test("problem: the service has stopped asking, told after a second run", async () => {
    const here = place();
    settings(here, "SMTP_URL=smtp://mail.site.test:587\n");
    serviceStatus(here, {}, { checkedAt: new Date(here.now - 45 * MINUTE).toISOString() });
    expect(theProblem(await here.find(mailServer))).toMatchObject({ id: "mail-server", blips: 1 });
  });
});

describe("enquirySecret", () => {
  test("ok when nginx's map holds the enquiry service's secret; a problem when not", async () => {
    const here = place();
    expect(theProblem(await here.find(enquirySecret))).toMatchObject({ id: "enquiry-secret" });
    const secret = "another-secret-of-32-characters!";
    here.write(here.paths.ENQUIRY_STAFF_ENV, `ENQUIRY_STAFF_SECRET=${secret}\n`);
    here.write(here.paths.ENQUIRY_SECRET_MAP, `map $a $b { default "${secret}"; }\n`);
    expect(levels(await here.find(enquirySecret))).toEqual(["ok"]);
  });
});
