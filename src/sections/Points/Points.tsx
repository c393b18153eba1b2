import React from "react";
import { Section } from "../../components/Section";
import * as styles from "./Points.module.css";

export interface PointsProps {
  title: string;
  intro?: string | null;
  points: readonly { title: string; text: string }[];
  tone?: "plain" | "mist";
}

/** A heading over short titled points: advantages, facilities, certificates. */
export function Points({ title, intro, points, tone = "plain" }: PointsProps) {
  return (
    <Section title={title} intro={intro} tone={tone}>
      <ul className={styles.list}>
        {points.map((point) => (
          <li key={point.title} className={styles.point}>
            <h3 className={styles.title}>{point.title}</h3>
            <p>{point.text}</p>
          </li>
        ))}
      </ul>
    </Section>
  );
}
