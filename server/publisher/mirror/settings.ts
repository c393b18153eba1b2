// The mirror's settings: /etc/anodising/mirror.env (mode 0600, root's; systemd hands it
// to the publisher), written by `sitectl mirror set`. No file, no mirror.
import { envNumber } from "../../lib/settings";

export interface MirrorSettings {
  /** The S3 API's address: https://ACCOUNT.r2.cloudflarestorage.com, https://s3.REGION.amazonaws.com, … */
  endpoint: string;
  bucket: string;
  /** "auto" for R2; the bucket's region for S3. */
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** The public address the CDN serves the bucket at (shown to staff; doctor asks it). */
  publicUrl: string;
  /** How long an object no kept release uses stays before it is deleted. */
  graceMs: number;
  /** The most objects one run deletes. */
  maxDeletes: number;
  /** First wait before a failed run is tried again; doubled each time up to an hour. */
  retryMs: number;
}

/** Two days: far longer than any page stays open or any cache keeps a revalidated page. */
export const GRACE_HOURS = 48;
/** Hugo's default for its deploy's deletions. */
export const MAX_DELETES = 256;

/** The settings from the environment, or null when the mirror is off (MIRROR_BUCKET unset). */
export function readMirrorSettings(env = process.env): MirrorSettings | null {
  if (!env.MIRROR_BUCKET) return null;
  const missing = ["MIRROR_ENDPOINT", "MIRROR_ACCESS_KEY_ID", "MIRROR_SECRET_ACCESS_KEY"].filter((name) => !env[name]);
  if (missing.length)
    throw new Error(`MIRROR_BUCKET is set, but not ${missing.join(", ")}: run sitectl mirror set again`);
  return {
    endpoint: env.MIRROR_ENDPOINT!,
    bucket: env.MIRROR_BUCKET,
    region: env.MIRROR_REGION || "auto",
    accessKeyId: env.MIRROR_ACCESS_KEY_ID!,
    secretAccessKey: env.MIRROR_SECRET_ACCESS_KEY!,
    publicUrl: env.MIRROR_URL ?? "",
    graceMs: envNumber(env, "MIRROR_GRACE_HOURS", GRACE_HOURS) * 3_600_000,
    maxDeletes: envNumber(env, "MIRROR_MAX_DELETES", MAX_DELETES),
    retryMs: envNumber(env, "MIRROR_RETRY_SECONDS", 30) * 1000,
  };
}

/**
 * The build's environment: never the mirror's keys. With the mirror on, the site is
 * published at the CDN's address (SITE_URL) and its form posts to the server's
 * (GATSBY_SERVER_URL); otherwise SITE_URL is the operator's (deploy/install --site-url).
 */
export function buildEnv(env = process.env): NodeJS.ProcessEnv {
  const clean = Object.fromEntries(Object.entries(env).filter(([name]) => !name.startsWith("MIRROR_")));
  if (!env.MIRROR_BUCKET) return clean;
  return {
    ...clean,
    ...(env.MIRROR_URL ? { SITE_URL: env.MIRROR_URL } : {}),
    ...(env.SERVER_URL ? { GATSBY_SERVER_URL: env.SERVER_URL } : {}),
  };
}
