import React, { forwardRef } from "react";
import * as styles from "./ProblemSummary.module.css";

export interface ProblemLine {
  /** The field's element id: its link leads there. */
  target: string;
  text: string;
}

interface Props {
  id: string;
  heading: string;
  /** Empty: the summary is an empty box, hidden, for the enquiry service to fill without JavaScript. */
  lines: readonly ProblemLine[];
}

/** A link of the summary moves focus to its field, as GOV.UK's does, not only the view. */
function goTo(event: React.MouseEvent<HTMLAnchorElement>, target: string) {
  const field = document.getElementById(target);
  if (!field) return;
  event.preventDefault();
  field.focus();
}

/**
 * The problems of a form's last send, listed above it (GOV.UK's error summary): it takes
 * focus (its form moves it here), and each line links its field. The quote form's and the
 * estimate desk's; the enquiry service writes the same markup into the pages it returns.
 */
export const ProblemSummary = forwardRef<HTMLDivElement, Props>(function ProblemSummary({ id, heading, lines }, ref) {
  return (
    <div id={id} ref={ref} className={styles.summary} tabIndex={-1}>
      {lines.length > 0 && (
        <>
          <h2>{heading}</h2>
          <ul>
            {lines.map((line) => (
              <li key={line.target}>
                <a href={`#${line.target}`} onClick={(event) => goTo(event, line.target)}>
                  {line.text}
                </a>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
});
