import React from "react";
import { EnquiryForm, type EnquiryFormProps, type EnquiryWords } from "../components/EnquiryForm";
import { CompanyDocuments } from "../components/CompanyDocuments";
import { Island } from "../components/Island";
import { ServerHtml } from "../components/ServerHtml";
import { telHref } from "../components/Footer/telHref";
import { whatsappHref } from "../components/QuoteActions";
import { useLocalLink } from "../language/PageLanguageContext";
import { ContactOptions, type ContactOptionsProps } from "../sections/ContactOptions";
import * as styles from "../templates/enquiry.module.css";

export interface EnquiryContentProps {
  page: EnquiryWords & {
    heading: string;
    intro?: string | null;
    privacy: { slug: string };
    alternatives: Omit<ContactOptionsProps, "newTabLabel">;
  };
  services: readonly { slug: string; title: string }[];
  newTabLabel: string;
  /** The English form, on a translated page (EnquiryForm). */
  english?: EnquiryFormProps["english"];
  /** The standard whose page the buyer asked from (EnquiryForm). */
  standard?: EnquiryFormProps["standard"];
}

/**
 * The request-for-quote page's body: heading, the other ways to ask (a call, WhatsApp:
 * on a phone above the form, so they are on the first screen; beside it on a wide one),
 * and the form.
 */
export function EnquiryContent({ page, english, services, standard, newTabLabel }: EnquiryContentProps) {
  const local = useLocalLink();
  const { phone, callLabel, whatsapp, whatsappLabel } = page.alternatives;
  const reach = {
    callHref: telHref(phone),
    callLabel: `${callLabel}: ${phone}`,
    whatsappHref: whatsappHref(whatsapp),
    whatsappLabel,
    newTabLabel,
  };
  return (
    <div className={`container ${styles.page}`}>
      <ServerHtml>
        <h1>{page.heading}</h1>
        {page.intro && <p className={styles.intro}>{page.intro}</p>}
      </ServerHtml>
      <div className={styles.columns}>
        <div className={styles.others}>
          <ServerHtml>
            <ContactOptions {...page.alternatives} newTabLabel={newTabLabel} />
            <CompanyDocuments />
          </ServerHtml>
        </div>
        <div className={styles.form}>
          <Island>
            <EnquiryForm
              words={page}
              english={english}
              services={services}
              privacyPath={local(`/${page.privacy.slug}`)}
              reach={reach}
              standard={standard}
            />
          </Island>
        </div>
      </div>
    </div>
  );
}
