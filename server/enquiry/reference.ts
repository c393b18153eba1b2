// An enquiry's reference, as the buyer is told it and the spool names its files: ten
// characters from an alphabet without look-alikes (Crockford's: no I, L, O or U).
import crypto from "node:crypto";

const ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
const LENGTH = 10;

/** A reference, as a pattern's source: for the file names that start with one. */
export const REFERENCE = `[${ALPHABET}]{${LENGTH}}`;
export const ID_PATTERN = new RegExp(`^${REFERENCE}$`);

/** A reference from 50 bits: of the page's token (the same token, the same enquiry), or random. */
export function newId(token?: string): string {
  const bytes = token ? crypto.createHash("sha256").update(token).digest() : crypto.randomBytes(8);
  let bits = 0n;
  for (const byte of bytes.subarray(0, 8)) bits = (bits << 8n) | BigInt(byte);
  let id = "";
  for (let i = 0; i < LENGTH; i += 1) {
    id += ALPHABET[Number(bits & 31n)];
    bits >>= 5n;
  }
  return id;
}
