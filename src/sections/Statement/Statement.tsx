import React from "react";
import { Section } from "../../components/Section";
import * as styles from "./Statement.module.css";

export interface StatementProps {
  heading?: string | null;
  title: string;
  paragraphs: readonly string[];
}

/** A page's opening words: a small heading, a title and a few paragraphs. */
export function Statement({ heading, title, paragraphs }: StatementProps) {
  return (
    <Section eyebrow={heading} title={title}>
      <div className={styles.text}>
        {paragraphs.map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
      </div>
    </Section>
  );
}
