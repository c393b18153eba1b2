import React, { useId } from "react";
import * as styles from "./Section.module.css";
import { SectionHeading } from "./SectionHeading";

interface Props {
  id?: string | null;
  /** plain: white; mist: light grey; dark: brand colour with light text. */
  tone?: "plain" | "mist" | "dark";
  eyebrow?: string | null;
  title: string;
  intro?: string | null;
  /** The section kind's own class (its print rules, say). */
  className?: string;
  children?: React.ReactNode;
}

/** A page section: named by its heading for screen readers, revealed on scroll. */
export function Section({ id, tone = "plain", eyebrow, title, intro, className, children }: Props) {
  const headingId = useId();
  return (
    <section
      id={id ?? undefined}
      aria-labelledby={headingId}
      className={[styles.section, styles[tone], className, "reveal"].filter(Boolean).join(" ")}
    >
      <div className="container">
        {eyebrow && <p className={`eyebrow ${styles.eyebrow}`}>{eyebrow}</p>}
        <SectionHeading id={headingId} className={styles.title}>
          {title}
        </SectionHeading>
        {intro && <p className={styles.intro}>{intro}</p>}
        {children}
      </div>
    </section>
  );
}
