import React from "react";
import type { Said } from "../../estimate/say";
import * as styles from "./EstimateDesk.module.css";

interface Props {
  said: Said;
  titles: { checks: string; growth: string; price: string };
}

/** The desk's answer, in content's words: the checks, the build-up, the price, the lead time. */
export function EstimateAnswer({ said, titles }: Props) {
  return (
    <>
      <h3>{titles.checks}</h3>
      <ul className={styles.checks}>
        {said.checks.map((check) => (
          <li key={check.text} data-level={check.level}>
            {check.text}
          </li>
        ))}
      </ul>
      {said.growth.length > 0 && (
        <>
          <h3>{titles.growth}</h3>
          <ul>
            {said.growth.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </>
      )}
      {said.price.length > 0 && (
        <>
          <h3>{titles.price}</h3>
          <ul>
            {said.price.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </>
      )}
      <p>{said.leadTime}</p>
      <p>{said.firmQuote}</p>
    </>
  );
}
