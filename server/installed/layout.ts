// Where an installed site lives: the paths deploy/lib/common.sh gives the installer, and
// the settings it writes. sitectl reads them; only deploy/install changes them.
import fs from "node:fs";
import path from "node:path";
import { writeFileAtomic } from "../lib/files";

/**
 * Every path of an installed site, under `root`: "/" on the server, a temporary folder in
 * the checks' tests (they plant there what each problem looks like).
 */
export function layoutUnder(root: string) {
  const at = (...parts: string[]) => path.join(root, ...parts);
  const SITE_DIR = at("srv/site");
  const HOST_DIR = path.join(SITE_DIR, "host");
  const ETC_DIR = at("etc/anodising");
  return {
    SITE_DIR,
    /** One folder per code version (its commit), each with its own node_modules. */
    CODE_DIR: path.join(SITE_DIR, "code"),
    /** Symlink to the code version in use; the units' working directory. */
    APP_LINK: path.join(SITE_DIR, "app"),
    HOST_DIR,
    REPO_DIR: path.join(HOST_DIR, "repo"),
    /** The staff logins: the login check's alone (anodising-login). */
    EDITORS_FILE: path.join(SITE_DIR, "login", "editors"),
    ENQUIRY_DIR: path.join(SITE_DIR, "enquiry"),
    ETC_DIR,
    SETTINGS_FILE: path.join(ETC_DIR, "install.conf"),
    ENQUIRY_ENV: path.join(ETC_DIR, "enquiry.env"),
    PUBLISHER_ENV: path.join(ETC_DIR, "publisher.env"),
    /** The CDN mirror's bucket, keys and the server's address (sitectl mirror set): root's, 0600. */
    MIRROR_ENV: path.join(ETC_DIR, "mirror.env"),
    /** The off-site backups' repository, keys and encryption password (sitectl backups set): root's, 0600. */
    BACKUPS_ENV: path.join(ETC_DIR, "backups.env"),
    /** The key that signs this server's backup files (sitectl backup), kept off them: root's, 0600. */
    BACKUP_FILE_ENV: path.join(ETC_DIR, "backup-file.env"),
    /** How the off-site backups went (status.json, no secret in it) and restic's cache: root's. */
    BACKUPS_DIR: at("var/lib/anodising-backups"),
    /** The secret nginx sends the editor with each visitor's address, and nginx's copy of it (deploy/configure). */
    EDITOR_PROXY_ENV: path.join(ETC_DIR, "editor-proxy.env"),
    EDITOR_SECRET_MAP: at("etc/nginx/conf.d/site-editor-secret.conf"),
    /** The secret nginx gives the enquiry service with a staff login (/admin/enquiries/), and nginx's copy. */
    ENQUIRY_STAFF_ENV: path.join(ETC_DIR, "enquiry-staff.env"),
    ENQUIRY_SECRET_MAP: at("etc/nginx/conf.d/site-enquiry-secret.conf"),
    SELF_SIGNED_DIR: path.join(ETC_DIR, "tls"),
    LETSENCRYPT_DIR: at("etc/letsencrypt"),
    LOG_DIR: at("var/log/anodising"),
    /** nginx's visits log (shortened addresses), which the owner's report reads: the folder root's (group site-report), the logs www-data's. */
    VISITS_DIR: at("var/log/anodising-visits"),
    /** The owner's report (pages and summary.json), written by anodising-report.service; nginx serves it at /admin/report/. */
    REPORT_DIR: at("var/lib/anodising-report"),
    /** The operator's alert settings (ALERT_TO, ALERT_WEBHOOK): root's, mode 0600. */
    WATCH_ENV: path.join(ETC_DIR, "watch.env"),
    /** The watch's state (0600) and the problems staff see in /admin/ (problems.json, 0644, served by nginx). */
    WATCH_DIR: at("var/lib/anodising-watch"),
    /** What the watch's root part leaves for the watch (facts.json): root's, group site-watch, 0750. */
    WATCH_FACTS_DIR: at("run/anodising-watch-facts"),
    /** The kernels installed (a newer one than the running kernel means a restart is pending). */
    BOOT_DIR: at("boot"),
    /** Debian's unattended-upgrades writes each run here (root's): what the security updates did. */
    UPGRADES_LOG: at("var/log/unattended-upgrades/unattended-upgrades.log"),
  };
}
export type Layout = ReturnType<typeof layoutUnder>;

