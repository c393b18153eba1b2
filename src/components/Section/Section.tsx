import React, { useId } from "react";
import * as styles from "./Section.module.css";

interface Props {
  id?: string | null;
  /** plain: white; mist: light grey; dark: brand colour with light text. */
  tone?: "plain" | "mist" | "dark";
  eyebrow?: string | null;
  title: string;
  intro?: string | null;
  children?: React.ReactNode;
}

/** A page section: named by its heading for screen readers, revealed on scroll. */
export function Section({ id, tone = "plain", eyebrow, title, intro, children }: Props) {
  const headingId = useId();
  return (
    <section id={id ?? undefined} aria-labelledby={headingId} className={`${styles.section} ${styles[tone]} reveal`}>
      <div className={styles.inner}>
        {eyebrow && <p className={`eyebrow ${styles.eyebrow}`}>{eyebrow}</p>}
        <h2 id={headingId} className={styles.title}>
          {title}
        </h2>
        {intro && <p className={styles.intro}>{intro}</p>}
        {children}
      </div>
    </section>
  );
}
