import React from "react";
import { QuoteActions, type QuoteActionsProps } from "../../components/QuoteActions";
import * as styles from "./StandardHero.module.css";

export interface StandardHeroProps {
  /** The standard's current designation: the page's one h1. */
  designation: string;
  aliases?: { label: string; names: readonly string[] } | null;
  summary: string;
  /** The ways to ask for a price; the form's button opens the form for this standard. */
  actions: QuoteActionsProps;
}

/** The top of a standard's page: its designation, the older names buyers write, what it covers, and the ways to ask. */
export function StandardHero({ designation, aliases, summary, actions }: StandardHeroProps) {
  return (
    <section className={styles.hero}>
      <div className={`container ${styles.text}`}>
        <h1 className={styles.title} translate="no">
          {designation}
        </h1>
        {aliases && aliases.names.length > 0 && (
          <p className={styles.aliases}>
            {aliases.label}: <span translate="no">{aliases.names.join(", ")}</span>
          </p>
        )}
        <p className={styles.lead}>{summary}</p>
        <QuoteActions {...actions} />
      </div>
    </section>
  );
}
