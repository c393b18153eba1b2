import React from "react";
import { telHref } from "../../components/Footer/telHref";
import { whatsappHref } from "../../components/QuoteActions";
import * as styles from "./ContactOptions.module.css";
import { ExternalLink } from "../../components/ExternalLink";
import { SectionHeading } from "../../components/Section";

export interface ContactOptionsProps {
  title: string;
  phone: string;
  callLabel: string;
  whatsapp: string;
  whatsappLabel: string;
  /** Read after the WhatsApp link's text: it opens a new tab. */
  newTabLabel: string;
}

/** Other ways to ask for a quote: a call, or a WhatsApp chat. */
export function ContactOptions({ title, phone, callLabel, whatsapp, whatsappLabel, newTabLabel }: ContactOptionsProps) {
  return (
    <aside className={styles.options} aria-labelledby="contact-options-title">
      <SectionHeading id="contact-options-title" className={styles.title}>
        {title}
      </SectionHeading>
      <a className={styles.link} href={telHref(phone)}>
        {callLabel}: <span translate="no">{phone}</span>
      </a>
      <ExternalLink className={styles.link} href={whatsappHref(whatsapp)} newTabLabel={newTabLabel}>
        {whatsappLabel}
      </ExternalLink>
    </aside>
  );
}
