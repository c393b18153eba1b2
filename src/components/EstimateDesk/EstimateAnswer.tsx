import React from "react";
import { answerHtml, waitingHtml, type AnswerTitles } from "../../estimate/answerHtml";
import { ANSWER_ID } from "../../estimate/pageData";
import type { Said } from "../../estimate/say";
import * as styles from "./EstimateDesk.module.css";

interface Props {
  /** Null until the part is described in full: the place says what it waits for. */
  said: Said | null;
  titles: AnswerTitles;
  waiting: string;
}

/** The desk's answer, in the markup the enquiry service fills the same place with (without JavaScript). */
export function EstimateAnswer({ said, titles, waiting }: Props) {
  return (
    <div
      id={ANSWER_ID}
      className={styles.said}
      dangerouslySetInnerHTML={{ __html: said ? answerHtml(said, titles) : waitingHtml(waiting) }}
    />
  );
}
