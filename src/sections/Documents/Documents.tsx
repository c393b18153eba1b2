import { graphql } from "gatsby";
import React from "react";
import { Section } from "../../components/Section";
import * as styles from "./Documents.module.css";
import { dayLabel, fileLabel, isCurrent } from "./display";

export interface DocumentsProps {
  anchor?: string | null;
  eyebrow?: string | null;
  title: string;
  intro?: string | null;
  labels: { issued: string; validUntil: string };
  documents: readonly {
    title: string;
    /** The build's copy of the PDF (publicURL: /static/<hash of its content>/<name>.pdf) and its size. */
    file: { publicURL: string | null; size: number };
    issued?: string | null;
    validUntil?: string | null;
  }[];
  /** The day the page is built, "YYYY-MM-DD": documents valid until before it are left out. */
  today: string;
}

/**
 * Certificates and datasheets to download, each link saying what it fetches. A document
 * whose last valid day is before the build's day is not offered (content:check and the
 * publish status tell staff); each one offered shows its dates, so a visitor can judge it
 * even when the page was built long ago.
 */
export function Documents({ anchor, eyebrow, title, intro, labels, documents, today }: DocumentsProps) {
  const offered = documents.filter((document) => isCurrent(document.validUntil, today));
  if (offered.length === 0) return null;
  return (
    <Section id={anchor} eyebrow={eyebrow} title={title} intro={intro}>
      <ul className={styles.list}>
        {offered.map((document, index) => (
          <li key={`${index}-${document.title}`} className={styles.item}>
            <a className={styles.link} href={document.file.publicURL ?? undefined} type="application/pdf">
              <span className={styles.title}>{document.title}</span>{" "}
              <span className={styles.file}>{fileLabel(document.file.size)}</span>
            </a>
            {(document.issued || document.validUntil) && (
              <p className={styles.dates}>
                {document.issued && <span>{`${labels.issued} ${dayLabel(document.issued)}`}</span>}
                {document.validUntil && <span>{`${labels.validUntil} ${dayLabel(document.validUntil)}`}</span>}
              </p>
            )}
          </li>
        ))}
      </ul>
    </Section>
  );
}

/** What the page's query asks of a documents section. */
export const fragment = graphql`
  fragment DocumentsFields on DocumentsSection {
    anchor
    eyebrow
    title
    intro
    labels {
      issued
      validUntil
    }
    documents {
      title
      file {
        publicURL
        size
      }
      issued
      validUntil
    }
  }
`;

/** No behaviour: plain links; the build's HTML is kept. */
export const interactive = false;
