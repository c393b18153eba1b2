import React, { useEffect, useMemo, useRef, useState } from "react";
import {
  ACCEPT,
  ANSWER_SEPARATOR,
  ENQUIRY_URL,
  FILE_FIELD,
  HONEYPOT_FIELD,
  LANGUAGE_FIELD,
  OTHER_SERVICE,
  PAGE_FIELD,
  PAGE_PATTERN,
  SIGNATURE_BYTES,
  TOKEN_FIELD,
  checkField,
  checkFiles,
  fieldId,
  formFields,
  problemLine,
  problemText,
  valueFields,
  withLimits,
  type FieldRule,
  type FormWords,
  type Problem,
  type ProblemWords,
  type Problems,
} from "../../enquiry/rules";
import { ESTIMATE_FIELD, ESTIMATE_NOTE_ID, SUMMARY_ID } from "../../enquiry/pages";
import { useHydrated } from "../../hooks/useHydrated";
import { usePageLanguage } from "../../language/PageLanguageContext";
import { DEFAULT_LANGUAGE } from "../../schema/languages";
import { Field, type InputProps } from "./Field";
import * as styles from "./EnquiryForm.module.css";
import { newToken, sendEnquiry } from "./send";
import { ExternalLink } from "../ExternalLink";
import { ProblemSummary } from "../ProblemSummary";

/** The form's words, from content/enquiry.yaml. */
export interface EnquiryWords {
  form: FormWords;
  chooseService: string;
  otherService: string;
  /** Said under the send button when the estimate desk's figures come with the request. */
  estimateNote?: string | null;
  privacyLinkLabel: string;
  optional: string;
  submit: string;
  sending: string;
  problems: ProblemWords & { summary: string; network: string };
  tooMany: { text: string };
  unavailable: { text: string };
}

export interface EnquiryFormProps {
  words: EnquiryWords;
  /** The English form, on a translated page: the form sends its names and answers. */
  english?: FormWords;
  /** The services a visitor may choose, by their page's slug. */
  services: readonly { slug: string; title: string }[];
  privacyPath: string;
  /**
   * The other ways to ask (the page's call and WhatsApp links), offered beside a notice
   * that the form could not be sent: the server may be down while the page, from a CDN, is not.
   */
  reach?: { callHref: string; callLabel: string; whatsappHref: string; whatsappLabel: string; newTabLabel: string };
  /**
   * "Request a quote to this standard": the standard's designation fills the specification
   * question, its page is sent as the page the buyer came from (with JavaScript or without),
   * and its one service, if it has one, is chosen.
   */
  standard?: { designation: string; page: string; service?: string };
}

/** Short answers sit two to a row on a wide screen; the others take the whole row. */
const SHORT = new Set<FieldRule["input"]>(["text", "email", "tel", "select", "date"]);

/** A field's value as it would be sent: tick boxes' answers a line each. */
function valueOf(form: HTMLFormElement, rule: FieldRule): string {
  if (rule.input === "checkboxes" || rule.input === "radios" || rule.input === "checkbox") {
    const checked = form.querySelectorAll<HTMLInputElement>(`input[name="${rule.name}"]:checked`);
    return Array.from(checked, (input) => input.value).join(ANSWER_SEPARATOR);
  }
  const element = form.elements.namedItem(rule.name) as HTMLInputElement | null;
  return element?.value ?? "";
}

/** The page of this site the buyer came from (their browser's referrer), for the staff's inbox. */
function cameFrom(): string {
  try {
    const from = new URL(document.referrer);
    const path = from.pathname + from.search;
    return from.origin === window.location.origin && PAGE_PATTERN.test(path) ? path : "";
  } catch {
    return "";
  }
}

/** The chosen files' problem (too many, too large together, one not what it says), or null. */
async function filesProblem(input: HTMLInputElement | null): Promise<Problem | null> {
  const files = Array.from(input?.files ?? []);
  const sent = await Promise.all(
    files.map(async (file) => ({
      name: file.name,
      size: file.size,
      head: new Uint8Array(await file.slice(0, SIGNATURE_BYTES).arrayBuffer()),
    })),
  );
  return checkFiles(sent);
}

/**
 * The request-for-quote form, its fields from content (formFields: the page and the
 * enquiry service check the same list). Without JavaScript it is a plain multipart post
 * the service answers, with the problems listed above the form. With it, fields are
 * checked as the visitor leaves them; a send with problems lists them above the form
 * (GOV.UK's error summary: it takes focus, and each links to its field); the upload shows
 * its progress; and a token makes a double click or a retry one enquiry.
 */
