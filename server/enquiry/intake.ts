// Taking in one quote form: the work behind POST /api/enquiry, as a plain function of the
// form as it arrived (app.ts's route reads the HTTP request into a PostedForm and turns the
// answer back into a status and a page). It checks the honeypot, the token, the live
// site's rules for every field and file, the limits every visitor shares; then composes
// the e-mail, stores the enquiry durably in the spool and counts it for the owner's report.
// A refusal of the request itself (a field sent twice, a bad token) throws a Refusal and
// writes nothing.
import fs from "node:fs";
import {
  ANSWER_SEPARATOR,
  FILE_FIELD,
  DEFAULT_LANGUAGE,
  HONEYPOT_FIELD,
  LANGUAGE_FIELD,
  PAGE_FIELD,
  PAGE_PATTERN,
  SIGNATURE_BYTES,
  TOKEN_FIELD,
  TOKEN_PATTERN,
  checkFields,
  checkFiles,
  formFields,
  questionFields,
  isLanguage,
  valueFields,
  type Language,
  type Problems,
} from "../../src/contract/enquiry";
import { ESTIMATE_FIELD, MAX_ESTIMATE_CHARS, decodeEstimate, type EstimateDetails } from "../../src/contract/estimate";
import { addressKeys } from "../lib/addresses";
import { Refusal } from "../lib/refusal";
import { composeMessage, type Drawing } from "./message";
import type { EnquiryRecord } from "./record";
import { newId } from "./reference";
import type { EnquirySettingsEnv } from "./settings";
import type { LiveSite } from "./site";
import { HOUR_MS } from "./mailBudget";
import type { Spool } from "./spool";
import { pathOf, tallyEnquiry } from "./tally";

/** A form as it arrived: each field's values in order, the fields cut short at their limit, its files. */
export interface PostedForm {
  fields: Map<string, string[]>;
  truncated: Set<string>;
  files: Drawing[];
  /** The visitor's address: counted by its sender (../lib/addresses.ts), never written. */
  from: string;
}

/** What became of a form. */
export type Taken = (
  | /** Stored now (201), or stored before under the same token (200). */
  { kind: "received"; id: string; status: 200 | 201 }
  /** The visitor's answers break the form's rules: shown again with each problem (and the estimate's figures kept). */
  | { kind: "problems"; values: Record<string, string>; problems: Problems; estimate: string }
  /** It cannot be stored now (limits for everyone, a full disk, no live release): call or WhatsApp instead. */
  | { kind: "unavailable" }
) & {
  /** The language of the form the buyer used: the answer is in it. */
  language: Language;
};

export type IntakeSettings = Pick<
  EnquirySettingsEnv,
  | "postsPerHour"
  | "bytesPerHour"
  | "attachMaxBytes"
  | "mailBytesPerHour"
  | "spoolMaxBytes"
  | "minFreeBytes"
  | "from"
  | "to"
>;

export interface IntakeDeps {
  spool: Spool;
  site: Pick<LiveSite, "settings" | "estimateDetails">;
  settings: IntakeSettings;
  log: (line: string) => void;
  /** The free bytes on the spool's disk (the disk's floor is kept free). */
  freeBytes?: (dir: string) => number;
  /** Bytes staff sent again in the last hour (mailBudget.ts): they count against the hour's e-mail. */
  resentBytes?: () => number;
}

/**
 * One sender (an address; an IPv6 address by its /64) takes at most this share of the
 * hour's enquiries and of its bytes: alone it cannot spend the hour for every buyer.
 */
export const SENDER_SHARE = 1 / 4;

const diskFree = (dir: string) => {
  const disk = fs.statfsSync(dir);
  return disk.bavail * disk.bsize;
};

