import React from "react";
import { Section } from "../../components/Section";
import * as styles from "./Applications.module.css";

export interface ApplicationsProps {
  title: string;
  intro?: string | null;
  items: readonly string[];
}

/** The industries and parts a treatment serves. */
export function Applications({ title, intro, items }: ApplicationsProps) {
  return (
    <Section title={title} intro={intro} tone="dark">
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
