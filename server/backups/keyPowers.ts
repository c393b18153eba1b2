// What the server's bucket keys can do to the stored history (review 4, M4): whoever takes
// root here has them. Tried, not guessed: a small object of its own is written, then its
// version (or, on a bucket without versions, the object) deleted; then deleted by name
// alone, which on a bucket that keeps versions only hides it. Keys that cannot remove a
// version cannot erase the history (an object lock refuses it too); keys that cannot even
// hide leave forgetting old backups to a key off the server (docs/operations.md, "Backups
// nobody on the server can erase").
import crypto from "node:crypto";
import {
  DeleteObjectCommand,
  GetBucketVersioningCommand,
  GetObjectLockConfigurationCommand,
  PutObjectCommand,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import { s3Client } from "../lib/s3";
import type { Repository } from "./restic";
import type { KeyPowers } from "./holding";

/** The bucket and the prefix in it a restic address names (`s3:https://host/bucket/prefix`). */
export function bucketOf(repository: string): { endpoint: string; bucket: string; prefix: string } | null {
  const match = /^s3:(https?:\/\/[^/]+)\/([^/]+)(?:\/(.*))?$/.exec(repository);
  if (!match) return null;
  return { endpoint: match[1], bucket: match[2], prefix: (match[3] ?? "").replace(/\/+$/, "") };
}

const refused = (error: unknown) =>
  error instanceof S3ServiceException &&
  (error.$metadata.httpStatusCode === 403 || /AccessDenied|Forbidden|NotImplemented/i.test(error.name));

/**
 * Tries what the keys can do. `probeName` names the probe object (one per server, so a
 * bucket that refuses deletes keeps one small object, overwritten each time). Throws when
 * the keys cannot even write there.
 */
export async function keyPowers(target: Repository, probeName: string, now = new Date()): Promise<KeyPowers | null> {
  const where = bucketOf(target.repository);
  if (!where) return null;
  const client = s3Client({ ...target, endpoint: where.endpoint });
  const Bucket = where.bucket;
  // Beside restic's own folders, which it alone reads: restic never looks at this one.
  const Key = `${where.prefix ? `${where.prefix}/` : ""}anodising-probe/${probeName}`;
  try {
    const put = () => client.send(new PutObjectCommand({ Bucket, Key, Body: crypto.randomBytes(16).toString("hex") }));
    const tried = async (request: Promise<unknown>) =>
      request.then(
        () => true,
        (error: unknown) => {
          if (refused(error)) return false;
          throw error;
        },
      );
    const versioned = await client
      .send(new GetBucketVersioningCommand({ Bucket }))
      .then((answer) => answer.Status === "Enabled")
      .catch(() => false);
    const locked = await client
      .send(new GetObjectLockConfigurationCommand({ Bucket }))
      .then((answer) => answer.ObjectLockConfiguration?.ObjectLockEnabled === "Enabled")
      .catch(() => false);
    // A version removed for good is erased; without versions, a delete is.
    const { VersionId } = await put();
    const canErase = await tried(
      client.send(new DeleteObjectCommand({ Bucket, Key, ...(VersionId ? { VersionId } : {}) })),
    );
    // A delete by name only (what restic's prune asks): on a bucket with versions, a marker.
    const canDelete =
      VersionId && !canErase
        ? await tried(put().then(() => client.send(new DeleteObjectCommand({ Bucket, Key }))))
        : canErase;
    return { checkedAt: now.toISOString(), canDelete, canErase, versioned: versioned || !!VersionId, locked };
  } finally {
    client.destroy();
  }
}
