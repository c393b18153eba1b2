import { Picture, type ContentImage } from "../../components/Picture";
import React from "react";
import { Card, type CardProps } from "../../components/Card";
import { Section } from "../../components/Section";
import * as styles from "./About.module.css";

type Point = { title: string; text: string };

export interface AboutProps {
  id?: string;
  eyebrow?: string | null;
  title: string;
  paragraphs: readonly string[];
  image?: ContentImage | null;
  imageAlt?: string | null;
  teaser?: CardProps | null;
  /** Home only: the company's claims and core values. */
  claims?: readonly Point[];
  coreValues?: { title: string; values: readonly Point[] };
}

/** Who the company is, with an optional teaser for one service. */
export function About({ id, eyebrow, title, paragraphs, image, imageAlt, teaser, claims, coreValues }: AboutProps) {
  return (
    <Section id={id} eyebrow={eyebrow} title={title}>
      <div className={image ? styles.split : undefined}>
        <div className={styles.text}>
          {paragraphs.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </div>
        <Picture image={image} alt={imageAlt ?? ""} className={styles.image} />
      </div>
      {claims && claims.length > 0 && (
        <ul className={styles.claims}>
          {claims.map((claim) => (
            <li key={claim.title}>
              <strong className={styles.claimTitle}>{claim.title}</strong>
              <span>{claim.text}</span>
            </li>
          ))}
        </ul>
      )}
      {coreValues && (
        <>
          <h3 className={styles.valuesHeading}>{coreValues.title}</h3>
          <ul className={styles.values}>
            {coreValues.values.map((value) => (
              <li key={value.title}>
                <strong>{value.title}</strong>
                <p>{value.text}</p>
              </li>
            ))}
          </ul>
        </>
      )}
      {teaser && <Card {...teaser} variant="teaser" />}
    </Section>
  );
}
