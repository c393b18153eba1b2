// An S3 client as the site uses one (the CDN mirror's bucket, the off-site backups' keys
// tried): path-style addresses and checksums only when asked, which every S3-compatible
// service takes, and a few retries.
import { S3Client } from "@aws-sdk/client-s3";

// The SDK's releases from 2027 need Node 22; this pinned one runs on Debian 13's Node 20
// and would say so on every start.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = "true";

export interface BucketKeys {
  endpoint: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

export function s3Client({ endpoint, region, accessKeyId, secretAccessKey }: BucketKeys): S3Client {
  return new S3Client({
    endpoint,
    region,
    credentials: { accessKeyId, secretAccessKey },
    // Path-style (endpoint/bucket/key): every S3-compatible service takes it.
    forcePathStyle: true,
    // The SDK's default checksums (3.729 on) some S3-compatible services refuse.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
    maxAttempts: 3,
  });
}
