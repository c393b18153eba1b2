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
      // Only reachable when content and code disagree (a newer content file, older code).
      const unknown: { __typename?: string } = section;
      throw new Error(`This page has a section of unknown type "${unknown.__typename}".`);
    }
  }
}

/** The kinds of section with behaviour; React hydrates only these (ServerHtml). */
const MOVES = new Set(["ProductSliderSection"]);

/** A service page's sections, in the order its content file lists them. */
export function Sections({ sections, labels, clients }: Props) {
  return (
    <>
      {sections.map((section, index) => (
        <React.Fragment key={`${section.__typename}-${index}`}>
          {MOVES.has(section.__typename) ? (
            renderSection(section, labels, clients)
          ) : (
            <ServerHtml>{renderSection(section, labels, clients)}</ServerHtml>
          )}
        </React.Fragment>
      ))}
    </>
  );
}