/** The intake: `take` a form; forms with one token are stored once, however often they come. */
export function intake({ spool, site, settings, log, freeBytes = diskFree, resentBytes = () => 0 }: IntakeDeps) {
  const storing = new Map<string, Promise<void>>();
  /** What each sender stored in the last hour, in memory only: at most the hour's enquiries in all. */
  const bySender = new Map<string, { at: number; bytes: number }[]>();
  const senderHour = (sender: string, now: number) => {
    for (const [key, stored] of bySender) {
      const recent = stored.filter((each) => now - each.at < HOUR_MS);
      if (recent.length) bySender.set(key, recent);
      else bySender.delete(key);
    }
    return bySender.get(sender) ?? [];
  };

  /** Why `bytes` more cannot be stored now, or null. */
  const noRoomFor = (bytes: number): string | null => {
    const free = freeBytes(spool.dir);
    if (free - bytes < settings.minFreeBytes) {
      return `${Math.floor(free / 1024 / 1024)} MB free on the spool's disk, under the ${settings.minFreeBytes / 1024 / 1024} MB kept free (HOST_MIN_FREE_MB)`;
    }
    if (!spool.makeRoom(bytes, settings.spoolMaxBytes)) {
      return `the spool is full (${settings.spoolMaxBytes / 1024 / 1024} MB, ENQUIRY_SPOOL_MAX_MB) with waiting and failed enquiries`;
    }
    return null;
  };

  /**
   * What staff are shown of the desk's figures: worked out again from the live desk in the
   * buyer's language; without a live desk, the figures alone. Null when none came.
   */
  const estimateOf = (text: string, language: Language, at: Date): EstimateDetails | null => {
    const values = decodeEstimate(text);
    if (Object.keys(values).length === 0) return null;
    try {
      const details = site.estimateDetails(values, language, at.toISOString().slice(0, 10));
      if (details) return details;
    } catch (error) {
      log(`enquiry: could not read the live estimate desk: ${(error as Error).message}`);
    }
    return { inputs: Object.entries(values).map(([label, value]) => ({ label, value })), lines: [] };
  };

  async function take({ fields: sent, truncated, files, from }: PostedForm): Promise<Taken> {
    const once = (name: string) => {
      const all = sent.get(name) ?? [];
      if (all.length > 1) throw new Refusal(400, `field "${name}" sent twice`);
      return all[0];
    };
    if (once(HONEYPOT_FIELD)) {
      // No address in the journal: the privacy notice names none kept there.
      log("enquiry: discarded a form: the hidden field robots fill was filled");
      throw new Refusal(400, "refused");
    }
    const token = once(TOKEN_FIELD);
    if (token !== undefined && !TOKEN_PATTERN.test(token))
      throw new Refusal(400, "token: 16 to 64 letters, digits, - or _");
    const sentPage = once(PAGE_FIELD) ?? "";
    if (sentPage && !PAGE_PATTERN.test(sentPage))
      throw new Refusal(400, "page: a path of this site, up to 200 characters");
    // The page alone: its query string may carry what the buyer typed elsewhere.
    const page = pathOf(sentPage);
    const language = once(LANGUAGE_FIELD) ?? DEFAULT_LANGUAGE;
    if (!isLanguage(language)) throw new Refusal(400, "language: one of the site's languages");
    // The estimate desk's figures, when the buyer came from its firm-quote button.
    const estimate = once(ESTIMATE_FIELD) ?? "";
    if (estimate.length > MAX_ESTIMATE_CHARS || truncated.has(ESTIMATE_FIELD))
      throw new Refusal(400, `estimate: the desk's figures, up to ${MAX_ESTIMATE_CHARS} characters`);

    let live;
    try {
      live = site.settings();
    } catch (error) {
      log(`enquiry: no live release to read settings from: ${(error as Error).message}`);
      return { kind: "unavailable", language };
    }
    if (language !== DEFAULT_LANGUAGE && !live.translations?.[language])
      throw new Refusal(400, `language: the form is not published in "${language}"`);
    // The live release's fields: its content's questions, required or not, and their answers
    // (a translated form sends the English's names and answers).
    const fields = formFields(live.form);
    const values: Record<string, string> = {};
    for (const rule of valueFields(fields)) {
      // Only tick boxes send a name more than once: their answers are a line each.
      const value = rule.input === "checkboxes" ? (sent.get(rule.name) ?? []).join(ANSWER_SEPARATOR) : once(rule.name);
      if (value !== undefined) values[rule.name] = value;
    }
    const problems: Problems = checkFields(
      fields,
      values,
      live.services.map((service) => service.slug),
    );
    for (const name of truncated) if (name in values) problems[name] = "tooLong";
    const filesProblem = checkFiles(
      files.map((file) => ({
        name: file.fileName,
        size: file.content.length,
        head: file.content.subarray(0, SIGNATURE_BYTES),
      })),
    );
    if (filesProblem) problems[FILE_FIELD] = filesProblem;
    if (Object.keys(problems).length) return { kind: "problems", values, problems, language, estimate };

    const id = newId(token);
    await storing.get(id)?.catch(() => undefined);
    if (spool.stateOf(id)) return { kind: "received", id, status: 200, language };
    // Bounds for everyone together: how many and how many bytes in an hour, the inbox's
    // load, the spool's size, the disk's floor.
    const fileBytes = files.reduce((sum, file) => sum + file.content.length, 0);
    const lastHour = spool.receivedWithin(HOUR_MS);
    if (lastHour.length >= settings.postsPerHour) {
      log(
        `enquiry: refused a form: ${settings.postsPerHour} enquiries in the last hour already (ENQUIRY_POSTS_PER_HOUR)`,
      );
      return { kind: "unavailable", language };
    }
    const storedLastHour = lastHour.reduce((sum, entry) => sum + entry.size + entry.drawingSize, 0);
    if (storedLastHour + fileBytes > settings.bytesPerHour) {
      log(
        `enquiry: refused a form: ${Math.round(storedLastHour / 2 ** 20)} MB of enquiries in the last hour already (ENQUIRY_MB_PER_HOUR)`,
      );
      return { kind: "unavailable", language };
    }
    const sender = addressKeys(from).address;
    const senders = senderHour(sender, Date.now());
    const senderBytes = senders.reduce((sum, each) => sum + each.bytes, 0);
    // A sender's first form of the hour is never refused for its share.
    if (
      senders.length > 0 &&
      (senders.length + 1 > settings.postsPerHour * SENDER_SHARE ||
        senderBytes + fileBytes > settings.bytesPerHour * SENDER_SHARE)
    ) {
      log(
        `enquiry: refused a form: one sender (an address, an IPv6 /64) had ${SENDER_SHARE * 100}% of the hour's enquiries or bytes already (ENQUIRY_POSTS_PER_HOUR, ENQUIRY_MB_PER_HOUR)`,
      );
      return { kind: "unavailable", language };
    }
    // The files go with the e-mail while they and the hour's e-mailed bytes stay within
    // their limits; otherwise they are kept on the server (all of them) and the e-mail says so.
    const mailedLastHour = lastHour.reduce((sum, entry) => sum + entry.size, 0) + resentBytes();
    const filesKept =
      files.length > 0 &&
      (fileBytes > settings.attachMaxBytes || mailedLastHour + fileBytes > settings.mailBytesPerHour);
    const work = (async () => {
      const receivedAt = new Date();
      const details = estimateOf(estimate, language, receivedAt);
      const message = await composeMessage(
        { id, values, files, filesKept, receivedAt, language, ...(details ? { estimate: details } : {}) },
        live,
        settings.from,
        settings.to,
      );
      const record: EnquiryRecord = {
        id,
        receivedAt: receivedAt.toISOString(),
        values: Object.fromEntries(valueFields(fields).map((rule) => [rule.name, values[rule.name] ?? ""])),
        questions: questionFields(fields).map((rule) => ({ name: rule.name, label: rule.words.label })),
        service: live.services.find((choice) => choice.slug === values.service)?.title ?? values.service,
        page,
        language,
        files: files.map((file) => ({ name: file.fileName, bytes: file.content.length, attached: !filesKept })),
        ...(details ? { estimate: details } : {}),
      };
      const bytes = message.length + (filesKept ? fileBytes : 0) + JSON.stringify(record).length;
      const full = noRoomFor(bytes);
      if (full) throw new Error(full);
      spool.add(id, message, filesKept ? files.map((file) => file.content) : [], record);
      // For the owner's report; the enquiry is stored whatever happens to its count.
      try {
        tallyEnquiry(spool.dir, page, values.service ?? "");
      } catch (error) {
        log(`enquiry: could not count ${id} for the report: ${(error as Error).message}`);
      }
    })();
    storing.set(id, work);
    try {
      await work;
    } catch (error) {
      log(`enquiry: could not store an enquiry: ${(error as Error).message}`);
      return { kind: "unavailable", language };
    } finally {
      storing.delete(id);
    }
    bySender.set(sender, [...senderHour(sender, Date.now()), { at: Date.now(), bytes: fileBytes }]);
    log(
      `enquiry: stored ${id}${files.length ? ` with ${files.length} file(s), ${fileBytes} bytes${filesKept ? ", kept on the server (not attached)" : ""}` : ""}`,
    );
    return { kind: "received", id, status: 201, language };
  }

  return { take };
}
