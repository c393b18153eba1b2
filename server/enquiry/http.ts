// What the enquiry service's routes share: reading a request (its language, whether its
// script wants JSON, its multipart fields within their limits) and the answers they send.
import type { FastifyReply, FastifyRequest } from "fastify";
import { DEFAULT_LANGUAGE, ENQUIRY_API, isLanguage, type Language } from "../../src/contract/enquiry";
import { Refusal } from "../lib/refusal";
import type { Headers } from "../lib/staffLogin";

export const RECEIVED = `${ENQUIRY_API}/received/`;

export const wantsJson = (request: FastifyRequest) => (request.headers.accept ?? "").includes("application/json");

/**
 * The language of the page a refused form came from (/de/...), by its referrer: a form
 * refused before it is read (too large, too many) is answered in it where it can be.
 */
export function refererLanguage(request: FastifyRequest): Language {
  try {
    const first = new URL(request.headers.referer ?? "").pathname.split("/")[1];
    return isLanguage(first) ? first : DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

export const html = (reply: FastifyReply, status: number, body: string) =>
  reply.code(status).type("text/html; charset=utf-8").header("Cache-Control", "no-store").send(body);

/** A stored enquiry: 303 to its thank-you page, or its reference for the page's script. */
export function received(request: FastifyRequest, reply: FastifyReply, id: string, status: number, language: Language) {
  const location = `${RECEIVED}${id}${language === DEFAULT_LANGUAGE ? "" : `?language=${language}`}`;
  if (wantsJson(request))
    return reply.code(status).header("Cache-Control", "no-store").send({ reference: id, location });
  return reply.code(303).header("Location", location).header("Cache-Control", "no-store").send();
}

/**
 * A multipart form without files (`what` names it in the refusals): each field's values in
 * the order sent; `once` refuses a field sent twice.
 */
export async function textFields(request: FastifyRequest, what: string, once = false) {
  if (!request.isMultipart()) throw new Refusal(415, `send the ${what} as multipart/form-data`);
  const fields = new Map<string, string[]>();
  for await (const part of request.parts()) {
    if (part.type === "file") throw new Refusal(400, `the ${what} takes no files`);
    if (once && fields.has(part.fieldname)) throw new Refusal(400, `field "${part.fieldname}" sent twice`);
    fields.set(part.fieldname, [...(fields.get(part.fieldname) ?? []), String(part.value)]);
  }
  return fields;
}

/** A request's headers as the staff gate reads them. */
export const headersOf =
  (request: FastifyRequest): Headers =>
  (name) => {
    const value = request.headers[name];
    return typeof value === "string" ? value : undefined;
  };
