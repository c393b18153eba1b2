import React from "react";
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
}

/**
 * One service page's body: its hero, its sections in the order the file lists them, then
 * a call to ask for a quote for this service.
 */
export function ServiceContent({ page, site, clients, enquiry, today }: ServiceContentProps) {
  return (
    <>
      <ServerHtml>
        <PageHero {...page.hero} actions={{ enquiry, service: page.slug, newTabLabel: site.labels.opensInNewTab }} />
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
