// The live release, as the enquiry service reads it: the build's settings
// (_enquiry/settings.json) and the pages it fills and returns (the form with its
// problems, the thank-you page with the reference). Read again whenever `live` points
// at another release, so a publish changes them without a restart.
import fs from "node:fs";
import path from "node:path";
import { parse, type HTMLElement } from "node-html-parser";
import { FIELDS, HONEYPOT_FIELD, TOKEN_FIELD, problemText, type Problems } from "../../src/enquiry/rules";
import {
  NOTICES,
  REFERENCE_ID,
  SETTINGS_FILE,
  SUMMARY_ID,
  type EnquirySettings,
  type Notice,
} from "../../src/enquiry/pages";
import { escapeHtml } from "../lib/html";

export class LiveSite {
  private release = "";
  private cached: EnquirySettings | undefined;

  constructor(private readonly live: string) {}

  /** The build's settings of the release now live. */
  settings(): EnquirySettings {
    const release = fs.realpathSync(this.live);
    if (release !== this.release || !this.cached) {
      this.cached = JSON.parse(fs.readFileSync(path.join(release, SETTINGS_FILE), "utf8")) as EnquirySettings;
      this.release = release;
    }
    return this.cached;
  }

  /** A built page, without its scripts: the service fills it, and React must not redraw it. */
  private page(route: string): HTMLElement {
    const file = path.join(fs.realpathSync(this.live), route, "index.html");
    const document = parse(fs.readFileSync(file, "utf8"), { comment: false });
    for (const script of document.querySelectorAll('script, link[as="script"], link[rel="modulepreload"]')) {
      script.remove();
    }
    return document;
  }

  notice(notice: Notice): string {
    return this.page(NOTICES[notice]).toString();
  }

  received(reference: string): string {
    const document = this.page(NOTICES.received);
    document.getElementById(REFERENCE_ID)?.set_content(escapeHtml(reference));
    return document.toString();
  }

  /** The site's own 404 page. */
  notFound(): string {
    return fs.readFileSync(path.join(fs.realpathSync(this.live), "404.html"), "utf8");
  }

  /** The form again, as the visitor filled it, with each problem beside its field and listed above. */
  formWithProblems(values: Record<string, string>, problems: Problems): string {
    const settings = this.settings();
    const document = this.page(settings.formPath);
    const form = document.querySelector("form");
    if (!form) throw new Error(`${settings.formPath}: no form in the built page`);
    for (const rule of FIELDS) {
      const input = form.querySelector(`[name="${rule.name}"]`);
      const value = values[rule.name] ?? "";
      if (!input) continue;
      if (rule.input === "textarea") input.set_content(escapeHtml(value));
      else if (rule.input === "checkbox") {
        if (value) input.setAttribute("checked", "");
        else input.removeAttribute("checked");
      } else if (rule.input === "select") {
        for (const option of input.querySelectorAll("option")) {
          if (option.getAttribute("value") === value) option.setAttribute("selected", "");
          else option.removeAttribute("selected");
        }
      } else input.setAttribute("value", value);
    }
    const listed: string[] = [];
    let first = true;
    // In the page's order, so the first problem listed is the first one the visitor meets.
    for (const input of form.querySelectorAll("[name]")) {
      const name = input.getAttribute("name") ?? "";
      const problem = problems[name as keyof Problems];
      const id = input.getAttribute("id");
      if (!problem || !id || name === HONEYPOT_FIELD || name === TOKEN_FIELD) continue;
      const rule = FIELDS.find((candidate) => candidate.name === name);
      const words = problemText(settings.problems as Parameters<typeof problemText>[0], problem, rule);
      document.getElementById(`${id}-error`)?.set_content(escapeHtml(words));
      input.setAttribute("aria-invalid", "true");
      const described = new Set((input.getAttribute("aria-describedby") ?? "").split(" ").filter(Boolean));
      described.add(`${id}-error`);
      input.setAttribute("aria-describedby", [...described].join(" "));
      if (first) input.setAttribute("autofocus", "");
      first = false;
      listed.push(`<li><a href="#${id}">${escapeHtml(settings.labels[name] ?? name)}: ${escapeHtml(words)}</a></li>`);
    }
    document
      .getElementById(SUMMARY_ID)
      ?.set_content(`<h2>${escapeHtml(settings.summary)}</h2><ul>${listed.join("")}</ul>`);
    return document.toString();
  }
}
