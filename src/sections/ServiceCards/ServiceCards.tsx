import React from "react";
import { Card, type CardProps } from "../../components/Card";
import { Section } from "../../components/Section";
import * as styles from "./ServiceCards.module.css";

export interface ServiceCardsProps {
  eyebrow?: string | null;
  title: string;
  cards: readonly CardProps[];
  /** Home only: one service highlighted below the cards. */
  teaser?: CardProps | null;
}

/** 'What do we provide?': one card per service, each linking to its page. */
export function ServiceCards({ eyebrow, title, cards, teaser }: ServiceCardsProps) {
  return (
    <Section eyebrow={eyebrow} title={title} tone="mist">
      <ul className={styles.grid}>
        {cards.map((card) => (
          <li key={card.title}>
            <Card {...card} />
          </li>
        ))}
      </ul>
      {teaser && <Card {...teaser} variant="teaser" />}
    </Section>
  );
}
