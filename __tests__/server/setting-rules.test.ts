/**
 * @jest-environment node
 */
// The operator's settings files read through their rules (server/installed/settingRules.ts),
// as a restore reads a backup's (review 4, M3): known keys with valid values only.
import fs from "node:fs";
import path from "node:path";
import { ENQUIRY_ENV, MIRROR_ENV, PUBLISHER_ENV, WATCH_ENV } from "../../server/installed/layout";
import { SETTING_RULES, checkedSettings, settingsText, shownValue } from "../../server/installed/settingRules";

const ENQUIRY = [
  "# written by deploy/install",
  "SMTP_URL=smtp://site%40example.com:pa55-word@mail.example.com:587",
  "ENQUIRY_TO=quotes@example.com",
  "ENQUIRY_FROM=site@example.com",
  "",
  "ENQUIRY_SPOOL_MAX_MB=4096",
].join("\n");

test("a file as deploy/install and sitectl write it is taken, and written back as KEY=value lines", () => {
  const values = checkedSettings(ENQUIRY_ENV, ENQUIRY, "settings/enquiry.env");
  expect(values).toEqual({
    SMTP_URL: "smtp://site%40example.com:pa55-word@mail.example.com:587",
    ENQUIRY_TO: "quotes@example.com",
    ENQUIRY_FROM: "site@example.com",
    ENQUIRY_SPOOL_MAX_MB: "4096",
  });
  const text = settingsText(ENQUIRY_ENV, values);
  expect(checkedSettings(ENQUIRY_ENV, text)).toEqual(values);
  expect(text).not.toContain("#");
  expect(
    checkedSettings(WATCH_ENV, "ALERT_TO=ops@example.com\nALERT_WEBHOOK=https://hooks.example.com/x\nOWNER_TO=\n"),
  ).toEqual({
    ALERT_TO: "ops@example.com",
    ALERT_WEBHOOK: "https://hooks.example.com/x",
    OWNER_TO: "",
  });
  expect(
    checkedSettings(PUBLISHER_ENV, "SITE_REMOTE=git@github.com:company/site.git\nHOST_MIN_FREE_MB=1024\n"),
  ).toEqual({
    SITE_REMOTE: "git@github.com:company/site.git",
    HOST_MIN_FREE_MB: "1024",
  });
});

test.each([
  [
    "a key that runs code as the service",
    ENQUIRY_ENV,
    "NODE_OPTIONS=--import=data:text/javascript,1",
    /line 1: NODE_OPTIONS is not a setting of enquiry\.env/,
  ],
  [
    "a loader's variable",
    PUBLISHER_ENV,
    "HOST_MIN_FREE_MB=10\nLD_PRELOAD=/tmp/x.so",
    /line 2: LD_PRELOAD is not a setting of publisher\.env/,
  ],
  ["git's own command", PUBLISHER_ENV, "GIT_SSH_COMMAND=sh -c id", /GIT_SSH_COMMAND is not a setting/],
  [
    "a remote that runs a command",
    PUBLISHER_ENV,
    "SITE_REMOTE=ext::sh -c id",
    /SITE_REMOTE's value is not a valid SITE_REMOTE/,
  ],
  ["an option for a remote", PUBLISHER_ENV, "SITE_REMOTE=--upload-pack=id", /SITE_REMOTE's value is not a valid/],
  [
    "an address that is not one",
    ENQUIRY_ENV,
    "ENQUIRY_TO=attacker@example.com, other@example.com",
    /ENQUIRY_TO's value is not a valid ENQUIRY_TO/,
  ],
  ["a number that is not one", ENQUIRY_ENV, "ENQUIRY_ATTACH_MB=4; id", /ENQUIRY_ATTACH_MB's value/],
  ["a webhook off this machine over http", WATCH_ENV, "ALERT_WEBHOOK=http://example.com/x", /ALERT_WEBHOOK's value/],
  ["a key set twice", WATCH_ENV, "ALERT_TO=a@example.com\nALERT_TO=b@example.com", /line 2: ALERT_TO is set twice/],
  ["a line that is no setting", MIRROR_ENV, "export MIRROR_BUCKET=x", /line 1 is not a KEY=value line/],
  [
    "a value with a line's end hidden in it",
    ENQUIRY_ENV,
    "SMTP_URL=smtp://a.example.com\r",
    /line 1 is not a KEY=value line/,
  ],
])("refused, naming the file and the line: %s", (_what, file, text, message) => {
  expect(() => checkedSettings(file, text, `settings/${path.basename(file)}`)).toThrow(message);
});

test("every setting docs/operations.md documents for these files has its rule", () => {
  const docs = fs.readFileSync(path.join(__dirname, "..", "..", "docs", "operations.md"), "utf8");
  const documented = [...docs.matchAll(/^\| `([A-Z][A-Z0-9_]+)`/gm)].map((match) => match[1]);
  const ruled = Object.values(SETTING_RULES).flatMap((rules) => Object.keys(rules));
  expect(documented.length).toBeGreaterThan(0);
  for (const key of documented) expect(ruled).toContain(key);
});

test("a value shown to the operator keeps its password hidden", () => {
  expect(shownValue("smtp://site:pa55@mail.example.com:587")).toBe("smtp://site:(hidden)@mail.example.com:587");
  expect(shownValue("quotes@example.com")).toBe("quotes@example.com");
  expect(shownValue("")).toBe("(none)");
});
