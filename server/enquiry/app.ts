// The enquiry service's HTTP side (Fastify, on 127.0.0.1 behind nginx at /api/enquiry):
// reads a posted form as a stream within its limits, hands it to the intake (intake.ts),
// which stores it for good before anything says success: 303 to the thank-you page (a
// form without JavaScript) or 201 with the reference (the page's script, Accept: JSON).
// Anything wrong is answered clearly and writes nothing.
import Fastify, { type FastifyInstance } from "fastify";
import multipart from "@fastify/multipart";
import rateLimit from "@fastify/rate-limit";
import { ENQUIRY_API, MAX_FILES, MAX_FILES_BYTES } from "../../src/contract/enquiry";
import { addressKeys } from "../lib/addresses";
import { Refusal } from "../lib/refusal";
import { staffGate } from "../lib/staffLogin";
import { registerEstimate } from "./estimateRoutes";
import { html, refererLanguage, wantsJson } from "./http";
import { registerInbox } from "./inbox";
import { inboxProblemPage } from "./inboxPages";
import { intake, type IntakeSettings } from "./intake";
import { MailBudget } from "./mailBudget";
import { INBOX_PATH } from "./message";
import { registerQuote } from "./quoteRoutes";
import type { EnquirySettingsEnv } from "./settings";
import type { LiveSite } from "./site";
import type { Spool } from "./spool";

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

export async function enquiryApp({ spool, site, settings, stored, log }: Deps) {
  // nginx, on the same machine, says who the visitor is; no one else is believed.
  // On stop, kept-alive connections are closed at once rather than waited for (systemd
  // kills a service that takes longer than TimeoutStopSec). A visitor cut off mid-post
  // either was stored before (the same token then gets the same reference) or was not.
  const app = Fastify({ trustProxy: "127.0.0.1", bodyLimit: 64 * 1024, forceCloseConnections: true });
  await registerLimits(app);
  answerPublicOrigin(app, site);
  const mailBudget = new MailBudget(spool, settings.mailBytesPerHour);
  const { take } = intake({ spool, site, settings, log, resentBytes: () => mailBudget.resentBytes() });
  registerQuote(app, { site, spool, take, stored, postsPerMinute: settings.postsPerMinute });
  registerEstimate(app, { site, spoolDir: spool.dir, ...settings, log });
  if (settings.staffSecret) {
    const gate = staffGate(settings.staffSecret);
    registerInbox(app, { spool, words: () => site.settings(), gate, log, resend: stored, mailBudget });
  }
  registerErrors(app, site, log);
  return app;
}

/** Per-address limits (each route sets its own) and the multipart reader's bounds. */
async function registerLimits(app: FastifyInstance) {
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
}

/**
 * Pages served from a CDN (the mirror) post from the site's public address to the
 * server's own: their script may read the answer. That one origin, and no credentials.
 */
function answerPublicOrigin(app: FastifyInstance, site: LiveSite) {
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
}

/** Refusals and faults: a staff page for the inbox, the site's notice pages or JSON for buyers. */
function registerErrors(app: FastifyInstance, site: LiveSite, log: (line: string) => void) {
  const forStaff = (url: string) => url.startsWith(INBOX_PATH);
  const staffError = inboxProblemPage;

  app.setNotFoundHandler((request, reply) =>
    forStaff(request.url) ? html(reply, 404, staffError("No such page.")) : html(reply, 404, site.notFound()),
  );

  app.setErrorHandler((error: Error & { statusCode?: number }, request, reply) => {
    const status = error.statusCode ?? 500;
    if (status >= 500) log(`enquiry: ${request.method} ${request.url}: ${error.stack ?? error.message}`);
    if (forStaff(request.url)) {
      const message = status >= 500 ? "The enquiry service failed; see its log." : error.message;
      return html(reply, status, staffError(message));
    }
    if (wantsJson(request) || ![413, 429].includes(status)) {
      return reply.code(status).send({ error: status >= 500 ? "internal error" : error.message });
    }
    return html(reply, status, site.notice(status === 413 ? "tooLarge" : "tooMany", refererLanguage(request)));
  });
}
