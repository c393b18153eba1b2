// The enquiry service's HTTP side (Fastify, on 127.0.0.1 behind nginx at /api/enquiry):
// reads a posted form as a stream, checks it with the form's own rules, and only once
// the enquiry is on disk for good answers success: 303 to the thank-you page (a form
// without JavaScript) or 201 with the reference (the page's script, Accept: JSON).
// Anything wrong is answered clearly and writes nothing.
import fs from "node:fs";
import Fastify, { type FastifyReply, type FastifyRequest } from "fastify";
import multipart from "@fastify/multipart";
import rateLimit from "@fastify/rate-limit";
import {
  ANSWER_SEPARATOR,
  ENQUIRY_API,
  FILE_FIELD,
  HONEYPOT_FIELD,
  MAX_FILES,
  MAX_FILES_BYTES,
  PAGE_FIELD,
  PAGE_PATTERN,
  SIGNATURE_BYTES,
  TOKEN_FIELD,
  TOKEN_PATTERN,
  checkFields,
  checkFiles,
  formFields,
  questionFields,
  valueFields,
  type Problems,
} from "../../src/contract/enquiry";
import { addressKeys } from "../lib/addresses";
import type { EnquirySettingsEnv } from "./settings";
import type { LiveSite } from "./site";
import { ID_PATTERN, newId } from "./reference";
import type { Spool } from "./spool";
import { tallyEnquiry } from "./tally";
import type { EnquiryRecord } from "./record";
import { registerInbox } from "./inbox";
import { INBOX_PATH, composeMessage, type Drawing } from "./message";
import { escapeHtml, staffPage } from "../lib/staffPage";
import { Refusal } from "../lib/refusal";

export interface Deps {
  spool: Spool;
  site: LiveSite;
  settings: Pick<
    EnquirySettingsEnv,
    | "postsPerMinute"
    | "postsPerHour"
    | "bytesPerHour"
    | "attachMaxBytes"
    | "mailBytesPerHour"
    | "spoolMaxBytes"
    | "minFreeBytes"
    | "from"
    | "to"
    | "staffSecret"
  >;
  /** Called once an enquiry is stored (or put back to be sent again): delivery may start. */
  stored: () => void;
  log: (line: string) => void;
}

const HOUR_MS = 60 * 60_000;
/** A form's fields besides its files: the fixed ones, up to 20 questions, a tick box's answers each one. */
export const MAX_FIELDS = 100;
/** The most bytes of one field (a 5000-character message, in any script's UTF-8). */
export const MAX_FIELD_BYTES = 32 * 1024;
const wantsJson = (request: FastifyRequest) => (request.headers.accept ?? "").includes("application/json");
const RECEIVED = `${ENQUIRY_API}/received/`;

