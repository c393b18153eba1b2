import { graphql } from "gatsby";
import React from "react";
import { Grid } from "../../components/Grid";
import { Section } from "../../components/Section";
import * as styles from "./Points.module.css";

export interface PointsProps {
  anchor?: string | null;
  title: string;
  intro?: string | null;
  points: readonly { title: string; text: string }[];
  /** The background: white unless the content chooses light grey. */
  tone?: "plain" | "mist" | null;
}

/** A heading over short titled points: advantages, facilities, certificates. */
export function Points({ anchor, title, intro, points, tone }: PointsProps) {
  return (
    <Section id={anchor} title={title} intro={intro} tone={tone ?? "plain"}>
      <Grid max={{ md: 2, xl: 3 }} className={styles.list}>
        {points.map((point) => (
          <li key={point.title} className={styles.point}>
            <h3 className={styles.title}>{point.title}</h3>
            <p>{point.text}</p>
          </li>
        ))}
      </Grid>
    </Section>
  );
}

/** What the page's query asks of a points section. */
export const fragment = graphql`
  fragment PointsFields on PointsSection {
    anchor
    title
    intro
    points {
      title
      text
    }
    tone
  }
`;

/** No behaviour: the build's HTML is kept as it is. */
export const interactive = false;
