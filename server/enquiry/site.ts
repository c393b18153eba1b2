// The live release, as the enquiry service reads it: the build's settings
// (_enquiry/settings.json) and the pages it fills and returns (the form with its
// problems, the thank-you page with the reference). Read again whenever `live` points
// at another release, so a publish changes them without a restart.
import fs from "node:fs";
import path from "node:path";
import { parse, type HTMLElement } from "node-html-parser";
import {
  ANSWER_SEPARATOR,
  ESTIMATE_NOTE_ID,
  PAGE_FIELD,
  fieldId,
  formFields,
  problemLine,
  problemText,
  valueFields,
  type Problems,
  DEFAULT_LANGUAGE,
  REFERENCE_ID,
  SETTINGS_FILE,
  SUMMARY_ID,
  noticePath,
  type EnquirySettings,
  type Language,
  type Notice,
} from "../../src/contract/enquiry";
import {
  ESTIMATE_FIELD,
  detailsOf,
  encodeEstimate,
  readPart,
  recordReference,
  renderRecord,
  type DeskPageData,
  type EstimateDetails,
  type Part,
  type Values,
} from "../../src/contract/estimate";
import { escapeHtml } from "../lib/html";
import { deskOf, fillEstimate } from "./estimatePage";

/** The quote form `document` carrying the desk's figures `estimate` in its hidden field, its note shown. */
function withEstimate(document: HTMLElement, estimate: string) {
  if (!estimate) return;
  document.querySelector(`input[name="${ESTIMATE_FIELD}"]`)?.setAttribute("value", estimate);
  document.getElementById(ESTIMATE_NOTE_ID)?.removeAttribute("hidden");
}

export class LiveSite {
  private release = "";
  private cached: EnquirySettings | undefined;

  constructor(private readonly live: string) {}

  /** The build's settings of the release now live. */
  settings(): EnquirySettings {
    const release = fs.realpathSync(this.live);
    if (release !== this.release || !this.cached) {
      const read = JSON.parse(fs.readFileSync(path.join(release, SETTINGS_FILE), "utf8")) as EnquirySettings;
      // A release built before the form's words were in its settings (a rollback to one):
      // its fixed fields, by their labels, and no questions.
      const form =
        read.form ?? Object.fromEntries(Object.entries(read.labels).map(([name, label]) => [name, { label }]));
      this.cached = { ...read, form };
      this.release = release;
    }
    return this.cached;
  }

  /** A built page, without its scripts: the service fills it, and React must not redraw it. */
  private page(route: string, beforeStripping: (document: HTMLElement) => void = () => {}): HTMLElement {
    const file = path.join(fs.realpathSync(this.live), route, "index.html");
    const document = parse(fs.readFileSync(file, "utf8"), { comment: false });
    beforeStripping(document);
    for (const script of document.querySelectorAll('script, link[as="script"], link[rel="modulepreload"]')) {
      script.remove();
    }
    return document;
  }

  /** The estimate page's route in `language` (else English), or null when the live release has no desk. */
  private estimateRoute(language: Language): string | null {
    const paths = this.settings().estimatePaths;
    return paths?.[language] ?? paths?.[DEFAULT_LANGUAGE] ?? null;
  }

  /**
   * The estimate page in `language` (else English) answering `values` as of `today`, or
   * null when the live release has no desk.
   */
  estimate(values: Values, language: Language, today: string): string | null {
    const route = this.estimateRoute(language);
    if (!route) return null;
    let data: DeskPageData | null = null;
    const document = this.page(route, (built) => (data = deskOf(built)));
    return data && fillEstimate(document, data, values, today) ? document.toString() : null;
  }

  /** The desk the estimate page in `language` carries, or null (no desk, a page without one). */
  private desk(language: Language): DeskPageData | null {
    const route = this.estimateRoute(language);
    if (!route) return null;
    // Read before the scripts go: the desk is a script element of data.
    let data: DeskPageData | null = null;
    this.page(route, (built) => (data = deskOf(built)));
    return data;
  }

  /** The part `values` describe on the live desk in `language`, or null (no desk, or they do not describe one). */
  estimatePart(values: Values, language: Language): Part | null {
    const data = this.desk(language);
    if (!data) return null;
    const read = readPart(values, {
      processes: data.desk.processes.map((process) => process.service),
      standards: data.standards,
      alloys: data.desk.alloys.map((alloy) => alloy.name),
    });
    return "part" in read ? read.part : null;
  }

  /** Whether the live desk in `language` has `process` and `standard` ("" for none): what an estimate counted names. */
  onDesk(process: string, standard: string, language: Language): boolean {
    // Only a language the desk is published in.
    const data = this.settings().estimatePaths?.[language] ? this.desk(language) : null;
    if (!data) return false;
    return (
      data.desk.processes.some((candidate) => candidate.service === process) &&
      (standard === "" || data.standards.some((candidate) => candidate.slug === standard))
    );
  }

  /**
   * The requirements of record for `values` on the live desk in `language` as of `today`
   * (the PDF and its reference), or null when they do not describe a part there.
   */
  async estimateRecord(
    values: Values,
    language: Language,
    today: string,
  ): Promise<{ pdf: Buffer; reference: string } | null> {
    const data = this.desk(language);
    if (!data || !this.estimatePart(values, language)) return null;
    const settings = this.settings();
    const reference = recordReference(values, today);
    const pdf = await renderRecord(detailsOf(data, values, today), data.desk.words, {
      companyName: settings.companyName,
      website: settings.siteUrl,
      language: settings.estimatePaths?.[language] ? language : DEFAULT_LANGUAGE,
      day: today,
      reference,
    });
    return { pdf, reference };
  }

