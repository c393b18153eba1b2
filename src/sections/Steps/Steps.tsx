import { graphql } from "gatsby";
import React from "react";
import { Section } from "../../components/Section";
import * as styles from "./Steps.module.css";

export interface StepsProps {
  anchor?: string | null;
  eyebrow?: string | null;
  title: string;
  intro?: string | null;
  steps: readonly { title: string; text?: string | null; duration?: string | null }[];
}

/** An ordered process, numbered by the list itself (screen readers say "1 of 5"). */
export function Steps({ anchor, eyebrow, title, intro, steps }: StepsProps) {
  return (
    <Section id={anchor} eyebrow={eyebrow} title={title} intro={intro}>
      {/* eslint-disable-next-line jsx-a11y/no-redundant-roles -- Safari drops a list's semantics when its markers are styled away */}
      <ol className={styles.list} role="list">
        {steps.map((step, index) => (
          <li key={`${index}-${step.title}`} className={styles.step}>
            <h3 className={styles.title}>{step.title}</h3>
            {step.duration && <p className={styles.duration}>{step.duration}</p>}
            {step.text && <p className={styles.text}>{step.text}</p>}
          </li>
        ))}
      </ol>
    </Section>
  );
}

/** What the page's query asks of a steps section. */
export const fragment = graphql`
  fragment StepsFields on StepsSection {
    anchor
    eyebrow
    title
    intro
    steps {
      title
      text
      duration
    }
  }
`;

/** No behaviour: the build's HTML is kept as it is. */
export const interactive = false;
