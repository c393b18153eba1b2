import React from "react";
import type { CarouselLabels } from "../components/Carousel";
import { About, type AboutProps } from "./About";
import { Applications, type ApplicationsProps } from "./Applications";
import { Clients, type ClientsProps } from "./Clients";
import { Points, type PointsProps } from "./Points";
import { ProductSlider, type ProductSliderProps } from "./ProductSlider";
import { ServiceCards, type ServiceCardsProps } from "./ServiceCards";
import { Statement, type StatementProps } from "./Statement";

/** One entry of a service file's `sections` list; `type` picks the component. */
export type SectionData = { readonly type: string };

interface Props {
  sections: readonly SectionData[];
  labels: CarouselLabels;
  /** The shared client logos, for any `clients` section. */
  clients: ClientsProps;
}

// The build validated each section against its type's schema, so the casts below
// only narrow the one GraphQL type that holds every section shape.
function renderSection(section: SectionData, labels: CarouselLabels, clients: ClientsProps) {
  switch (section.type) {
    case "statement":
      return <Statement {...(section as unknown as StatementProps)} />;
    case "about":
      return <About {...(section as unknown as AboutProps)} />;
    case "productSlider":
      return <ProductSlider {...(section as unknown as Omit<ProductSliderProps, "labels">)} labels={labels} />;
    case "applications":
      return <Applications {...(section as unknown as ApplicationsProps)} />;
    case "advantages":
      return <Points {...(section as unknown as PointsProps)} />;
    case "serviceCards":
      return <ServiceCards {...(section as unknown as ServiceCardsProps)} />;
    case "clients":
      return <Clients {...clients} />;
    default:
      throw new Error(`This page has a section of unknown type "${section.type}".`);
  }
}

/** A service page's sections, in the order its content file lists them. */
export function Sections({ sections, labels, clients }: Props) {
  return (
    <>
      {sections.map((section, index) => (
        <React.Fragment key={`${section.type}-${index}`}>{renderSection(section, labels, clients)}</React.Fragment>
      ))}
    </>
  );
}
