// What each of the operator's settings files may hold: its keys, each with the rule its
// value keeps (the same patterns deploy/install and sitectl apply when they write it). A
// restore takes a backup's settings only through these rules (review 4, M3): systemd hands
// every KEY=value line of a unit's EnvironmentFile= to the service, so an unknown key
// (NODE_OPTIONS, LD_PRELOAD, GIT_SSH_COMMAND) would run code as that service's user.
import path from "node:path";
import {
  BACKUP_FILE_ENV,
  ENQUIRY_ENV,
  MIRROR_ENV,
  OPERATOR_EMAIL,
  PUBLISHER_ENV,
  SMTP_URL_PATTERN,
  WATCH_ENV,
  WEBHOOK_PATTERN,
} from "./layout";
import { BUCKET_PATTERNS } from "./bucketOptions";

/** A whole number, as the services' envNumber reads one. */
const COUNT = /^[0-9]{1,9}$/;
/** A git remote the publisher pushes to: ssh, https or a path; no option, no `ext::` transport, no space. */
const GIT_REMOTE = /^(ssh:\/\/|https:\/\/|[A-Za-z0-9._-]+@[A-Za-z0-9.-]+:|\/)[A-Za-z0-9._~:@/%+=-]*$/;
/** The key that signs backup files (server/backups/signature.ts): 32 random bytes, base64url. */
export const FILE_KEY_PATTERN = /^[A-Za-z0-9_-]{43}$/;
/** The site's own https address (sitectl mirror set writes SERVER_URL). */
const SERVER_ADDRESS = /^https:\/\/[A-Za-z0-9.-]+$/;

/** Each settings file's keys and their rules; nothing else belongs in it. */
export const SETTING_RULES: Record<string, Record<string, RegExp>> = {
  [ENQUIRY_ENV]: {
    SMTP_URL: SMTP_URL_PATTERN,
    ENQUIRY_TO: OPERATOR_EMAIL,
    ENQUIRY_FROM: OPERATOR_EMAIL,
    ENQUIRY_POSTS_PER_MINUTE: COUNT,
    ENQUIRY_POSTS_PER_HOUR: COUNT,
    ENQUIRY_MB_PER_HOUR: COUNT,
    ENQUIRY_ATTACH_MB: COUNT,
    ENQUIRY_MAIL_MB_PER_HOUR: COUNT,
    ENQUIRY_SPOOL_MAX_MB: COUNT,
    ENQUIRY_MAIL_CHECK_MINUTES: COUNT,
    ENQUIRY_RETRY_MS: COUNT,
    ENQUIRY_RETRY_MAX_MS: COUNT,
  },
  [PUBLISHER_ENV]: {
    SITE_REMOTE: GIT_REMOTE,
    HOST_MIN_FREE_MB: COUNT,
    BUILD_TIMEOUT_MINUTES: COUNT,
    PUSH_RETRY_SECONDS: COUNT,
  },
  [WATCH_ENV]: {
    ALERT_TO: OPERATOR_EMAIL,
    ALERT_WEBHOOK: WEBHOOK_PATTERN,
    OWNER_TO: OPERATOR_EMAIL,
  },
  [MIRROR_ENV]: {
    MIRROR_ENDPOINT: BUCKET_PATTERNS.endpoint,
    MIRROR_BUCKET: BUCKET_PATTERNS.bucket,
    MIRROR_REGION: BUCKET_PATTERNS.region,
    MIRROR_URL: SERVER_ADDRESS,
    MIRROR_ACCESS_KEY_ID: BUCKET_PATTERNS.key,
    MIRROR_SECRET_ACCESS_KEY: BUCKET_PATTERNS.key,
    MIRROR_GRACE_HOURS: COUNT,
    MIRROR_MAX_DELETES: COUNT,
    MIRROR_RETRY_SECONDS: COUNT,
    SERVER_URL: SERVER_ADDRESS,
  },
  [BACKUP_FILE_ENV]: { BACKUP_FILE_KEY: FILE_KEY_PATTERN },
};

/** The keys whose change the operator is shown: where enquiries, alerts, reports and the content go. */
export const WHERE_THINGS_GO = [
  "ENQUIRY_TO",
  "ENQUIRY_FROM",
  "SMTP_URL",
  "ALERT_TO",
  "ALERT_WEBHOOK",
  "OWNER_TO",
  "SITE_REMOTE",
];

export class SettingRefused extends Error {}

/**
 * A settings file's text read through its rules: KEY=value lines (comments and blank lines
 * skipped), every key known, every value keeping its rule. The first that does not is
 * refused, naming the file, the line and why. `name` is how the file is named there.
 */
export function checkedSettings(file: string, text: string, name = path.basename(file)): Record<string, string> {
  const rules = SETTING_RULES[file];
  if (!rules) throw new SettingRefused(`${name} is not one of the operator's settings files`);
  const values: Record<string, string> = {};
  for (const [index, line] of text.split("\n").entries()) {
    if (/^\s*(#.*)?$/.test(line)) continue;
    const at = `${name} line ${index + 1}`;
    const match = /^([A-Z_][A-Z0-9_]{0,63})=(.*)$/.exec(line);
    if (!match) throw new SettingRefused(`${at} is not a KEY=value line`);
    const [, key, value] = match;
    if (!(key in rules))
      throw new SettingRefused(
        `${at}: ${key} is not a setting of ${path.basename(file)} (it takes ${Object.keys(rules).join(", ")})`,
      );
    if (key in values) throw new SettingRefused(`${at}: ${key} is set twice`);
    if (value !== "" && !rules[key].test(value))
      throw new SettingRefused(
        `${at}: ${key}'s value is not a valid ${key} (the rule sitectl and deploy/install keep)`,
      );
    values[key] = value;
  }
  return values;
}

/** The file's text again from checked values: KEY=value lines only, in the rules' order. */
export function settingsText(file: string, values: Record<string, string>): string {
  return Object.keys(SETTING_RULES[file])
    .filter((key) => values[key] !== undefined && values[key] !== "")
    .map((key) => `${key}=${values[key]}\n`)
    .join("");
}

/** A value as the operator may see it: an address's password hidden. */
export const shownValue = (value: string) => value.replace(/\/\/([^/@:]*):[^/@]*@/, "//$1:(hidden)@") || "(none)";
