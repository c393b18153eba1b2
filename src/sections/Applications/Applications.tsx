import React from "react";
import { Section } from "../../components/Section";
import * as styles from "./Applications.module.css";

export interface ApplicationsProps {
  heading: string;
  intro?: string | null;
  items: readonly string[];
}

/** The industries and parts a treatment serves. */
export function Applications({ heading, intro, items }: ApplicationsProps) {
  return (
    <Section title={heading} intro={intro} tone="dark">
      <ul className={styles.list}>
        {items.map((item) => (
          <li key={item} className={styles.item}>
            {item}
          </li>
        ))}
      </ul>
    </Section>
  );
}
