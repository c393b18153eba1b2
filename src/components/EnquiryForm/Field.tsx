import React from "react";
import { fieldId, type FieldRule } from "../../enquiry/rules";
import * as styles from "./EnquiryForm.module.css";

/** What an input needs from its field: its id, and the help and error it is described by. */
export type InputProps = { id: string; "aria-describedby"?: string; "aria-invalid"?: true };

interface Props {
  rule: FieldRule;
  /** The label, and the help with any placeholder filled. */
  label: string;
  help?: string | null;
  /** Shown after the label of optional fields. */
  optional: string;
  /** The problem's words, or "" when there is none. */
  error: string;
  /** The input(s) themselves (text, select, file, round buttons…). */
  children: (input: InputProps) => React.ReactNode;
}

/**
 * One field, as GOV.UK lays a question out: its label (a group's legend), its help, its
 * error, then the input. The error paragraph is always there, empty when there is
 * nothing to say, so the enquiry service can fill it in the page it returns to a
 * visitor without JavaScript. A field with a problem has a red bar beside it (the CSS
 * finds its error filled).
 */
export function Field({ rule, label, help, optional, error, children }: Props) {
  const id = fieldId(rule.name);
  const described = [help && `${id}-help`, error && `${id}-error`].filter(Boolean).join(" ");
  const input = children({
    id,
    ...(described ? { "aria-describedby": described } : {}),
    ...(error ? { "aria-invalid": true } : {}),
  });
  const group = rule.input === "radios" || rule.input === "checkboxes";
  const checkbox = rule.input === "checkbox";
  const title = (
    <>
      {label}
      {!rule.required && <span className={styles.optional}> {optional}</span>}
    </>
  );
  const words = (
    <>
      {help && (
        <p id={`${id}-help`} className={styles.help}>
          {help}
        </p>
      )}
      <p id={`${id}-error`} className={styles.error}>
        {error}
      </p>
    </>
  );
  const className = checkbox ? `${styles.field} ${styles.check}` : styles.field;
  if (group)
    return (
      <fieldset className={className} data-field={rule.name} aria-describedby={described || undefined}>
        <legend className={styles.label}>{title}</legend>
        {words}
        {input}
      </fieldset>
    );
  return (
    <div className={className} data-field={rule.name}>
      {checkbox && input}
      <label htmlFor={id} className={styles.label}>
        {title}
      </label>
      {words}
      {!checkbox && input}
    </div>
  );
}
