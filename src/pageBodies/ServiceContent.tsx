import React from "react";
import { PageHero } from "../sections/PageHero";
import { Sections } from "../sections/Sections";

export interface ServiceContentProps {
  page: NonNullable<Queries.ServicePageQuery["serviceYaml"]>;
  site: NonNullable<Queries.ServicePageQuery["siteYaml"]>;
  clients: NonNullable<Queries.ServicePageQuery["clientsYaml"]>;
}

/** One service page's body: its hero, then its sections in the order the file lists them. */
export function ServiceContent({ page, site, clients }: ServiceContentProps) {
  return (
    <>
      <PageHero {...page.hero} />
      <Sections
        sections={page.sections}
        labels={site.labels}
        clients={{ ...clients, contact: site.webmail, newTabLabel: site.labels.opensInNewTab }}
      />
    </>
  );
}
