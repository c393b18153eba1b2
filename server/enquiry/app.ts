// The enquiry service's HTTP side (Fastify, on 127.0.0.1 behind nginx at /api/enquiry):
// reads a posted form as a stream within its limits, hands it to the intake (intake.ts),
// which stores it for good before anything says success: 303 to the thank-you page (a
// form without JavaScript) or 201 with the reference (the page's script, Accept: JSON).
// Anything wrong is answered clearly and writes nothing.
import Fastify, { type FastifyReply, type FastifyRequest } from "fastify";
import multipart from "@fastify/multipart";
import rateLimit from "@fastify/rate-limit";
import {
  DEFAULT_LANGUAGE,
  ENQUIRY_API,
  FILE_FIELD,
  MAX_FILES,
  MAX_FILES_BYTES,
  isLanguage,
  type Language,
} from "../../src/contract/enquiry";
import { addressKeys } from "../lib/addresses";
import type { EnquirySettingsEnv } from "./settings";
import type { LiveSite } from "./site";
import { intake, type IntakeSettings, type PostedForm } from "./intake";
import { MailBudget } from "./mailBudget";
import { ID_PATTERN } from "./reference";
import type { Spool } from "./spool";
import { registerInbox } from "./inbox";
import { INBOX_PATH } from "./message";
import { escapeHtml, staffPage } from "../lib/staffPage";
import { ESTIMATE_API, ESTIMATE_COUNT_API, FIRM_QUOTE, NEXT_FIELD, RECORD } from "../../src/contract/estimate";
import { valuesOf } from "./estimatePage";
import { tallyEstimate } from "./tally";
import { HOUR_MS } from "./mailBudget";
import { TotalBudget } from "./totalBudget";
import { Refusal } from "../lib/refusal";

export interface Deps {
  spool: Spool;
  site: LiveSite;
  settings: IntakeSettings & Pick<EnquirySettingsEnv, "postsPerMinute" | "staffSecret">;
  /** Called once an enquiry is stored (or put back to be sent again): delivery may start. */
  stored: () => void;
  log: (line: string) => void;
}

/** A form's fields besides its files: the fixed ones, up to 20 questions, a tick box's answers each one. */
export const MAX_FIELDS = 100;
/** The most bytes of one field (a 5000-character message, in any script's UTF-8). */
export const MAX_FIELD_BYTES = 32 * 1024;
/** An estimate is cheap and writes nothing: a buyer may try several for each form sent. */
const ESTIMATES_PER_FORM = 10;
const wantsJson = (request: FastifyRequest) => (request.headers.accept ?? "").includes("application/json");
const RECEIVED = `${ENQUIRY_API}/received/`;

/**
 * The language of the page a refused form came from (/de/...), by its referrer: a form
 * refused before it is read (too large, too many) is answered in it where it can be.
 */
