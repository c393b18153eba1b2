import React from "react";
import { telHref } from "../Footer/telHref";
import * as styles from "./QuoteActions.module.css";
import { ExternalLink } from "../ExternalLink";
import { useLocalLink } from "../../language/PageLanguageContext";
import { CitedText } from "../CitedText";
import { Grid } from "../Grid";

/** WhatsApp's click-to-chat address: the number's digits, no "+". Nothing is loaded until the click. */
export const whatsappHref = (number: string) => `https://wa.me/${number.replace(/\D/g, "")}`;

/**
 * The facts in columns, not a wrapping row: a slow phone paints a fact read half-way, and
 * in a row a short half fits beside the one before, then jumps to the next line when the
 * rest arrives (a layout shift). A grid cell's place depends on its number only.
 */
const FACT_COLUMNS = { sm: 2, lg: 4 };

export interface QuoteActionsProps {
  /** The form's address and words, and the phone and WhatsApp numbers (content/enquiry.yaml). */
  enquiry: Queries.QuoteActionsFragment;
  /** This page's service, chosen on the form in advance. */
  service?: string;
  /** Short phrases a buyer scans first (processes, alloys, sizes, thickness, standards), above the buttons. */
  facts?: readonly string[] | null;
  /** Read after the WhatsApp link's text: it opens a new tab. */
  newTabLabel: string;
  /** dark: on a hero's photo or colour (the default); light: on the white page. */
  tone?: "dark" | "light";
  /** Another form's page and label than the form's own (a standard's: its specification filled in). */
  form?: { path: string; label: string };
  /** The estimate desk (content/estimate.yaml), if the site has one: linked under the buttons. */
  estimate?: Queries.EstimateLinkFragment | null;
  /** This page's standard, chosen on the estimate desk in advance (a service is chosen by `service`). */
  standard?: string;
}

/** `path` with this page's service or standard chosen in advance (?service=… or ?standard=…). */
const choosing = (path: string, service?: string, standard?: string) =>
  service || standard
    ? `${path}?${service ? "service" : "standard"}=${encodeURIComponent((service || standard)!)}`
    : path;

/**
 * What every first screen offers a buyer: the key facts, then the three ways to ask for
 * a price side by side: the quote form, a call and a WhatsApp chat, and under them the
 * estimate desk. Plain links: the form's and the desk's pages load their own scripts,
 * which no other page needs.
 */
export function QuoteActions({
  enquiry,
  service,
  facts,
  newTabLabel,
  tone = "dark",
  form: chosen,
  estimate,
  standard,
}: QuoteActionsProps) {
  const { alternatives } = enquiry;
  const local = useLocalLink();
  const form = local(chosen?.path ?? `/${enquiry.slug}`);
  return (
    <>
      {facts && facts.length > 0 && (
        <Grid max={FACT_COLUMNS} className={styles.facts}>
          {facts.map((fact) => (
            <li key={fact}>
              <span>
                <CitedText text={fact} />
              </span>
            </li>
          ))}
        </Grid>
      )}
      <div className={tone === "light" ? `${styles.actions} ${styles.light}` : styles.actions}>
        <a className={`button button-gold ${styles.quote}`} href={choosing(form, service)}>
          {chosen?.label ?? enquiry.linkLabel}
        </a>
        <a className={`button button-outline ${styles.other}`} href={telHref(alternatives.phone)}>
          {alternatives.callLabel}
          <span className={styles.number} translate="no">
            {alternatives.phone}
          </span>
        </a>
        <ExternalLink
          className={`button button-outline ${styles.other}`}
          href={whatsappHref(alternatives.whatsapp)}
          newTabLabel={newTabLabel}
        >
          {alternatives.whatsappLabel}
        </ExternalLink>
      </div>
      {estimate && (
        <p className={styles.estimate}>
          <a href={choosing(local(`/${estimate.slug}`), service, standard)}>{estimate.linkLabel}</a>
        </p>
      )}
    </>
  );
}
