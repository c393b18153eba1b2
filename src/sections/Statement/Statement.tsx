import React from "react";
import { Section } from "../../components/Section";
import * as styles from "./Statement.module.css";

export interface StatementProps {
  eyebrow?: string | null;
  title: string;
  paragraphs: readonly string[];
}

/** A page's opening words: a small heading, a title and a few paragraphs. */
export function Statement({ eyebrow, title, paragraphs }: StatementProps) {
  return (
    <Section eyebrow={eyebrow} title={title}>
      <div className={styles.text}>
        {paragraphs.map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
      </div>
    </Section>
  );
}
