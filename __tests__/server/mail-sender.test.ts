/**
 * @jest-environment node
 */
// The sender of every e-mail the server sends (issue 71, review 4's L10): the operator's
// ENQUIRY_FROM, else the mail server's login when it is an address, else site@ the domain;
// never the content's e-mail, which a stolen staff login could set to an address the mail
// server refuses, silencing every alert.
import { readEnquirySettings } from "../../server/enquiry/settings";
import { mailSender } from "../../server/lib/mail";
import { UNSENT_AFTER_MS, unsentMail } from "../../server/watch/notify";
import { channels } from "../../server/watch/watch";

const SETTINGS = {
  domain: "www.operator.test",
  email: "ops@operator.test",
  tls: "off",
  acmeServer: "",
  siteUrl: "",
} as const;

test("the operator's ENQUIRY_FROM first, then the mail server's login, then site@ the domain", () => {
  const smtp = "smtp://sales%40operator.test:secret@mail.operator.test:587";
  expect(mailSender({ ENQUIRY_FROM: "quotes@operator.test", SMTP_URL: smtp }, "www.operator.test")).toBe(
    "quotes@operator.test",
  );
  expect(mailSender({ SMTP_URL: smtp }, "www.operator.test")).toBe("sales@operator.test");
  expect(mailSender({ SMTP_URL: "smtp://apikey:secret@smtp.provider.test" }, "www.operator.test")).toBe(
    "site@operator.test",
  );
  // A line edited by hand that is no address is not used.
  expect(mailSender({ ENQUIRY_FROM: "not an address" }, "operator.test")).toBe("site@operator.test");
});

test("the enquiry service sends as the operator's choice", () => {
  expect(readEnquirySettings({ ENQUIRY_FROM: "quotes@operator.test" }).from).toBe("quotes@operator.test");
  expect(readEnquirySettings({ SMTP_URL: "smtps://sales%40operator.test:pw@mail.operator.test" }).from).toBe(
    "sales@operator.test",
  );
});

test("the watch's alerts go out as the same sender, whatever the live content's e-mail is", () => {
  expect(channels(SETTINGS, { ALERT_TO: "ops@operator.test" }, { ENQUIRY_FROM: "quotes@operator.test" }).from).toBe(
    "quotes@operator.test",
  );
  expect(channels(SETTINGS, {}, {}).from).toBe("site@operator.test");
});

test("alert e-mails that could not be sent for half an hour are a problem of their own, with the mail server's answer", () => {
  const now = Date.parse("2026-12-01T12:00:00Z");
  const waiting = {
    subject: "PROBLEM",
    text: "",
    hook: false,
    mail: true,
    createdAt: now - UNSENT_AFTER_MS,
    lastError: "mail: 550 sender refused",
  };
  expect(unsentMail([waiting], now)).toMatch(
    /^1 alert e-mail\(s\) could not be sent since 2026-12-01 11:30 UTC \(mail: 550 sender refused\)$/,
  );
  expect(unsentMail([{ ...waiting, createdAt: now - 60_000 }], now)).toBeNull();
  expect(unsentMail([{ ...waiting, mail: false }], now)).toBeNull();
});
