// A backup file's signature (review 4, M3): an HMAC-SHA256 of its manifest, which holds
// every other file's SHA-256, under the key of the server that made it. The key is in
// root's BACKUP_FILE_ENV, never in the file: whoever alters a file kept off the server (a
// laptop, a USB stick, a shared drive) cannot sign it again. The off-site backups need no
// signature: restic authenticates every snapshot with the recovery sheet's password (and
// they carry the key, so a server restored from them checks the old server's files).
import crypto from "node:crypto";
import fs from "node:fs";
import { BACKUP_FILE_ENV, readEnvFile, setEnvValues } from "../installed/layout";
import { FILE_KEY_PATTERN } from "../installed/settingRules";

export const FILE_KEY = "BACKUP_FILE_KEY";

/** This server's key; null when it has none yet (no backup file made here). */
export function readFileKey(): string | null {
  const key = readEnvFile(BACKUP_FILE_ENV)[FILE_KEY] ?? "";
  return FILE_KEY_PATTERN.test(key) ? key : null;
}

/** This server's key, made the first time it signs a file. */
export function fileKey(): string {
  const kept = readFileKey();
  if (kept) return kept;
  const made = crypto.randomBytes(32).toString("base64url");
  setEnvValues(BACKUP_FILE_ENV, { [FILE_KEY]: made });
  return made;
}

export const signatureOf = (manifest: Buffer, key: string) =>
  crypto.createHmac("sha256", Buffer.from(key, "base64url")).update(manifest).digest("hex");

/** Whether `signature` is the key's for `manifest` (compared in constant time). */
export function signedBy(manifest: Buffer, signature: string, key: string): boolean {
  const expected = Buffer.from(signatureOf(manifest, key));
  const given = Buffer.from(signature.trim());
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}

/** The manifest's file signed in `signatureFile` with this server's key. */
export function sign(manifestFile: string, signatureFile: string): void {
  fs.writeFileSync(signatureFile, `${signatureOf(fs.readFileSync(manifestFile), fileKey())}\n`, { mode: 0o600 });
}
