// What `sitectl mirror set` and `sitectl backups set` share: the options naming an
// S3-compatible bucket, the values each may take (plain, so a KEY=value file keeps them as
// they are), and the bucket's keys, from the environment or asked in a terminal.
import { ask, takeFromEnvironment } from "../lib/ask";
import { Failure } from "./shell";

export const BUCKET_PATTERNS = {
  endpoint: /^(https:\/\/[A-Za-z0-9.-]+(:[0-9]{1,5})?|http:\/\/127\.0\.0\.1:[0-9]{1,5})\/?$/,
  bucket: /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
  region: /^[a-z0-9-]{1,32}$/,
  key: /^[A-Za-z0-9+/=_-]{3,256}$/,
} as const;

/** `--name value` pairs of the `names` given; anything else is refused with `usage`. */
export function bucketOptions(args: string[], names: string[], usage: string): Record<string, string> {
  const found: Record<string, string> = {};
  for (let i = 0; i < args.length; i += 2) {
    const name = args[i]?.startsWith("--") ? args[i].slice(2) : "";
    if (!names.includes(name) || args[i + 1] === undefined)
      throw new Failure(`${JSON.stringify(args[i])} is not an option here; usage: ${usage}. Nothing was changed.`);
    found[name] = args[i + 1];
  }
  return found;
}

/** The bucket's keys: from the environment variables named (taken out of it), else asked in a terminal (the secret unseen); checked. */
export async function askBucketKeys(
  idVariable: string,
  secretVariable: string,
): Promise<{ id: string; secret: string }> {
  const given = takeFromEnvironment([idVariable, secretVariable]);
  let keys = { id: given[idVariable], secret: given[secretVariable] };
  if (!keys.id || !keys.secret) {
    if (!process.stdin.isTTY)
      throw new Failure(
        `set ${idVariable} and ${secretVariable}, or run it in a terminal to be asked. Nothing was changed.`,
      );
    keys = {
      id: await ask("The bucket's access key ID: "),
      secret: (await ask("Its secret access key (not shown as you type): ", true)).trim(),
    };
  }
  if (!BUCKET_PATTERNS.key.test(keys.id) || !BUCKET_PATTERNS.key.test(keys.secret))
    throw new Failure(
      "the keys hold characters no S3 service issues (letters, digits, + / = _ - only); nothing was changed.",
    );
  return keys;
}
