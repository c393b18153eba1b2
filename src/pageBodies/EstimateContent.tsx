import React from "react";
import { EstimateDesk, type EstimateDeskProps } from "../components/EstimateDesk";
import { Island } from "../components/Island";
import { QuoteActions, type QuoteActionsProps } from "../components/QuoteActions";
import * as styles from "../templates/enquiry.module.css";

export interface EstimateContentProps {
  heading: string;
  intro?: string | null;
  desk: EstimateDeskProps;
  /** The quote form, a call and WhatsApp, after the desk: for a buyer who would rather ask a person. */
  actions?: QuoteActionsProps;
}

/**
 * The estimate page's body: its heading and words, the desk, then the other ways to ask
 * for a price (the page and the editor's preview).
 */
export function EstimateContent({ heading, intro, desk, actions }: EstimateContentProps) {
  return (
    <div className={`container ${styles.page}`}>
      <h1>{heading}</h1>
      {intro && <p>{intro}</p>}
      <Island>
        <EstimateDesk {...desk} />
      </Island>
      {actions && <QuoteActions {...actions} />}
    </div>
  );
}
