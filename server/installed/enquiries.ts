// What root reads of the enquiry service: its spool as the service's own user lists it, and
// its status record, read as root reads a service's files (a plain file it owns, never a link).
import path from "node:path";
import type { MailState } from "../enquiry/delivery";
import type { Entry, SpoolStatus } from "../enquiry/spool";
import { ENQUIRY_DIR, SERVICES } from "./layout";
import { z } from "zod";
import { jsonAs } from "../lib/files";
import { enquiryStatus as enquiryStatusSchema, spoolEntry } from "./records";
import { readOwnedFile, uidOf } from "./serviceFiles";
import { printable } from "../lib/printable";
import { script } from "./sandbox";
import type { Ran } from "./shell";

/** The enquiry service's status.json: its counts, where it sends enquiries, how its mail server answers. */
export type EnquiryStatus = SpoolStatus & { mail?: MailState };

/** The spool, from what `enquiries.ts --json` printed as the service's user; or why it could not be listed. */
export function spoolFrom(ran: Ran): Entry[] | string {
  if (ran.status !== 0) return printable(ran.stderr.trim() || `exit ${ran.status}`);
  const listed = jsonAs(z.array(spoolEntry), ran.stdout);
  if (!listed) return "its list is not the spool's (JSON of its entries)";
  return listed.map((entry) => ({
    ...entry,
    receivedAt: new Date(entry.receivedAt),
    attempts: { ...entry.attempts, lastError: printable(entry.attempts.lastError) },
  }));
}

/** The spool as the enquiry service's user lists it (root reads nothing in the spool itself). */
export const spoolEntries = (): Entry[] | string =>
  spoolFrom(script(SERVICES.enquiry.user, "server/enquiry/enquiries.ts", ["--json"]));

/** A status record's text as the service wrote it; null when there is none, or it is not JSON of its shape. */
export const statusFrom = (text: string | undefined): EnquiryStatus | null => jsonAs(enquiryStatusSchema, text);

/** The enquiry service's own status.json, read as root reads service files. */
export const enquiryStatus = (dir = ENQUIRY_DIR, uid = uidOf(SERVICES.enquiry.user)): EnquiryStatus | null =>
  statusFrom(readOwnedFile(path.join(dir, "status.json"), uid));
