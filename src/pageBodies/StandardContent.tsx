import React from "react";
import { CompanyDocuments } from "../components/CompanyDocuments";
import { Section } from "../components/Section";
import { ServerHtml } from "../components/ServerHtml";
import { useLocalLink } from "../language/PageLanguageContext";
import { Points } from "../sections/Points/Points";
import { QuoteCallToAction } from "../sections/QuoteCallToAction";
import { Sections } from "../sections/Sections";
import { StandardHero } from "../sections/StandardHero";
import * as styles from "./StandardContent.module.css";

type Grade = { designation: string; text: string };

export interface StandardContentProps {
  page: {
    slug: string;
    designation: string;
    aliases?: { label: string; names: readonly string[] } | null;
    summary: string;
    services: readonly string[];
    servicesTitle: string;
    offered: { title: string; items: readonly Grade[] };
    notOffered?: { title: string; items: readonly Grade[] } | null;
    sections: NonNullable<Queries.ServicePageQuery["serviceYaml"]>["sections"];
    drawing: { title: string; intro?: string | null; items: readonly string[] };
    quote: { title: string; text: string; label: string };
  };
  site: NonNullable<Queries.ServicePageQuery["siteYaml"]>;
  clients: NonNullable<Queries.ServicePageQuery["clientsYaml"]>;
  enquiry: Queries.QuoteActionsFragment;
  /** The estimate desk's link under the hero's buttons (content/estimate.yaml), if the site has one. */
  estimate?: Queries.EstimateLinkFragment | null;
  /** The service pages it names, by slug, with their headings in the page's language. */
  services: readonly { slug: string; title: string }[];
  /** The form for this standard: its specification filled in (gatsby-node's standardQuotePath). */
  quotePath: string;
  today: string;
}

const asPoints = (items: readonly Grade[]) => items.map((item) => ({ title: item.designation, text: item.text }));

/**
 * A standard's page: what it is and its older names, the types and classes we offer
 * and those we do not, its coating, tests and certificates (sections, as on a service
 * page), what to write on a drawing, the service pages that work to it, and the form
 * with the standard filled in.
 */
export function StandardContent({
  page,
  site,
  clients,
  enquiry,
  estimate,
  services,
  quotePath,
  today,
}: StandardContentProps) {
  const local = useLocalLink();
  const form = { path: quotePath, label: page.quote.label };
  const newTabLabel = site.labels.opensInNewTab;
  return (
    <>
      <ServerHtml>
        <StandardHero
          designation={page.designation}
          aliases={page.aliases}
          summary={page.summary}
          actions={{ enquiry, form, estimate, standard: page.slug, newTabLabel }}
        />
        <Points title={page.offered.title} points={asPoints(page.offered.items)} />
        {page.notOffered && (
          <Points title={page.notOffered.title} points={asPoints(page.notOffered.items)} tone="mist" />
        )}
      </ServerHtml>
      <Sections
        sections={page.sections}
        labels={site.labels}
        clients={{ ...clients, contact: site.webmail, newTabLabel }}
        today={today}
      />
      <ServerHtml>
        <Section title={page.drawing.title} intro={page.drawing.intro} tone="mist">
          <ol className={styles.checklist}>
            {page.drawing.items.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ol>
        </Section>
        <Section title={page.servicesTitle}>
          <ul className={styles.services}>
            {services.map((service) => (
              <li key={service.slug}>
                <a href={local(`/${service.slug}`)}>{service.title}</a>
              </li>
            ))}
          </ul>
          <CompanyDocuments />
        </Section>
        <QuoteCallToAction title={page.quote.title} text={page.quote.text} label={page.quote.label} to={quotePath} />
      </ServerHtml>
    </>
  );
}
