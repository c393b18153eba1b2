import React from "react";
import { HomeHero } from "../sections/HomeHero";
import { Sections } from "../sections/Sections";

export interface HomeContentProps {
  home: NonNullable<Queries.HomePageQuery["homeYaml"]>;
  site: NonNullable<Queries.HomePageQuery["siteYaml"]>;
  /** The day the page is built, "YYYY-MM-DD" (src/sections/Sections.tsx). */
  today: string;
  clients: NonNullable<Queries.HomePageQuery["clientsYaml"]>;
  /** The quote form, phone and WhatsApp for the hero's buttons (content/enquiry.yaml). */
  enquiry: Queries.QuoteActionsFragment;
  /** The estimate desk's link under the hero's buttons (content/estimate.yaml), if the site has one. */
  estimate?: Queries.EstimateLinkFragment | null;
}

/** The home page's body: the hero carousel, then its sections in the order content/home.yaml lists them. */
export function HomeContent({ home, site, clients, enquiry, estimate, today }: HomeContentProps) {
  return (
    <>
      <HomeHero
        {...home.hero}
        label={site.company.name}
        labels={site.labels}
        actions={{ enquiry, estimate, newTabLabel: site.labels.opensInNewTab }}
      />
      <Sections
        sections={home.sections}
        labels={site.labels}
        clients={{ ...clients, contact: site.webmail, newTabLabel: site.labels.opensInNewTab }}
        today={today}
      />
    </>
  );
}