/** The installed site's paths on this server. */
export const LAYOUT = layoutUnder("/");
export const {
  SITE_DIR,
  CODE_DIR,
  APP_LINK,
  HOST_DIR,
  REPO_DIR,
  EDITORS_FILE,
  ENQUIRY_DIR,
  ETC_DIR,
  SETTINGS_FILE,
  ENQUIRY_ENV,
  PUBLISHER_ENV,
  MIRROR_ENV,
  EDITOR_PROXY_ENV,
  EDITOR_SECRET_MAP,
  ENQUIRY_STAFF_ENV,
  ENQUIRY_SECRET_MAP,
  SELF_SIGNED_DIR,
  LETSENCRYPT_DIR,
  LOG_DIR,
  VISITS_DIR,
  REPORT_DIR,
  WATCH_ENV,
  WATCH_DIR,
  WATCH_FACTS_DIR,
  BACKUPS_ENV,
  BACKUP_FILE_ENV,
  BACKUPS_DIR,
} = LAYOUT;
export const SITE_GROUP = "site";
/** The one install command, of the code in use: it puts the installation back as it should be. */
export const INSTALL_COMMAND = path.join(APP_LINK, "deploy", "install");

/** The four services: their systemd unit, the user each runs as and its UMask= (as in its unit). */
export const SERVICES = {
  publisher: { unit: "anodising-publisher", user: "site-publisher", umask: "0022" },
  login: { unit: "anodising-login", user: "site-login", umask: "0077" },
  editor: { unit: "anodising-editor", user: "site-editor", umask: "0022" },
  enquiry: { unit: "anodising-enquiry", user: "site-enquiry", umask: "0077" },
} as const;
export type ServiceName = keyof typeof SERVICES;
/** The owner's report's user (its timer's unit, deploy/systemd/anodising-report.service). */
export const REPORT_USER = "site-report";
/** The watch's user (deploy/systemd/anodising-watch.service): it checks, and can change nothing of the site. */
export const WATCH_USER = "site-watch";
/** Whose files root reads: a service's, or the report's. */
export type FileOwner = ServiceName | "report";
export const userOf = (owner: FileOwner) => (owner === "report" ? REPORT_USER : SERVICES[owner].user);
export const UNITS = Object.values(SERVICES).map((service) => service.unit);
/** The site's own timers: the watch (sitectl watch, every 15 minutes), the daily republish, the hourly report, the backups. */
export const WATCH_TIMER = "anodising-watch.timer";
export const REPORT_UNIT = "anodising-report.service";
export const REPORT_TIMER = "anodising-report.timer";
/** The off-site backups' (sitectl backups): hourly, the weekly verify, the monthly drill; idle until backups are set. */
export const BACKUP_TIMERS = [
  "anodising-backup.timer",
  "anodising-backup-verify.timer",
  "anodising-backup-drill.timer",
];
export const BACKUP_UNITS = [
  "anodising-backup.service",
  "anodising-backup-verify.service",
  "anodising-backup-drill.service",
];
export const TIMERS = [WATCH_TIMER, "anodising-republish.timer", REPORT_TIMER, ...BACKUP_TIMERS];
/** Where the units have the editor and the enquiry service listen (127.0.0.1 only). */
export const SERVICE_PORTS = { editor: 8091, enquiry: 8092 } as const;

/**
 * An e-mail address the operator may set (ENQUIRY_TO): deploy/lib/common.sh's EMAIL
 * pattern, the same characters (a test holds the two together), so the value can be stored
 * in a KEY=value file and read back by systemd as it is.
 */
