// The quote form's routes: the form posted (streamed within its limits into a PostedForm,
// which the intake stores for good before anything says success: intake.ts), the
// thank-you page, and the question a browser asks first when the page's script posts.
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import {
  DEFAULT_LANGUAGE,
  ENQUIRY_API,
  FILE_FIELD,
  MAX_FILES_BYTES,
  isLanguage,
  type Language,
} from "../../src/contract/enquiry";
import { Refusal } from "../lib/refusal";
import { RECEIVED, html, received, wantsJson } from "./http";
import type { PostedForm, Taken } from "./intake";
import { ID_PATTERN } from "./reference";
import type { LiveSite } from "./site";
import type { Spool } from "./spool";

export interface QuoteRouteDeps {
  site: LiveSite;
  spool: Spool;
  take: (form: PostedForm) => Promise<Taken>;
  stored: () => void;
  postsPerMinute: number;
}

/** A posted form as the intake reads it: its fields, those cut short, its files within their bytes. */
async function postedForm(request: FastifyRequest): Promise<PostedForm> {
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
  return form;
}

/** The service cannot store enquiries now: the buyer is told to call instead. */
export function unavailable(site: LiveSite, request: FastifyRequest, reply: FastifyReply, language: Language) {
  if (wantsJson(request)) return reply.code(503).send({ error: "enquiries cannot be stored now; call or WhatsApp" });
  return html(reply, 503, site.notice("unavailable", language));
}

export function registerQuote(app: FastifyInstance, { site, spool, take, stored, postsPerMinute }: QuoteRouteDeps) {
  // The page's script reports upload progress, which makes the browser ask first.
  app.options(ENQUIRY_API, async (_request, reply) =>
    reply
      .code(204)
      .header("Access-Control-Allow-Methods", "POST")
      .header("Access-Control-Allow-Headers", "Accept")
      .header("Access-Control-Max-Age", "600")
      .send(),
  );

  app.post(
    ENQUIRY_API,
    { config: { rateLimit: { max: postsPerMinute, timeWindow: 60_000 } } },
    async (request, reply) => {
      const taken = await take(await postedForm(request));
      if (taken.kind === "unavailable") return unavailable(site, request, reply, taken.language);
      if (taken.kind === "problems") {
        if (wantsJson(request)) return reply.code(422).send({ problems: taken.problems });
        return html(reply, 422, site.formWithProblems(taken.values, taken.problems, taken.language, taken.estimate));
      }
      if (taken.status === 201) stored();
      return received(request, reply, taken.id, taken.status, taken.language);
    },
  );

  app.get<{ Params: { id: string }; Querystring: { language?: string } }>(`${RECEIVED}:id`, async (request, reply) => {
    const { id } = request.params;
    if (!ID_PATTERN.test(id) || !spool.stateOf(id)) return html(reply, 404, site.notFound());
    const language = request.query.language;
    return html(reply, 200, site.received(id, isLanguage(language) ? language : DEFAULT_LANGUAGE));
  });
}
