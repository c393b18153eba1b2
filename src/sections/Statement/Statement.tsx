import { graphql } from "gatsby";
import React from "react";
import { Section } from "../../components/Section";
import * as styles from "./Statement.module.css";

export interface StatementProps {
  anchor?: string | null;
  eyebrow?: string | null;
  title: string;
  paragraphs: readonly string[];
}

/** A page's opening words: a small heading, a title and a few paragraphs. */
export function Statement({ anchor, eyebrow, title, paragraphs }: StatementProps) {
  return (
    <Section id={anchor} eyebrow={eyebrow} title={title}>
      <div className={styles.text}>
        {paragraphs.map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
      </div>
    </Section>
  );
}

/** What the page's query asks of a statement section (src/sections/Sections.tsx gathers them). */
export const fragment = graphql`
  fragment StatementFields on StatementSection {
    anchor
    eyebrow
    title
    paragraphs
  }
`;

/** No behaviour: the build's HTML is kept as it is. */
export const interactive = false;