export const OPERATOR_EMAIL =
  /^[A-Za-z0-9][A-Za-z0-9.!#%&'*+/=?^_{|}~-]{0,63}@([A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}$/;

/** An SMTP URL as deploy/lib/common.sh's SMTP_URL pattern: storable as a KEY=value line. */
export const SMTP_URL_PATTERN = /^smtps?:\/\/[^\][\s\u0000-\u001f\u007f"'\\$`]+$/;
/** A webhook for alerts: https, or http on this machine (a local relay; the tests). */
export const WEBHOOK_PATTERN =
  /^(https:\/\/[A-Za-z0-9.-]+(:[0-9]{1,5})?|http:\/\/(127\.0\.0\.1|localhost|\[::1\])(:[0-9]{1,5})?)(\/[A-Za-z0-9._~%\/?=&+-]*)?$/;

/** KEY=value lines (comments and blank lines skipped); {} when the file is not there. */
export function readEnvFile(file: string): Record<string, string> {
  if (!fs.existsSync(file)) return {};
  const values: Record<string, string> = {};
  for (const line of fs.readFileSync(file, "utf8").split("\n")) {
    const match = /^\s*([A-Z_][A-Z0-9_]*)=(.*)$/.exec(line);
    if (match) values[match[1]] = match[2].trim().replace(/^(["'])(.*)\1$/, "$2");
  }
  return values;
}

/**
 * Whether nginx's map file (conf.d/) holds the secret `name` of a service's settings file:
 * deploy/configure writes both, and a service believes nginx only with it.
 */
export function nginxHasSecret(envFile: string, name: string, mapFile: string): boolean {
  const secret = readEnvFile(envFile)[name] ?? "";
  const nginxMap = fs.existsSync(mapFile) ? fs.readFileSync(mapFile, "utf8") : "";
  return secret.length >= 16 && nginxMap.includes(`"${secret}"`);
}

/**
 * Sets (or, with "", removes) KEY=value lines in a root-only settings file, keeping its
 * other lines; written whole (atomic; mode 0600 unless told).
 */
export function setEnvValues(file: string, values: Record<string, string>, mode = 0o600): void {
  const lines = fs.existsSync(file) ? fs.readFileSync(file, "utf8").split("\n") : [];
  const kept = lines.filter((line) => line !== "" && !Object.keys(values).some((key) => line.startsWith(`${key}=`)));
  const set = Object.entries(values)
    .filter(([, value]) => value !== "")
    .map(([key, value]) => `${key}=${value}`);
  writeFileAtomic(file, [...kept, ...set, ""].join("\n"), mode, true);
}

export interface InstallSettings {
  domain: string;
  email: string;
  tls: "acme" | "self-signed" | "off";
  acmeServer: string;
  /** The published address if not https://DOMAIN (deploy/install --site-url, sitectl site-url); "" for that. */
  siteUrl: string;
}

/** What deploy/install was last run with; null when the site is not installed. */
export function readInstallSettings(): InstallSettings | null {
  if (!fs.existsSync(SETTINGS_FILE)) return null;
  const values = readEnvFile(SETTINGS_FILE);
  return {
    domain: values.DOMAIN ?? "",
    email: values.EMAIL ?? "",
    tls: (values.TLS as InstallSettings["tls"]) ?? "acme",
    acmeServer: values.ACME_SERVER ?? "",
    siteUrl: values.SITE_URL ?? "",
  };
}

/** The address the site is published at, as deploy/lib/common.sh's published_address gives it to builds. */
export const publishedAddressOf = (settings: InstallSettings) => settings.siteUrl || `https://${settings.domain}`;

/** The certificate nginx serves for the site, as deploy/lib/common.sh finds it. */
export function certificateFile(settings: InstallSettings, layout: Layout = LAYOUT): string | null {
  const file =
    settings.tls === "acme"
      ? path.join(layout.LETSENCRYPT_DIR, "live", settings.domain, "fullchain.pem")
      : settings.tls === "self-signed"
        ? path.join(layout.SELF_SIGNED_DIR, "cert.pem")
        : null;
  return file && fs.existsSync(file) ? file : null;
}

/** The code version in use: its id (the commit's first 12 characters) and folder. */
export function currentCode(): { id: string; dir: string } {
  const dir = fs.realpathSync(APP_LINK);
  return { id: path.basename(dir), dir };
}

/** The site's address as a visitor types it. */
export const siteUrl = (settings: InstallSettings, secure: boolean) =>
  `${secure ? "https" : "http"}://${settings.domain}/`;