function refererLanguage(request: FastifyRequest): Language {
  try {
    const first = new URL(request.headers.referer ?? "").pathname.split("/")[1];
    return isLanguage(first) ? first : DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

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

  const received = (request: FastifyRequest, reply: FastifyReply, id: string, status: number, language: Language) => {
    const location = `${RECEIVED}${id}${language === DEFAULT_LANGUAGE ? "" : `?language=${language}`}`;
    if (wantsJson(request))
      return reply.code(status).header("Cache-Control", "no-store").send({ reference: id, location });
    return reply.code(303).header("Location", location).header("Cache-Control", "no-store").send();
  };

  const mailBudget = new MailBudget(spool, settings.mailBytesPerHour);
  const intakeOf = intake({ spool, site, settings, log, resentBytes: () => mailBudget.resentBytes() });

  // The route reads the request into a PostedForm (streamed, within the limits above) and
  // turns what the intake says back into HTTP; the work is intake.ts's.
  app.post(
    ENQUIRY_API,
    { config: { rateLimit: { max: settings.postsPerMinute, timeWindow: 60_000 } } },
    async (request, reply) => {
      if (!request.isMultipart()) throw new Refusal(415, "send the form as multipart/form-data");
      const form: PostedForm = { fields: new Map(), truncated: new Set(), files: [], from: request.ip };
      let fileBytes = 0;
      for await (const part of request.parts()) {
        if (part.type === "file") {
          if (part.fieldname !== FILE_FIELD) throw new Refusal(400, `no file field "${part.fieldname}"`);
          // Throws 413 past MAX_FILES_BYTES in one file, or past MAX_FILES files: nothing has been written.
          const content = await part.toBuffer();
          fileBytes += content.length;
          if (fileBytes > MAX_FILES_BYTES) throw new Refusal(413, `files over ${MAX_FILES_BYTES} bytes together`);
          if (part.filename) form.files.push({ fileName: part.filename, content });
        } else {
          if (part.valueTruncated || part.fieldnameTruncated) form.truncated.add(part.fieldname);
          form.fields.set(part.fieldname, [...(form.fields.get(part.fieldname) ?? []), String(part.value)]);
        }
      }
      const taken = await intakeOf.take(form);
      if (taken.kind === "unavailable") return unavailable(request, reply, taken.language);
      if (taken.kind === "problems") {
        if (wantsJson(request)) return reply.code(422).send({ problems: taken.problems });
        return html(reply, 422, site.formWithProblems(taken.values, taken.problems, taken.language, taken.estimate));
      }
      if (taken.status === 201) stored();
      return received(request, reply, taken.id, taken.status, taken.language);
    },
  );

  // The desk with JavaScript answers in the page; when the buyer leaves it with an answer
  // shown, the page says which process, standard and language it was, for the owner's
  // report, and nothing else. Bounded per address and in the hour for everyone.
  const counted = new TotalBudget(settings.postsPerHour * ESTIMATES_PER_FORM, HOUR_MS);
  const count = (process: string, standard: string, language: Language) => {
    if (!counted.take()) return;
    try {
      tallyEstimate(spool.dir, { process, standard, language });
    } catch (error) {
      log(`enquiry: could not count an estimate for the report: ${(error as Error).message}`);
    }
  };
  // The estimate desk without JavaScript: read, answered from the live page's desk, and
  // forgotten (nothing is written but its count). Limited per address like the form, and in total.
  const estimates = new TotalBudget(settings.postsPerMinute * ESTIMATES_PER_FORM, 60_000);
  app.post(
    ESTIMATE_API,
    { config: { rateLimit: { max: settings.postsPerMinute * ESTIMATES_PER_FORM, timeWindow: 60_000 } } },
    async (request, reply) => {
      if (!request.isMultipart()) throw new Refusal(415, "send the form as multipart/form-data");
      if (!estimates.take()) throw new Refusal(429, "too many estimates at once; wait a minute");
      const fields = new Map<string, string[]>();
      for await (const part of request.parts()) {
        if (part.type === "file") throw new Refusal(400, "the estimate takes no files");
        fields.set(part.fieldname, [...(fields.get(part.fieldname) ?? []), String(part.value)]);
      }
      const values = valuesOf(fields);
      const language = refererLanguage(request);
      const part = site.estimatePart(values, language);
      if (part) count(part.service, part.standard?.slug ?? "", language);
      const today = new Date().toISOString().slice(0, 10);
      const next = fields.get(NEXT_FIELD)?.[0];
      // The firm-quote button: the quote form with the figures, once they describe a part.
      const quote = next === FIRM_QUOTE ? site.quoteWithEstimate(values, language) : null;
      if (quote) return html(reply, 200, quote);
      // The requirements of record: the PDF, made now and kept nowhere.
      const record = next === RECORD ? await site.estimateRecord(values, language, today) : null;
      if (record)
        return reply
          .code(200)
          .type("application/pdf")
          .header("Content-Disposition", `attachment; filename="requirements-${record.reference}.pdf"`)
          .header("Cache-Control", "no-store")
          .send(record.pdf);
      const page = site.estimate(values, language, today);
      return page ? html(reply, 200, page) : html(reply, 404, site.notFound());
    },
  );

  app.post(
    ESTIMATE_COUNT_API,
    { config: { rateLimit: { max: settings.postsPerMinute * ESTIMATES_PER_FORM, timeWindow: 60_000 } } },
    async (request, reply) => {
      if (!request.isMultipart()) throw new Refusal(415, "send the count as multipart/form-data");
      const fields = new Map<string, string>();
      for await (const part of request.parts()) {
        if (part.type === "file") throw new Refusal(400, "the count takes no files");
        if (fields.has(part.fieldname)) throw new Refusal(400, `field "${part.fieldname}" sent twice`);
        fields.set(part.fieldname, String(part.value));
      }
      const process = fields.get("process") ?? "";
      const standard = fields.get("standard") ?? "";
      const language = fields.get("language") ?? "";
      if (!isLanguage(language) || !site.onDesk(process, standard, language))
        throw new Refusal(400, "process, standard and language: one of the live desk's");
      count(process, standard, language);
      return reply.code(204).header("Cache-Control", "no-store").send();
    },
  );

  const unavailable = (request: FastifyRequest, reply: FastifyReply, language: Language) => {
    if (wantsJson(request)) return reply.code(503).send({ error: "enquiries cannot be stored now; call or WhatsApp" });
    return html(reply, 503, site.notice("unavailable", language));
  };

  app.get<{ Params: { id: string }; Querystring: { language?: string } }>(`${RECEIVED}:id`, async (request, reply) => {
    const { id } = request.params;
    if (!ID_PATTERN.test(id) || !spool.stateOf(id)) return html(reply, 404, site.notFound());
    const language = request.query.language;
    return html(reply, 200, site.received(id, isLanguage(language) ? language : DEFAULT_LANGUAGE));
  });

  if (settings.staffSecret) {
    registerInbox(app, {
      spool,
      words: () => site.settings(),
      secret: settings.staffSecret,
      log,
      resend: stored,
      mailBudget,
    });
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
    return html(reply, status, site.notice(status === 413 ? "tooLarge" : "tooMany", refererLanguage(request)));
  });

  return app;
}
