import { graphql } from "gatsby";
import React from "react";
import { Section } from "../../components/Section";
import * as styles from "./Applications.module.css";

export interface ApplicationsProps {
  anchor?: string | null;
  title: string;
  intro?: string | null;
  items: readonly string[];
}

/** The industries and parts a treatment serves. */
export function Applications({ anchor, title, intro, items }: ApplicationsProps) {
  return (
    <Section id={anchor} title={title} intro={intro} tone="dark">
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

/** What the page's query asks of an applications section. */
export const fragment = graphql`
  fragment ApplicationsFields on ApplicationsSection {
    anchor
    title
    intro
    items
  }
`;

/** No behaviour: the build's HTML is kept as it is. */
export const interactive = false;