export function EnquiryForm({ words, english, services, privacyPath, reach, standard }: EnquiryFormProps) {
  const hydrated = useHydrated();
  const { language } = usePageLanguage();
  const form = useRef<HTMLFormElement>(null);
  const summary = useRef<HTMLDivElement>(null);
  const token = useRef("");
  const sending = useRef(false);
  const touched = useRef(new Set<string>());
  const fields = useMemo(() => formFields(words.form, english ?? words.form), [words.form, english]);
  const [problems, setProblems] = useState<Problems>({});
  /** The problems found by the last send, listed above the form; bumped to move focus there. */
  const [listed, setListed] = useState<{ problems: Problems; sent: number } | null>(null);
  const [percent, setPercent] = useState<number | null>(null);
  /** The estimate desk's figures, when the buyer came from its firm-quote button (?estimate=…). */
  const [estimate, setEstimate] = useState("");
  const [notice, setNotice] = useState("");
  const choices = [...services.map((service) => service.slug), OTHER_SERVICE];

  useEffect(() => {
    token.current = newToken();
    // A service page's call to action names its service: ?service=<slug>.
    const query = new URLSearchParams(window.location.search);
    const wanted = query.get("service");
    // The desk's figures, as they came: the service reads them, within their bound.
    setEstimate(query.get(ESTIMATE_FIELD) ?? "");
    const select = form.current?.elements.namedItem("service") as HTMLSelectElement | null;
    if (wanted && select && !select.value && choices.includes(wanted)) select.value = wanted;
  }, []); // eslint-disable-line react-hooks/exhaustive-deps

  useEffect(() => {
    if (listed) summary.current?.focus();
  }, [listed]);

  const ruleOf = (name: string) => fields.find((rule) => rule.name === name);
  const recheck = (name: string) => {
    const rule = ruleOf(name);
    if (!rule || rule.input === "file" || !form.current || !touched.current.has(name)) return;
    const problem = checkField(rule, valueOf(form.current, rule), choices);
    setProblems((old) => ({ ...old, [name]: problem ?? undefined }));
  };
  const onLeave = (event: React.FocusEvent<HTMLFormElement>) => {
    const name = (event.target as Element).getAttribute("name") ?? "";
    // Leaving one round button or tick box for the next is not leaving the question.
    const next = event.relatedTarget as Element | null;
    if (name === FILE_FIELD || next?.getAttribute("name") === name) return;
    touched.current.add(name);
    recheck(name);
  };
  const onEdit = async (event: React.FormEvent<HTMLFormElement>) => {
    const input = event.target as HTMLInputElement;
    if (input.name !== FILE_FIELD) return recheck(input.name);
    const problem = await filesProblem(input);
    setProblems((old) => ({ ...old, [FILE_FIELD]: problem ?? undefined }));
  };

  const showProblems = (found: Problems) => {
    setProblems(found);
    setListed((old) => ({ problems: found, sent: (old?.sent ?? 0) + 1 }));
  };

  const onSubmit = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending.current || !form.current) return;
    sending.current = true;
    const found: Problems = {};
    for (const rule of valueFields(fields)) {
      touched.current.add(rule.name);
      const problem = checkField(rule, valueOf(form.current, rule), choices);
      if (problem) found[rule.name] = problem;
    }
    const files = await filesProblem(form.current.elements.namedItem(FILE_FIELD) as HTMLInputElement);
    if (files) found[FILE_FIELD] = files;
    setNotice("");
    const outcome = Object.keys(found).length
      ? ({ kind: "problems", problems: found } as const)
      : await (async () => {
          const data = new FormData(form.current!);
          data.set(TOKEN_FIELD, token.current);
          const page = standard?.page ?? cameFrom();
          if (page) data.set(PAGE_FIELD, page);
          setPercent(0);
          return sendEnquiry(data, setPercent);
        })();
    setPercent(null);
    sending.current = false;
    if (outcome.kind === "received") {
      window.location.assign(outcome.location);
    } else if (outcome.kind === "problems") {
      showProblems(outcome.problems);
    } else if (outcome.kind === "refused" && outcome.status === 413) {
      showProblems({ [FILE_FIELD]: "fileSize" });
    } else {
      const status = outcome.kind === "refused" ? outcome.status : 0;
      setNotice(status === 429 ? words.tooMany.text : status === 503 ? words.unavailable.text : words.problems.network);
    }
  };

  const errorOf = (rule: FieldRule) => {
    const problem = problems[rule.name];
    return problem ? problemText(words.problems, problem, rule) : "";
  };
  /** The input(s) of one field: one switch over every kind the form has. */
  const input = (rule: FieldRule, aria: InputProps): React.ReactNode => {
    const common = { name: rule.name, required: rule.required, autoComplete: rule.autocomplete };
    switch (rule.input) {
      case "select":
        return (
          <select {...aria} {...common} defaultValue={standard?.service ?? ""} className={styles.input}>
            <option value="">{words.chooseService}</option>
            {services.map((service) => (
              <option key={service.slug} value={service.slug}>
                {service.title}
              </option>
            ))}
            <option value={OTHER_SERVICE}>{words.otherService}</option>
          </select>
        );
      case "textarea":
        return <textarea {...aria} {...common} maxLength={rule.maxLength} rows={5} className={styles.input} />;
      case "radios":
      case "checkboxes":
        return (
          <div className={styles.options}>
            {(rule.options ?? []).map((option, index) => {
              const id = index === 0 ? aria.id : `${aria.id}-${index + 1}`;
              return (
                <div key={option} className={styles.option}>
                  <input
                    id={id}
                    type={rule.input === "radios" ? "radio" : "checkbox"}
                    name={rule.name}
                    value={option}
                    aria-invalid={aria["aria-invalid"]}
                  />
                  <label htmlFor={id}>{rule.optionLabels?.[index] ?? option}</label>
                </div>
              );
            })}
          </div>
        );
      case "checkbox":
        return <input {...aria} type="checkbox" value="yes" name={rule.name} required />;
      case "file":
        return <input {...aria} type="file" name={rule.name} accept={ACCEPT} multiple className={styles.file} />;
      default:
        // A date field takes no maxlength: the browser's date picker writes it whole.
        return (
          <input
            {...aria}
            {...common}
            maxLength={rule.input === "date" ? undefined : rule.maxLength}
            defaultValue={rule.specification ? standard?.designation : undefined}
            type={rule.input}
            className={styles.input}
          />
        );
    }
  };

  const lines = listed
    ? fields.flatMap((rule) => {
        const problem = listed.problems[rule.name];
        return problem ? [{ name: rule.name, text: problemLine(words.problems, problem, rule) }] : [];
      })
    : [];

  return (
    <form
      ref={form}
      className={styles.form}
      action={ENQUIRY_URL}
      method="post"
      encType="multipart/form-data"
      noValidate={hydrated}
      data-ready={hydrated || undefined}
      onSubmit={onSubmit}
      onBlur={onLeave}
      onInput={onEdit}
      onChange={onEdit}
    >
      {/* The problems of the last send; the enquiry service fills it in the page it returns without JavaScript. */}
      <ProblemSummary
        id={SUMMARY_ID}
        ref={summary}
        heading={words.problems.summary}
        lines={lines.map((line) => ({ target: fieldId(line.name), text: line.text }))}
      />
      <div className={styles.fields}>
        {fields.map((rule) => (
          <div key={rule.name} className={SHORT.has(rule.input) ? undefined : styles.wide}>
            <Field
              rule={rule}
              label={rule.words.label}
              help={rule.input === "file" && rule.words.help ? withLimits(rule.words.help) : rule.words.help}
              optional={words.optional}
              error={errorOf(rule)}
            >
              {(aria) => input(rule, aria)}
            </Field>
            {rule.input === "checkbox" && (
              <p className={styles.privacy}>
                <a href={privacyPath}>{words.privacyLinkLabel}</a>
              </p>
            )}
          </div>
        ))}
      </div>
      <div hidden>
        <input name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" aria-hidden="true" />
      </div>
      {/* The service answers in the buyer's language, and tells sales which it was. */}
      {language !== DEFAULT_LANGUAGE && <input type="hidden" name={LANGUAGE_FIELD} value={language} />}
      {/* Without JavaScript too, the enquiry says which standard's page it came from. */}
      {standard && <input type="hidden" name={PAGE_FIELD} value={standard.page} />}
      {/* The estimate desk's figures (the enquiry service sets them without JavaScript). */}
      <input type="hidden" name={ESTIMATE_FIELD} value={estimate} />
      <p className={styles.notice} role="alert">
        {notice}
        {notice && reach && (
          <span className={styles.reach}>
            <a href={reach.callHref}>{reach.callLabel}</a>
            <ExternalLink href={reach.whatsappHref} newTabLabel={reach.newTabLabel}>
              {reach.whatsappLabel}
            </ExternalLink>
          </span>
        )}
      </p>
      <div className={styles.send}>
        <button type="submit" className={`button ${styles.button}`}>
          {words.submit}
        </button>
        {percent !== null && <progress className={styles.progress} max={100} value={percent} aria-hidden="true" />}
        <p role="status" className={styles.status}>
          {percent !== null && words.sending.replace("{percent}", `${percent}%`)}
        </p>
      </div>
      <p id={ESTIMATE_NOTE_ID} className={styles.help} hidden={!estimate}>
        {words.estimateNote}
      </p>
    </form>
  );
}
