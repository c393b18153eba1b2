import React, { useEffect, useRef, useState } from "react";
import {
  ACCEPT,
  ENQUIRY_API,
  FIELDS,
  FILE_FIELD,
  HONEYPOT_FIELD,
  MAX_FILE_LABEL,
  OTHER_SERVICE,
  PAGE_FIELD,
  PAGE_PATTERN,
  SIGNATURE_BYTES,
  TOKEN_FIELD,
  checkField,
  checkFile,
  problemText,
  type FieldName,
  type FieldRule,
  type Problem,
  type Problems,
} from "../../enquiry/rules";
import { useHydrated } from "../../hooks/useHydrated";
import { Field, fieldId, type FieldWords } from "./Field";
import * as styles from "./EnquiryForm.module.css";
import { newToken, sendEnquiry } from "./send";

/** The form's words, from content/enquiry.yaml. */
export interface EnquiryWords {
  form: Record<FieldName | typeof FILE_FIELD, FieldWords>;
  chooseService: string;
  otherService: string;
  privacyLinkLabel: string;
  optional: string;
  submit: string;
  sending: string;
  problems: Record<Problem | "network", string>;
  tooMany: { text: string };
  unavailable: { text: string };
}

export interface EnquiryFormProps {
  words: EnquiryWords;
  /** The services a visitor may choose, by their page's slug. */
  services: readonly { slug: string; title: string }[];
  privacyPath: string;
}

const DRAWING_RULE = { name: FILE_FIELD, required: false, input: "text" } as const;
/** The order problems are looked at to find the first one (the page's order). */
const ORDER = [...FIELDS.map((rule) => rule.name).filter((name) => name !== "consent"), FILE_FIELD, "consent"];

const valueOf = (form: HTMLFormElement, rule: FieldRule) => {
  const element = form.elements.namedItem(rule.name) as HTMLInputElement | null;
  if (!element) return "";
  return rule.input === "checkbox" ? (element.checked ? element.value : "") : element.value;
};

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

async function fileProblem(file: File): Promise<Problem | null> {
  const head = new Uint8Array(await file.slice(0, SIGNATURE_BYTES).arrayBuffer());
  return checkFile(file.name, file.size, head);
}

/**
 * The request-for-quote form. Without JavaScript it is a plain multipart post the
 * enquiry service answers; with it, fields are checked as the visitor leaves them (the
 * service's own rules), the upload shows its progress, and a token makes a double click
 * or a retry one enquiry.
 */
