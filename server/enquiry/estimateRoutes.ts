// The estimate desk's routes: the desk's form without JavaScript (answered by
// estimates.ts from the live desk, nothing written but its count) and the count the page's
// script sends once a buyer leaves with an answer shown, for the owner's report.
import type { FastifyInstance } from "fastify";
import { isLanguage, type Language } from "../../src/contract/enquiry";
import { ESTIMATE_API, ESTIMATE_COUNT_API } from "../../src/contract/estimate";
import { Refusal } from "../lib/refusal";
import { answerEstimate } from "./estimates";
import { html, refererLanguage, textFields } from "./http";
import { HOUR_MS } from "./mailBudget";
import type { LiveSite } from "./site";
import { tallyEstimate } from "./tally";
import { TotalBudget } from "./totalBudget";

/** An estimate is cheap and writes nothing: a buyer may try several for each form sent. */
export const ESTIMATES_PER_FORM = 10;

export interface EstimateRouteDeps {
  site: LiveSite;
  /** The spool's folder, whose tally the report reads. */
  spoolDir: string;
  postsPerMinute: number;
  postsPerHour: number;
  log: (line: string) => void;
}

export function registerEstimate(app: FastifyInstance, deps: EstimateRouteDeps) {
  const { site, postsPerMinute } = deps;
  const count = counter(deps);
  // Limited per address like the form, and in total.
  const perMinute = postsPerMinute * ESTIMATES_PER_FORM;
  const estimates = new TotalBudget(perMinute, 60_000);
  const limit = { config: { rateLimit: { max: perMinute, timeWindow: 60_000 } } };

  app.post(ESTIMATE_API, limit, async (request, reply) => {
    if (!estimates.take()) throw new Refusal(429, "too many estimates at once; wait a minute");
    const fields = await textFields(request, "estimate");
    const today = new Date().toISOString().slice(0, 10);
    const answer = await answerEstimate(site, fields, refererLanguage(request), today, count);
    if (answer.kind === "page") return html(reply, answer.status, answer.body);
    return reply
      .code(200)
      .type("application/pdf")
      .header("Content-Disposition", `attachment; filename="requirements-${answer.reference}.pdf"`)
      .header("Cache-Control", "no-store")
      .send(answer.pdf);
  });

  app.post(ESTIMATE_COUNT_API, limit, async (request, reply) => {
    const fields = await textFields(request, "count", true);
    const [process, standard, language] = ["process", "standard", "language"].map(
      (name) => fields.get(name)?.[0] ?? "",
    );
    if (!isLanguage(language) || !site.onDesk(process, standard, language))
      throw new Refusal(400, "process, standard and language: one of the live desk's");
    count(process, standard, language);
    return reply.code(204).header("Cache-Control", "no-store").send();
  });
}

/** Counts a described part in the tally, within the hour's bound for everyone; a failure is logged, never the buyer's. */
function counter({ spoolDir, postsPerHour, log }: EstimateRouteDeps) {
  const counted = new TotalBudget(postsPerHour * ESTIMATES_PER_FORM, HOUR_MS);
  return (process: string, standard: string, language: Language) => {
    if (!counted.take()) return;
    try {
      tallyEstimate(spoolDir, { process, standard, language });
    } catch (error) {
      log(`enquiry: could not count an estimate for the report: ${(error as Error).message}`);
    }
  };
}
