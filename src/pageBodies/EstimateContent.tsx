import React from "react";
import { EstimateDesk, type EstimateDeskProps } from "../components/EstimateDesk";
import { Island } from "../components/Island";
import * as styles from "../templates/enquiry.module.css";

export interface EstimateContentProps {
  heading: string;
  intro?: string | null;
  desk: EstimateDeskProps;
}

/** The estimate page's body: its heading and words, then the desk (the page and the editor's preview). */
export function EstimateContent({ heading, intro, desk }: EstimateContentProps) {
  return (
    <div className={`container ${styles.page}`}>
      <h1>{heading}</h1>
      {intro && <p>{intro}</p>}
      <Island>
        <EstimateDesk {...desk} />
      </Island>
    </div>
  );
}