  /** What staff are shown of an estimate that came with a request: its inputs and answer, or null (no desk live). */
  estimateDetails(values: Values, language: Language, today: string): EstimateDetails | null {
    const data = this.desk(language);
    return data ? detailsOf(data, values, today) : null;
  }

  /**
   * The quote form in `language`, the desk's figures going with it (the firm-quote button
   * without JavaScript), or null when they do not describe a part on the live desk.
   */
  quoteWithEstimate(values: Values, language: Language): string | null {
    const route = this.estimateRoute(language);
    const part = this.estimatePart(values, language);
    if (!route || !part) return null;
    const english = this.settings();
    const settings = english.translations?.[this.published(language)] ?? english;
    const document = this.page(settings.formPath);
    const form = document.querySelector("form");
    if (!form) throw new Error(`${settings.formPath}: no form in the built page`);
    for (const option of form.querySelectorAll('select[name="service"] option')) {
      if (option.getAttribute("value") === part.service) option.setAttribute("selected", "");
      else option.removeAttribute("selected");
    }
    // The desk's page is the page the request came from (the owner's report counts them).
    form.querySelector(`input[name="${PAGE_FIELD}"]`)?.remove();
    form.insertAdjacentHTML("beforeend", `<input type="hidden" name="${PAGE_FIELD}" value="${escapeHtml(route)}">`);
    withEstimate(document, encodeEstimate(values));
    return document.toString();
  }

  /** `language` if the live form is published in it, else English. */
  private published(language: Language): Language {
    return language !== DEFAULT_LANGUAGE && this.settings().translations?.[language] ? language : DEFAULT_LANGUAGE;
  }

  notice(notice: Notice, language: Language = DEFAULT_LANGUAGE): string {
    return this.page(noticePath(notice, this.published(language))).toString();
  }

  received(reference: string, language: Language = DEFAULT_LANGUAGE): string {
    const document = this.page(noticePath("received", this.published(language)));
    document.getElementById(REFERENCE_ID)?.set_content(escapeHtml(reference));
    return document.toString();
  }

  /** The site's own 404 page. */
  notFound(): string {
    return fs.readFileSync(path.join(fs.realpathSync(this.live), "404.html"), "utf8");
  }

  /**
   * The form again, as the visitor filled it, each problem above its field and all of
   * them listed above the form (GOV.UK's error summary), which takes focus.
   */
  formWithProblems(
    values: Record<string, string>,
    problems: Problems,
    language: Language = DEFAULT_LANGUAGE,
    estimate = "",
  ): string {
    const english = this.settings();
    // A translated form: its words, the English's names and answers (formFields).
    const settings = english.translations?.[this.published(language)] ?? english;
    const document = this.page(settings.formPath);
    const form = document.querySelector("form");
    if (!form) throw new Error(`${settings.formPath}: no form in the built page`);
    const fields = formFields(settings.form, english.form);
    for (const rule of valueFields(fields)) {
      const value = values[rule.name] ?? "";
      const inputs = form.querySelectorAll(`[name="${rule.name}"]`);
      for (const input of inputs) {
        if (rule.input === "textarea") input.set_content(escapeHtml(value));
        else if (rule.input === "select") {
          for (const option of input.querySelectorAll("option")) {
            if (option.getAttribute("value") === value) option.setAttribute("selected", "");
            else option.removeAttribute("selected");
          }
        } else if (["checkbox", "radios", "checkboxes"].includes(rule.input)) {
          const chosen = value.split(ANSWER_SEPARATOR);
          if (value && chosen.includes(input.getAttribute("value") ?? "")) input.setAttribute("checked", "");
          else input.removeAttribute("checked");
        } else input.setAttribute("value", value);
      }
    }
    const listed: string[] = [];
    // In the page's order, so the first problem listed is the first one the visitor meets.
    for (const rule of fields) {
      const problem = problems[rule.name];
      if (!problem) continue;
      const id = fieldId(rule.name);
      const words = problemText(settings.problems as Parameters<typeof problemText>[0], problem, rule);
      document.getElementById(`${id}-error`)?.set_content(escapeHtml(words));
      for (const input of form.querySelectorAll(`[name="${rule.name}"]`)) input.setAttribute("aria-invalid", "true");
      // A group's description is on its fieldset; a single input's on itself.
      const described = form.querySelector(`fieldset[data-field="${rule.name}"]`) ?? document.getElementById(id);
      const ids = new Set((described?.getAttribute("aria-describedby") ?? "").split(" ").filter(Boolean));
      ids.add(`${id}-error`);
      described?.setAttribute("aria-describedby", [...ids].join(" "));
      const line = problemLine(settings.problems as Parameters<typeof problemLine>[0], problem, rule);
      listed.push(`<li><a href="#${id}">${escapeHtml(line)}</a></li>`);
    }
    const summary = document.getElementById(SUMMARY_ID);
    summary?.set_content(`<h2>${escapeHtml(settings.summary)}</h2><ul>${listed.join("")}</ul>`);
    summary?.setAttribute("autofocus", "");
    withEstimate(document, estimate);
    return document.toString();
  }
}
