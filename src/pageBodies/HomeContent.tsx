import React from "react";
import { ServerHtml } from "../components/ServerHtml";
import { SECTION_IDS } from "../constants";
import { About } from "../sections/About";
import { Applications } from "../sections/Applications";
import { Clients } from "../sections/Clients";
import { HomeHero } from "../sections/HomeHero";
import { Points } from "../sections/Points";
import { ServiceCards } from "../sections/ServiceCards";

export interface HomeContentProps {
  home: NonNullable<Queries.HomePageQuery["homeYaml"]>;
  site: NonNullable<Queries.HomePageQuery["siteYaml"]>;
  clients: NonNullable<Queries.HomePageQuery["clientsYaml"]>;
}

/** The home page's body: hero, about us, services, facilities, applications, certificates, clients. */
export function HomeContent({ home, site, clients }: HomeContentProps) {
  return (
    <>
      <HomeHero {...home.hero} label={site.company.name} labels={site.labels} />
      {/* The rest has no behaviour: React leaves its HTML as the build made it. */}
      <ServerHtml>
        <About id={SECTION_IDS.about} {...home.about} claims={site.claims} coreValues={site.coreValues} />
        <ServiceCards {...home.services} />
        <Points {...home.facilities} tone="plain" />
        <Applications {...home.applications} />
        <Points {...home.certificates} tone="mist" />
        <Clients {...clients} contact={site.webmail} newTabLabel={site.labels.opensInNewTab} />
      </ServerHtml>
    </>
  );
}
