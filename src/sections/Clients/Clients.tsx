import { Picture, type ContentImage } from "../../components/Picture";
import { graphql } from "gatsby";
import React from "react";
import { Section } from "../../components/Section";
import { SmartLink } from "../../components/SmartLink";
import { CLIENT_LOGOS_PER_ROW } from "../../constants";
import * as styles from "./Clients.module.css";

export interface ClientsProps {
  anchor?: string | null;
  title: string;
  text: string;
  logos: readonly { name: string; logo: ContentImage | null }[];
  /** The 'Contact us' button: opens a web-mail compose window in a new tab. */
  contact: { label: string; url: string };
  newTabLabel: string;
}

/** 'our clients': the client logos in rows of five, and a way to become one. */
export function Clients({ anchor, title, text, logos, contact, newTabLabel }: ClientsProps) {
  const rows: (typeof logos)[] = [];
  for (let start = 0; start < logos.length; start += CLIENT_LOGOS_PER_ROW) {
    rows.push(logos.slice(start, start + CLIENT_LOGOS_PER_ROW));
  }
  return (
    <Section id={anchor} title={title}>
      <p className={styles.text}>{text}</p>
      {rows.map((row, index) => (
        <ul key={index} className={styles.row}>
          {row.map((client) => (
            <li key={client.name} className={styles.logo}>
              <Picture image={client.logo} alt={client.name} className={styles.logoImage} fit="contain" print />
            </li>
          ))}
        </ul>
      ))}
      <SmartLink to={contact.url} className={`button ${styles.contact}`} newTabLabel={newTabLabel}>
        {contact.label}
      </SmartLink>
    </Section>
  );
}

/** What the page's query asks of a clients section: the logos are the same on every page. */
export const fragment = graphql`
  fragment ClientsFields on ClientsSection {
    anchor
  }
`;

/** No behaviour: the build's HTML is kept as it is. */
export const interactive = false;
