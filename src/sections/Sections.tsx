import React from "react";
import type { CarouselLabels } from "../components/Carousel";
import { ServerHtml } from "../components/ServerHtml";
import { About } from "./About";
import { Applications } from "./Applications";
import { Clients, type ClientsProps } from "./Clients";
import { Points } from "./Points";
import { ProductSlider } from "./ProductSlider";
import { ServiceCards } from "./ServiceCards";
import { Statement } from "./Statement";

/** One entry of a service file's `sections` list, as the service page's query returns it. */
export type SectionData = NonNullable<Queries.ServicePageQuery["serviceYaml"]>["sections"][number];

interface Props {
  sections: readonly SectionData[];
  labels: CarouselLabels;
  /** The shared client logos, for any `clients` section. */
  clients: ClientsProps;
}

// Each kind of section is drawn by the component of the same name (src/schema/graphql.ts
// names the GraphQL type after the section's `type`: productSlider → ProductSliderSection).
function renderSection(section: SectionData, labels: CarouselLabels, clients: ClientsProps) {
  switch (section.__typename) {
    case "StatementSection":
      return <Statement {...section} />;
    case "AboutSection":
      return <About {...section} />;
    case "ProductSliderSection":
      return <ProductSlider {...section} labels={labels} />;
    case "ApplicationsSection":
      return <Applications {...section} />;
    case "PointsSection":
      return <Points {...section} />;
    case "ServiceCardsSection":
      return <ServiceCards {...section} />;
    case "ClientsSection":
      return <Clients {...clients} />;
    default: {
      // A compile error here means a section type has no case above. At run time, only
      // reachable when content and code disagree (a newer content file, older code).
      const unknown: never = section;
      throw new Error(`This page has a section of unknown type "${(unknown as SectionData).__typename}".`);
    }
  }
}

/**
 * Whether each kind of section has behaviour: React hydrates only these, the others stay
 * the build's HTML (ServerHtml). Every kind must be listed (a new one does not compile
 * until it says), so an interactive section cannot be left dead by omission.
 */
const INTERACTIVE: Record<SectionData["__typename"], boolean> = {
  StatementSection: false,
  AboutSection: false,
  ProductSliderSection: true,
  ApplicationsSection: false,
  PointsSection: false,
  ServiceCardsSection: false,
  ClientsSection: false,
};

/** A service page's sections, in the order its content file lists them. */
export function Sections({ sections, labels, clients }: Props) {
  return (
    <>
      {sections.map((section, index) => (
        <React.Fragment key={`${section.__typename}-${index}`}>
          {INTERACTIVE[section.__typename] ? (
            renderSection(section, labels, clients)
          ) : (
            <ServerHtml>{renderSection(section, labels, clients)}</ServerHtml>
          )}
        </React.Fragment>
      ))}
    </>
  );
}