export async function enquiryApp({ spool, site, settings, stored, log }: Deps) {
  // nginx, on the same machine, says who the visitor is; no one else is believed.
  // On stop, kept-alive connections are closed at once rather than waited for (systemd
  // kills a service that takes longer than TimeoutStopSec). A visitor cut off mid-post
  // either was stored before (the same token then gets the same reference) or was not.
  const app = Fastify({ trustProxy: "127.0.0.1", bodyLimit: 64 * 1024, forceCloseConnections: true });
  await app.register(rateLimit, {
    global: false,
    // One household or server holds a whole IPv6 /64: it counts as one address.
    keyGenerator: (request) => addressKeys(request.ip).address,
    errorResponseBuilder: () => new Refusal(429, "too many forms from this address; wait a minute"),
  });
  await app.register(multipart, {
    limits: {
      fileSize: MAX_FILES_BYTES,
      files: MAX_FILES,
      fields: MAX_FIELDS,
      fieldSize: MAX_FIELD_BYTES,
      parts: MAX_FIELDS + MAX_FILES,
      headerPairs: 50,
    },
  });
  const storing = new Map<string, Promise<void>>();

  // Pages served from a CDN (the mirror) post from the site's public address to the
  // server's own: their script may read the answer. That one origin, and no credentials.
  const publicOrigin = () => {
    try {
      return new URL(site.settings().siteUrl).origin;
    } catch {
      return null;
    }
  };
  app.addHook("onSend", async (request, reply, payload) => {
    const origin = request.headers.origin;
    if (origin && request.url.startsWith(ENQUIRY_API) && origin === publicOrigin())
      reply.header("Access-Control-Allow-Origin", origin).header("Vary", "Origin");
    return payload;
  });
  // The page's script reports upload progress, which makes the browser ask first.
  app.options(ENQUIRY_API, async (_request, reply) =>
    reply
      .code(204)
      .header("Access-Control-Allow-Methods", "POST")
      .header("Access-Control-Allow-Headers", "Accept")
      .header("Access-Control-Max-Age", "600")
      .send(),
  );

  const html = (reply: FastifyReply, status: number, body: string) =>
    reply.code(status).type("text/html; charset=utf-8").header("Cache-Control", "no-store").send(body);

  const received = (request: FastifyRequest, reply: FastifyReply, id: string, status: number) => {
    const location = `${RECEIVED}${id}`;
    if (wantsJson(request))
      return reply.code(status).header("Cache-Control", "no-store").send({ reference: id, location });
    return reply.code(303).header("Location", location).header("Cache-Control", "no-store").send();
  };

  app.post(
    ENQUIRY_API,
    { config: { rateLimit: { max: settings.postsPerMinute, timeWindow: 60_000 } } },
    async (request, reply) => {
      if (!request.isMultipart()) throw new Refusal(415, "send the form as multipart/form-data");
      const sent = new Map<string, string[]>();
      const truncated = new Set<string>();
      const files: Drawing[] = [];
      let fileBytes = 0;
      for await (const part of request.parts()) {
        if (part.type === "file") {
          if (part.fieldname !== FILE_FIELD) throw new Refusal(400, `no file field "${part.fieldname}"`);
          // Throws 413 past MAX_FILES_BYTES in one file, or past MAX_FILES files: nothing has been written.
          const content = await part.toBuffer();
          fileBytes += content.length;
          if (fileBytes > MAX_FILES_BYTES) throw new Refusal(413, `files over ${MAX_FILES_BYTES} bytes together`);
          if (part.filename) files.push({ fileName: part.filename, content });
        } else {
          if (part.valueTruncated || part.fieldnameTruncated) truncated.add(part.fieldname);
          sent.set(part.fieldname, [...(sent.get(part.fieldname) ?? []), String(part.value)]);
        }
      }
      const once = (name: string) => {
        const all = sent.get(name) ?? [];
        if (all.length > 1) throw new Refusal(400, `field "${name}" sent twice`);
        return all[0];
      };
      if (once(HONEYPOT_FIELD)) {
        log(`enquiry: discarded a form from ${request.ip}: the hidden field robots fill was filled`);
        throw new Refusal(400, "refused");
      }
      const token = once(TOKEN_FIELD);
      if (token !== undefined && !TOKEN_PATTERN.test(token))
        throw new Refusal(400, "token: 16 to 64 letters, digits, - or _");
      const page = once(PAGE_FIELD) ?? "";
      if (page && !PAGE_PATTERN.test(page)) throw new Refusal(400, "page: a path of this site, up to 200 characters");

      let live;
      try {
        live = site.settings();
      } catch (error) {
        log(`enquiry: no live release to read settings from: ${(error as Error).message}`);
        return unavailable(request, reply);
      }
      // The live release's fields: its content's questions, required or not, and their answers.
      const fields = formFields(live.form);
      const values: Record<string, string> = {};
      for (const rule of valueFields(fields)) {
        // Only tick boxes send a name more than once: their answers are a line each.
        const value =
          rule.input === "checkboxes" ? (sent.get(rule.name) ?? []).join(ANSWER_SEPARATOR) : once(rule.name);
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
      if (Object.keys(problems).length) {
        if (wantsJson(request)) return reply.code(422).send({ problems });
        return html(reply, 422, site.formWithProblems(values, problems));
      }

      const id = newId(token);
      await storing.get(id)?.catch(() => undefined);
      if (spool.stateOf(id)) return received(request, reply, id, 200);
      // Bounds for everyone together: how many and how many bytes in an hour, the inbox's
      // load, the spool's size, the disk's floor.
      const lastHour = spool.receivedWithin(HOUR_MS);
      if (lastHour.length >= settings.postsPerHour) {
        log(
          `enquiry: refused a form: ${settings.postsPerHour} enquiries in the last hour already (ENQUIRY_POSTS_PER_HOUR)`,
        );
        return unavailable(request, reply);
      }
      const storedLastHour = lastHour.reduce((sum, entry) => sum + entry.size + entry.drawingSize, 0);
      if (storedLastHour + fileBytes > settings.bytesPerHour) {
        log(
          `enquiry: refused a form: ${Math.round(storedLastHour / 2 ** 20)} MB of enquiries in the last hour already (ENQUIRY_MB_PER_HOUR)`,
        );
        return unavailable(request, reply);
      }
      // The files go with the e-mail while they and the hour's e-mailed bytes stay within
      // their limits; otherwise they are kept on the server (all of them) and the e-mail says so.
      const mailedLastHour = lastHour.reduce((sum, entry) => sum + entry.size, 0);
      const filesKept =
        files.length > 0 &&
        (fileBytes > settings.attachMaxBytes || mailedLastHour + fileBytes > settings.mailBytesPerHour);
      const work = (async () => {
        const receivedAt = new Date();
        const message = await composeMessage(
          { id, values, files, filesKept, receivedAt },
          live,
          settings.from || live.from,
          settings.to,
        );
        const record: EnquiryRecord = {
          id,
          receivedAt: receivedAt.toISOString(),
          values: Object.fromEntries(valueFields(fields).map((rule) => [rule.name, values[rule.name] ?? ""])),
          questions: questionFields(fields).map((rule) => ({ name: rule.name, label: rule.words.label })),
          service: live.services.find((choice) => choice.slug === values.service)?.title ?? values.service,
          page,
          files: files.map((file) => ({ name: file.fileName, bytes: file.content.length, attached: !filesKept })),
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
        return unavailable(request, reply);
      } finally {
        storing.delete(id);
      }
      log(
        `enquiry: stored ${id}${files.length ? ` with ${files.length} file(s), ${fileBytes} bytes${filesKept ? ", kept on the server (not attached)" : ""}` : ""}`,
      );
      stored();
      return received(request, reply, id, 201);
    },
  );

  /** Why `bytes` more cannot be stored now, or null. */
  const noRoomFor = (bytes: number): string | null => {
    const disk = fs.statfsSync(spool.dir);
    const free = disk.bavail * disk.bsize;
    if (free - bytes < settings.minFreeBytes) {
      return `${Math.floor(free / 1024 / 1024)} MB free on the spool's disk, under the ${settings.minFreeBytes / 1024 / 1024} MB kept free (HOST_MIN_FREE_MB)`;
    }
    if (!spool.makeRoom(bytes, settings.spoolMaxBytes)) {
      return `the spool is full (${settings.spoolMaxBytes / 1024 / 1024} MB, ENQUIRY_SPOOL_MAX_MB) with waiting and failed enquiries`;
    }
    return null;
  };

  const unavailable = (request: FastifyRequest, reply: FastifyReply) => {
    if (wantsJson(request)) return reply.code(503).send({ error: "enquiries cannot be stored now; call or WhatsApp" });
    return html(reply, 503, site.notice("unavailable"));
  };

  app.get<{ Params: { id: string } }>(`${RECEIVED}:id`, async (request, reply) => {
    const { id } = request.params;
    if (!ID_PATTERN.test(id) || !spool.stateOf(id)) return html(reply, 404, site.notFound());
    return html(reply, 200, site.received(id));
  });

  if (settings.staffSecret) {
    registerInbox(app, { spool, words: () => site.settings(), secret: settings.staffSecret, log, resend: stored });
  }
  const forStaff = (request: FastifyRequest) => request.url.startsWith(INBOX_PATH);
  const staffError = (reply: FastifyReply, status: number, message: string) =>
    html(
      reply,
      status,
      staffPage("Enquiries", `<h1>Enquiries</h1>\n<p class="notice problem">${escapeHtml(message)}</p>`, INBOX_PATH),
    );

  app.setNotFoundHandler((request, reply) =>
    forStaff(request) ? staffError(reply, 404, "No such page.") : html(reply, 404, site.notFound()),
  );

  app.setErrorHandler((error: Error & { statusCode?: number }, request, reply) => {
    const status = error.statusCode ?? 500;
    if (status >= 500) log(`enquiry: ${request.method} ${request.url}: ${error.stack ?? error.message}`);
    if (forStaff(request))
      return staffError(reply, status, status >= 500 ? "The enquiry service failed; see its log." : error.message);
    if (wantsJson(request) || ![413, 429].includes(status)) {
      return reply.code(status).send({ error: status >= 500 ? "internal error" : error.message });
    }
    return html(reply, status, site.notice(status === 413 ? "tooLarge" : "tooMany"));
  });

  return app;
}
