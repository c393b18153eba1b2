import { Picture, type ContentImage } from "../../components/Picture";
import React from "react";
import { QuoteActions, type QuoteActionsProps } from "../../components/QuoteActions";
import * as styles from "./PageHero.module.css";

export interface PageHeroProps {
  title: string;
  text?: string | null;
  facts?: readonly string[] | null;
  image: ContentImage | null;
  imageAlt: string;
  /** The ways to ask for a price (the facts are this hero's own). */
  actions: Omit<QuoteActionsProps, "facts">;
}

/** The banner at the top of a service page: its one h1, key facts and the ways to ask for a price. */
export function PageHero({ title, text, facts, image, imageAlt, actions }: PageHeroProps) {
  return (
    <section className={styles.hero}>
      <Picture image={image} alt={imageAlt} className={styles.image} priority />
      <div className={`container ${styles.text}`}>
        <h1 className={styles.title}>{title}</h1>
        {text && <p className={styles.lead}>{text}</p>}
        <QuoteActions {...actions} facts={facts} />
      </div>
    </section>
  );
}
