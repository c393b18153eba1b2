import { Picture, type ContentImage } from "../Picture";
import { Link } from "gatsby";
import React, { useEffect } from "react";
import { loadMapWhenNear } from "../../browser/early";
import { SECTION_IDS } from "../../constants";
import * as styles from "./Footer.module.css";
import { telHref } from "./telHref";
import { ExternalLink } from "../ExternalLink";
import { CompanyDocuments } from "../CompanyDocuments";

export interface FooterProps {
  logo: ContentImage | null;
  companyName: string;
  email: string;
  gstin: string;
  /** Each plant; its opening hours as words ("Mon–Sat 09:00–18:00"), worked out at build. */
  units: readonly { name: string; address: string; hours?: string | null }[];
  contacts: readonly { name: string; role?: string | null; phone: string }[];
  map: { title: string; embedUrl: string };
  /** The request-for-quote page (content/enquiry.yaml). */
  quote: { label: string; path: string };
  /**
   * False on the quote form's pages: they contact no other host, so the map is a link
   * (opened on click) instead of a frame.
   */
  embedMap?: boolean;
  /** Read after the map link's text: it opens a new tab. */
  newTabLabel?: string;
  /** The home page in this page's language ("/" or "/de"). */
  homePath?: string;
  /** The footer's own wording (content/site.yaml › footer). */
  wording: {
    mailLabel: string;
    unitsHeading: string;
    contactsHeading: string;
    gstinLabel: string;
    emailLabel: string;
    copyright: string;
  };
}

/** The foot of every page: logo, plants, GSTIN, contacts, e-mail and the map. */
export function Footer({
  logo,
  companyName,
  email,
  gstin,
  units,
  contacts,
  map,
  quote,
  wording,
  embedMap = true,
  newTabLabel = "",
  homePath = "/",
}: FooterProps) {
  // On the page a visitor lands on, the early script does this; after a client-side
  // navigation React draws the footer again, and this does.
  useEffect(() => loadMapWhenNear(document), []);
  return (
    <footer id={SECTION_IDS.footer} className={styles.footer}>
      <div className={`container ${styles.grid}`}>
        <div>
          <Link to={homePath} className={styles.logoLink}>
            <Picture image={logo} alt="" className={styles.logo} fit="contain" />
            <span>{companyName}</span>
          </Link>
          <a className={`button button-gold ${styles.mail}`} href={`mailto:${email}`}>
            {wording.mailLabel}
          </a>
          {/* A plain link: the form's page loads its own script, which no other page needs. */}
          <a className={`button button-outline ${styles.quote}`} href={quote.path}>
            {quote.label}
          </a>
          <CompanyDocuments />
          <p className={styles.gstin}>
            {wording.gstinLabel}: <span translate="no">{gstin}</span>
          </p>
        </div>

        <div>
          <h2 className={`eyebrow ${styles.heading}`}>{wording.unitsHeading}</h2>
          {units.map((unit) => (
            <address key={unit.name} className={styles.unit}>
              <strong>{unit.name}</strong>
              <br />
              <span className={styles.address}>{unit.address}</span>
              {unit.hours && <span className={styles.hours}>{unit.hours}</span>}
            </address>
          ))}
        </div>

        <div>
          <h2 className={`eyebrow ${styles.heading}`}>{wording.contactsHeading}</h2>
          <ul className={styles.contacts}>
            {contacts.map((contact) => (
              <li key={contact.name + contact.phone}>
                <span className={styles.name}>{contact.name}</span>
                {contact.role && <span className={styles.role}>{contact.role}</span>}
                <a href={telHref(contact.phone)}>{contact.phone}</a>
              </li>
            ))}
          </ul>
          <p>
            {wording.emailLabel}: <a href={`mailto:${email}`}>{email}</a>
          </p>
        </div>

        {!embedMap ? (
          <p>
            <ExternalLink className={styles.mapLink} href={map.embedUrl} newTabLabel={newTabLabel}>
              {map.title}
            </ExternalLink>
          </p>
        ) : (
          // The early script frames the map in this box as it comes near (loadMapWhenNear).
          <div className={styles.map} data-map-src={map.embedUrl} data-map-title={map.title}>
            <noscript>
              <iframe title={map.title} src={map.embedUrl} loading="lazy" referrerPolicy="no-referrer-when-downgrade" />
            </noscript>
          </div>
        )}
      </div>
      <p className={`container ${styles.copyright}`}>
        © {companyName}. {wording.copyright}
      </p>
    </footer>
  );
}