export function EnquiryForm({ words, services, privacyPath }: EnquiryFormProps) {
  const hydrated = useHydrated();
  const form = useRef<HTMLFormElement>(null);
  const token = useRef("");
  const sending = useRef(false);
  const touched = useRef(new Set<string>());
  const [problems, setProblems] = useState<Problems>({});
  const [percent, setPercent] = useState<number | null>(null);
  const [notice, setNotice] = useState("");
  const choices = [...services.map((service) => service.slug), OTHER_SERVICE];

  useEffect(() => {
    token.current = newToken();
    // A service page's call to action names its service: ?service=<slug>.
    const wanted = new URLSearchParams(window.location.search).get("service");
    const select = form.current?.elements.namedItem("service") as HTMLSelectElement | null;
    if (wanted && select && !select.value && choices.includes(wanted)) select.value = wanted;
  }, []); // eslint-disable-line react-hooks/exhaustive-deps

  const recheck = (name: string) => {
    const rule = FIELDS.find((candidate) => candidate.name === name);
    if (!rule || !form.current || !touched.current.has(name)) return;
    const problem = checkField(rule, valueOf(form.current, rule), choices);
    setProblems((old) => ({ ...old, [name]: problem ?? undefined }));
  };
  const onLeave = (event: React.FocusEvent<HTMLFormElement>) => {
    const name = (event.target as Element).getAttribute("name") ?? "";
    if (name === FILE_FIELD) return;
    touched.current.add(name);
    recheck(name);
  };
  const onEdit = async (event: React.FormEvent<HTMLFormElement>) => {
    const input = event.target as HTMLInputElement;
    if (input.name !== FILE_FIELD) return recheck(input.name);
    const file = input.files?.[0];
    const problem = file ? await fileProblem(file) : null;
    setProblems((old) => ({ ...old, [FILE_FIELD]: problem ?? undefined }));
  };

  const onSubmit = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending.current || !form.current) return;
    sending.current = true;
    const found: Problems = {};
    for (const rule of FIELDS) {
      touched.current.add(rule.name);
      const problem = checkField(rule, valueOf(form.current, rule), choices);
      if (problem) found[rule.name] = problem;
    }
    const file = (form.current.elements.namedItem(FILE_FIELD) as HTMLInputElement).files?.[0];
    const drawing = file ? await fileProblem(file) : null;
    if (drawing) found[FILE_FIELD] = drawing;
    setNotice("");
    const outcome = Object.keys(found).length
      ? ({ kind: "problems", problems: found } as const)
      : await (async () => {
          const data = new FormData(form.current!);
          data.set(TOKEN_FIELD, token.current);
          const page = cameFrom();
          if (page) data.set(PAGE_FIELD, page);
          setPercent(0);
          return sendEnquiry(data, setPercent);
        })();
    setPercent(null);
    sending.current = false;
    if (outcome.kind === "received") {
      window.location.assign(outcome.location);
    } else if (outcome.kind === "problems") {
      setProblems(outcome.problems);
      const first = ORDER.find((name) => outcome.problems[name as FieldName]);
      if (first) document.getElementById(fieldId(first))?.focus();
    } else if (outcome.kind === "refused" && outcome.status === 413) {
      setProblems((old) => ({ ...old, [FILE_FIELD]: "fileSize" }));
      document.getElementById(fieldId(FILE_FIELD))?.focus();
    } else {
      const status = outcome.kind === "refused" ? outcome.status : 0;
      setNotice(status === 429 ? words.tooMany.text : status === 503 ? words.unavailable.text : words.problems.network);
    }
  };

  const errorOf = (name: FieldName | typeof FILE_FIELD, rule?: FieldRule) => {
    const problem = problems[name];
    return problem ? problemText(words.problems, problem, rule) : "";
  };
  const field = (rule: FieldRule, input: Parameters<typeof Field>[0]["children"]) => (
    <Field
      key={rule.name}
      rule={rule}
      words={words.form[rule.name]}
      optional={words.optional}
      error={errorOf(rule.name, rule)}
    >
      {input}
    </Field>
  );
  const common = (rule: FieldRule) => ({
    name: rule.name,
    required: rule.required,
    maxLength: rule.maxLength,
    autoComplete: rule.autocomplete,
  });

  return (
    <form
      ref={form}
      className={styles.form}
      action={ENQUIRY_API}
      method="post"
      encType="multipart/form-data"
      noValidate={hydrated}
      data-ready={hydrated || undefined}
      onSubmit={onSubmit}
      onBlur={onLeave}
      onInput={onEdit}
      onChange={onEdit}
    >
      <div className={styles.fields}>
        {FIELDS.map((rule) => {
          if (rule.input === "select")
            return field(rule, (aria) => (
              <select {...aria} name={rule.name} required={rule.required} defaultValue="" className={styles.input}>
                <option value="">{words.chooseService}</option>
                {services.map((service) => (
                  <option key={service.slug} value={service.slug}>
                    {service.title}
                  </option>
                ))}
                <option value={OTHER_SERVICE}>{words.otherService}</option>
              </select>
            ));
          if (rule.input === "textarea")
            return field(rule, (aria) => <textarea {...aria} {...common(rule)} rows={6} className={styles.input} />);
          if (rule.input === "checkbox")
            return (
              <React.Fragment key={rule.name}>
                <div className={styles.wide}>
                  <Field
                    rule={DRAWING_RULE}
                    words={drawingWords(words)}
                    optional={words.optional}
                    error={errorOf(FILE_FIELD)}
                  >
                    {(aria) => (
                      <input {...aria} type="file" name={FILE_FIELD} accept={ACCEPT} className={styles.file} />
                    )}
                  </Field>
                </div>
                <div className={styles.wide}>
                  {field(rule, (aria) => (
                    <input {...aria} type="checkbox" value="yes" name={rule.name} required />
                  ))}
                  <p className={styles.privacy}>
                    <a href={privacyPath}>{words.privacyLinkLabel}</a>
                  </p>
                </div>
              </React.Fragment>
            );
          return field(rule, (aria) => (
            <input {...aria} {...common(rule)} type={rule.input} className={styles.input} />
          ));
        })}
      </div>
      <div hidden>
        <input name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" aria-hidden="true" />
      </div>
      <p className={styles.notice} role="alert">
        {notice}
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
    </form>
  );
}

const drawingWords = (words: EnquiryWords): FieldWords => ({
  label: words.form[FILE_FIELD].label,
  help: words.form[FILE_FIELD].help?.replace("{max}", MAX_FILE_LABEL),
});
