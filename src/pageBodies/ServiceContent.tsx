import React from "react";
import { citations, useStandards } from "../components/CitedText";
import { ServerHtml } from "../components/ServerHtml";
import { PageHero } from "../sections/PageHero";
import { QuoteCallToAction } from "../sections/QuoteCallToAction";
import { Sections } from "../sections/Sections";

export interface ServiceContentProps {
  page: NonNullable<Queries.ServicePageQuery["serviceYaml"]>;
  site: NonNullable<Queries.ServicePageQuery["siteYaml"]>;
  /** The day the page is built, "YYYY-MM-DD" (src/sections/Sections.tsx). */
  today: string;
  clients: NonNullable<Queries.ServicePageQuery["clientsYaml"]>;
  /** The request-for-quote form's link and call to action (content/enquiry.yaml). */
  enquiry: Queries.QuoteActionsFragment & { callToAction: { title: string; text: string } };
  /** The estimate desk's link under the hero's buttons (content/estimate.yaml), if the site has one. */
  estimate?: Queries.EstimateLinkFragment | null;
}

/**
 * One service page's body: its hero, its sections in the order the file lists them, then
 * a call to ask for a quote for this service.
 */
export function ServiceContent({ page, site, clients, enquiry, estimate, today }: ServiceContentProps) {
  // Every standard page that names this service is linked from its key facts: where no
  // fact names the standard already, its designation is a fact of its own.
  const facts = page.hero.facts ?? [];
  const unnamed = useStandards().filter(
    (standard) =>
      standard.services?.includes(page.slug) &&
      !facts.some((fact) => citations(fact, [standard]).some((piece) => piece.slug)),
  );
  const hero = { ...page.hero, facts: [...facts, ...unnamed.map((standard) => standard.names[0])] };
  return (
    <>
      <ServerHtml>
        <PageHero
          {...hero}
          actions={{ enquiry, estimate, service: page.slug, newTabLabel: site.labels.opensInNewTab }}
        />
      </ServerHtml>
      <Sections
        sections={page.sections}
        labels={site.labels}
        clients={{ ...clients, contact: site.webmail, newTabLabel: site.labels.opensInNewTab }}
        today={today}
      />
      <ServerHtml>
        <QuoteCallToAction
          {...enquiry.callToAction}
          label={enquiry.linkLabel}
          to={`/${enquiry.slug}?service=${encodeURIComponent(page.slug)}`}
        />
      </ServerHtml>
    </>
  );
}
