// What root reads of the enquiry service: its spool as the service's own user lists it, and
// its status record, read as root reads a service's files (a plain file it owns, never a link).
import path from "node:path";
import type { MailState } from "../enquiry/delivery";
import type { Entry, SpoolStatus } from "../enquiry/spool";
import { ENQUIRY_DIR, SERVICES } from "./layout";
import { printable, readOwnedFile, uidOf } from "./serviceFiles";
import { script } from "./shell";

/** The spool as the enquiry service's user lists it (root reads nothing in the spool itself). */
export function spoolEntries(): Entry[] | string {
  const ran = script(SERVICES.enquiry.user, "server/enquiry/enquiries.ts", ["--json"]);
  if (ran.status !== 0) return printable(ran.stderr.trim() || `exit ${ran.status}`);
  try {
    return (JSON.parse(ran.stdout) as (Entry & { receivedAt: string })[]).map((entry) => ({
      ...entry,
      receivedAt: new Date(entry.receivedAt),
      attempts: { ...entry.attempts, lastError: printable(String(entry.attempts.lastError)) },
    }));
  } catch {
    return "its list is not JSON";
  }
}

/** The enquiry service's own status.json (its counts, recipient and mail state), read as root reads service files. */
export function enquiryStatus(): (SpoolStatus & { mail?: MailState }) | null {
  const text = readOwnedFile(path.join(ENQUIRY_DIR, "status.json"), uidOf(SERVICES.enquiry.user));
  try {
    return text ? (JSON.parse(text) as SpoolStatus & { mail?: MailState }) : null;
  } catch {
    return null;
  }
}
