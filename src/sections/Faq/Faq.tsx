import { graphql } from "gatsby";
import React from "react";
import { Section } from "../../components/Section";
import * as styles from "./Faq.module.css";
import { questionIds } from "./questionId";

export interface FaqProps {
  anchor?: string | null;
  eyebrow?: string | null;
  title: string;
  intro?: string | null;
  questions: readonly { question: string; answer: string }[];
}

// No FAQPage markup: Google stopped showing FAQ rich results on 7 May 2026, and the
// answers are in the page's own text for every reader. A second copy in JSON-LD only
// cost bytes on the phone and could drift from the visible words (issue 55).

/**
 * Questions that open to their answers without JavaScript (<details>): the browser gives
 * each a button a keyboard and a screen reader know, and each question an id to link to.
 */
export function Faq({ anchor, eyebrow, title, intro, questions }: FaqProps) {
  const ids = questionIds(anchor, questions);
  return (
    <Section id={anchor} eyebrow={eyebrow} title={title} intro={intro}>
      <div className={styles.list}>
        {questions.map((item, index) => (
          <details key={ids[index]} id={ids[index]} className={styles.item}>
            <summary className={styles.question}>{item.question}</summary>
            <div className={styles.answer}>
              {item.answer.split(/\n\s*\n/).map((paragraph, at) => (
                <p key={at}>{paragraph}</p>
              ))}
            </div>
          </details>
        ))}
      </div>
    </Section>
  );
}

/** What the page's query asks of a questions-and-answers section. */
export const fragment = graphql`
  fragment FaqFields on FaqSection {
    anchor
    eyebrow
    title
    intro
    questions {
      question
      answer
    }
  }
`;

/** No behaviour of its own: <details> opens without JavaScript; the build's HTML is kept. */
export const interactive = false;
