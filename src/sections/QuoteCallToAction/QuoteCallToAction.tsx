import React from "react";
import { Section } from "../../components/Section";
import { useLocalLink } from "../../language/PageLanguageContext";
import * as styles from "./QuoteCallToAction.module.css";

export interface QuoteCallToActionProps {
  title: string;
  text: string;
  /** The button's label (the form's link label). */
  label: string;
  /** The form's page with this service chosen, e.g. "/request-a-quote?service=hard_anodizing". */
  to: string;
}

/** The end of every service page: ask for a quote for this process. */
export function QuoteCallToAction({ title, text, label, to }: QuoteCallToActionProps) {
  const local = useLocalLink();
  return (
    <Section title={title} tone="dark">
      <p className={styles.text}>{text}</p>
      {/* A plain link: the form's page loads its own script, which no other page needs. */}
      <a className={`button button-gold ${styles.button}`} href={local(to)}>
        {label}
      </a>
    </Section>
  );
}
