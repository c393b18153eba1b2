import { graphql } from "gatsby";
import React from "react";
import { Card, type CardProps } from "../../components/Card";
import { Grid } from "../../components/Grid";
import { Section } from "../../components/Section";
import * as styles from "./ServiceCards.module.css";

export interface ServiceCardsProps {
  anchor?: string | null;
  eyebrow?: string | null;
  title: string;
  cards: readonly CardProps[];
  /** One service highlighted below the cards. */
  teaser?: CardProps | null;
}

/** 'What do we provide?': one card per service, each linking to its page. */
export function ServiceCards({ anchor, eyebrow, title, cards, teaser }: ServiceCardsProps) {
  return (
    <Section id={anchor} eyebrow={eyebrow} title={title} tone="mist">
      <Grid max={{ md: 2, lg: 3 }} className={styles.grid}>
        {cards.map((card) => (
          <li key={card.title}>
            <Card {...card} />
          </li>
        ))}
      </Grid>
      {teaser && <Card {...teaser} variant="teaser" />}
    </Section>
  );
}

/** What the page's query asks of a service-cards section. */
export const fragment = graphql`
  fragment ServiceCardsFields on ServiceCardsSection {
    anchor
    eyebrow
    title
    cards {
      ...LinkedCard
    }
    teaser {
      ...LinkedCard
    }
  }
`;

/** No behaviour: the build's HTML is kept as it is. */
export const interactive = false;
