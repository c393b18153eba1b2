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

/** schema.org's FAQPage, for search engines: the questions and answers as the page shows them. */
export function faqJsonLd(questions: FaqProps["questions"]): string {
  const graph = {
    "@context": "https://schema.org",
    "@type": "FAQPage",
    mainEntity: questions.map(({ question, answer }) => ({
      "@type": "Question",
      name: question,
      acceptedAnswer: { "@type": "Answer", text: answer },
    })),
  };
  // Safe inside a <script> element.
  return JSON.stringify(graph).replace(/</g, "\\u003c");
}

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
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: faqJsonLd(questions) }} />
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
