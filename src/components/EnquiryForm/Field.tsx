import React from "react";
import type { FieldRule } from "../../enquiry/rules";
import * as styles from "./EnquiryForm.module.css";

export interface FieldWords {
  label: string;
  help?: string | null;
}

interface Props {
  rule: { name: string; required: boolean; input: FieldRule["input"] };
  words: FieldWords;
  /** Shown after the label of optional fields. */
  optional: string;
  /** The problem's words, or "" when there is none. */
  error: string;
  /** The input itself (text, select, file…), given its id and described-by. */
  children: (input: { id: string; "aria-describedby"?: string; "aria-invalid"?: true }) => React.ReactNode;
}

/** The id of a field's input; its help and error are `${id}-help` and `${id}-error`. */
export const fieldId = (name: string) => `enquiry-${name}`;

/**
 * One field: its label, the input, its help and its error. The error paragraph is always
 * there, empty when there is nothing to say, so the enquiry service can fill it in the
 * page it returns to a visitor without JavaScript.
 */
export function Field({ rule, words, optional, error, children }: Props) {
  const id = fieldId(rule.name);
  const described = [words.help && `${id}-help`, error && `${id}-error`].filter(Boolean).join(" ");
  const input = children({
    id,
    ...(described ? { "aria-describedby": described } : {}),
    ...(error ? { "aria-invalid": true } : {}),
  });
  const checkbox = rule.input === "checkbox";
  return (
    <div className={checkbox ? `${styles.field} ${styles.check}` : styles.field} data-field={rule.name}>
      {checkbox && input}
      <label htmlFor={id} className={styles.label}>
        {words.label}
        {!rule.required && <span className={styles.optional}> {optional}</span>}
      </label>
      {!checkbox && input}
      {words.help && (
        <p id={`${id}-help`} className={styles.help}>
          {words.help}
        </p>
      )}
      <p id={`${id}-error`} className={styles.error}>
        {error}
      </p>
    </div>
  );
}
