import { Picture, type ContentImage } from "../../components/Picture";
import { graphql } from "gatsby";
import React from "react";
import { Card, type CardProps } from "../../components/Card";
import { Grid } from "../../components/Grid";
import { Section } from "../../components/Section";
import * as styles from "./About.module.css";

type Point = { title: string; text: string };

export interface AboutProps {
  anchor?: string | null;
  eyebrow?: string | null;
  title: string;
  paragraphs: readonly string[];
  image?: ContentImage | null;
  imageAlt?: string | null;
  teaser?: CardProps | null;
  /** Short facts under the text (the home page's claims). */
  claims?: readonly Point[] | null;
  coreValues?: { title: string; values: readonly Point[] } | null;
}

/** Who the company is, with an optional teaser for one service. */
export function About({ anchor, eyebrow, title, paragraphs, image, imageAlt, teaser, claims, coreValues }: AboutProps) {
  return (
    <Section id={anchor} eyebrow={eyebrow} title={title}>
      <div className={image ? styles.split : undefined}>
        <div className={styles.text}>
          {paragraphs.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </div>
        <Picture image={image} alt={imageAlt ?? ""} className={styles.image} />
      </div>
      {claims && claims.length > 0 && (
        <Grid max={{ xs: 2, lg: 4 }} className={styles.claims}>
          {claims.map((claim) => (
            <li key={claim.title}>
              <strong className={styles.claimTitle}>{claim.title}</strong>
              <span>{claim.text}</span>
            </li>
          ))}
        </Grid>
      )}
      {coreValues && (
        <>
          <h3 className={styles.valuesHeading}>{coreValues.title}</h3>
          <Grid max={{ xs: 2, lg: 4 }} className={styles.values}>
            {coreValues.values.map((value) => (
              <li key={value.title}>
                <strong>{value.title}</strong>
                <p>{value.text}</p>
              </li>
            ))}
          </Grid>
        </>
      )}
      {teaser && <Card {...teaser} variant="teaser" />}
    </Section>
  );
}

/** What the page's query asks of an about section. */
export const fragment = graphql`
  fragment AboutFields on AboutSection {
    anchor
    eyebrow
    title
    paragraphs
    image {
      ...CardImage
    }
    imageAlt
    claims {
      title
      text
    }
    coreValues {
      title
      values {
        title
        text
      }
    }
    teaser {
      ...LinkedCard
    }
  }
`;

/** No behaviour: the build's HTML is kept as it is. */
export const interactive = false;
