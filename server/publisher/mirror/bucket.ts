// The bucket, through the AWS SDK v3 (which signs every request): list, upload, delete.
// Checksums only where an operation requires one: since 3.729 the SDK adds CRC32 to
// every upload by default, which R2, B2 and other S3-compatible services refuse or
// mishandle. Deletions go one object at a time: DeleteObjects requires a checksum, and
// services differ on which they take (Content-MD5 or CRC32).
import fs from "node:fs";
import { DeleteObjectCommand, GetObjectCommand, ListObjectsV2Command, PutObjectCommand } from "@aws-sdk/client-s3";
import { s3Client } from "../../lib/s3";
import type { MirrorObject } from "./objects";
import type { Listed } from "./plan";
import type { MirrorSettings } from "./settings";

/** Requests at once: enough to hide the round trip, few enough for a small uplink. */
export const CONCURRENCY = 6;

export interface Bucket {
  list(): Promise<Listed[]>;
  put(object: MirrorObject): Promise<void>;
  remove(key: string): Promise<void>;
  /** An object's bytes as the bucket serves them (sitectl's check). */
  read(key: string): Promise<string>;
  putText(key: string, text: string): Promise<void>;
  close(): void;
}

export function openBucket(settings: MirrorSettings): Bucket {
  const client = s3Client(settings);
  const Bucket = settings.bucket;
  return {
    async list() {
      const listed: Listed[] = [];
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, ContinuationToken }));
        for (const object of page.Contents ?? []) {
          if (object.Key) listed.push({ key: object.Key, etag: (object.ETag ?? "").replace(/"/g, "") });
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
      return listed;
    },
    async put(object) {
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: object.key,
          Body: fs.readFileSync(object.file),
          ContentType: object.contentType,
          CacheControl: object.cacheControl,
          // S3 checks the bytes against it, and stores the object whole or not at all.
          ContentMD5: Buffer.from(object.md5, "hex").toString("base64"),
        }),
      );
    },
    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
    async read(key) {
      const answer = await client.send(new GetObjectCommand({ Bucket, Key: key }));
      return (await answer.Body?.transformToString()) ?? "";
    },
    async putText(key, text) {
      await client.send(new PutObjectCommand({ Bucket, Key: key, Body: text, ContentType: "text/plain" }));
    },
    close() {
      client.destroy();
    },
  };
}

/** Runs `work` on each item, `CONCURRENCY` at a time; the first failure stops new ones and is thrown. */
export async function eachLimited<T>(items: readonly T[], work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  let failed: unknown;
  const worker = async () => {
    while (failed === undefined && next < items.length) {
      const item = items[next++];
      try {
        await work(item);
      } catch (error) {
        failed ??= error;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, items.length) }, worker));
  if (failed !== undefined) throw failed;
}
