import { graphql } from "gatsby";
import React from "react";
import type { CarouselLabels } from "../components/Carousel";
import { ServerHtml } from "../components/ServerHtml";
import * as about from "./About/About";
import * as applications from "./Applications/Applications";
import * as capabilities from "./Capabilities/Capabilities";
import * as clients from "./Clients/Clients";
import * as colours from "./Colours/Colours";
import * as documents from "./Documents/Documents";
import * as faq from "./Faq/Faq";
import * as points from "./Points/Points";
import * as productSlider from "./ProductSlider/ProductSlider";
import * as serviceCards from "./ServiceCards/ServiceCards";
import * as statement from "./Statement/Statement";
import * as steps from "./Steps/Steps";

// Every kind of section lives in its own folder: schema.ts (its fields, gathered by
// src/schema/content.ts), the component with its query fragment and whether it is
// interactive, and its CSS. This file draws a page's list of them.

/** One entry of a page's `sections` list, as the page's query returns it. */
export type SectionData = Queries.PageSectionsFragment;
type TypeName = SectionData["__typename"];
type Of<T extends TypeName> = Extract<SectionData, { __typename: T }>;

/** What every section may need besides its own content. */
interface Shared {
  labels: CarouselLabels;
  /** The client logos and their text (content/clients.yaml), for any `clients` section. */
  clients: Omit<clients.ClientsProps, "anchor">;
  /** The day the page is built, "YYYY-MM-DD" (documents past their last valid day are left out). */
  today: string;
}

interface Kind<T extends TypeName> {
  draw: (section: Of<T>, shared: Shared) => React.ReactElement;
  /** React hydrates only interactive sections; the others stay the build's HTML (ServerHtml). */
  interactive: boolean;
}

/**
 * How each kind is drawn. GraphQL names a section's type after its `type`
 * (productSlider → ProductSliderSection, src/schema/graphql.ts). A kind missing here, or
 * one that does not say whether it is interactive, does not compile.
 */
const KINDS: { [T in TypeName]: Kind<T> } = {
  StatementSection: { draw: (s) => <statement.Statement {...s} />, interactive: statement.interactive },
  AboutSection: { draw: (s) => <about.About {...s} />, interactive: about.interactive },
  ProductSliderSection: {
    draw: (s, { labels }) => <productSlider.ProductSlider {...s} labels={labels} />,
    interactive: productSlider.interactive,
  },
  ApplicationsSection: { draw: (s) => <applications.Applications {...s} />, interactive: applications.interactive },
  PointsSection: { draw: (s) => <points.Points {...s} />, interactive: points.interactive },
  ServiceCardsSection: { draw: (s) => <serviceCards.ServiceCards {...s} />, interactive: serviceCards.interactive },
  CapabilitiesSection: { draw: (s) => <capabilities.Capabilities {...s} />, interactive: capabilities.interactive },
  StepsSection: { draw: (s) => <steps.Steps {...s} />, interactive: steps.interactive },
  FaqSection: { draw: (s) => <faq.Faq {...s} />, interactive: faq.interactive },
  ColoursSection: { draw: (s) => <colours.Colours {...s} />, interactive: colours.interactive },
  DocumentsSection: {
    draw: (s, { today }) => <documents.Documents {...s} today={today} />,
    interactive: documents.interactive,
  },
  ClientsSection: {
    draw: (s, shared) => <clients.Clients {...shared.clients} {...s} />,
    interactive: clients.interactive,
  },
};

/** Whether a kind of section has behaviour (for tests and the hydration check). */
export const isInteractive = (typeName: TypeName) => KINDS[typeName].interactive;

function drawSection<T extends TypeName>(section: Of<T>, shared: Shared) {
  const kind = KINDS[section.__typename as T] as Kind<T> | undefined;
  // Only when content and code disagree (a newer content file, older code).
  if (!kind) throw new Error(`This page has a section of unknown type "${section.__typename}".`);
  const drawn = kind.draw(section, shared);
  return kind.interactive ? drawn : <ServerHtml>{drawn}</ServerHtml>;
}

interface Props extends Shared {
  sections: readonly SectionData[];
}

/** A page's sections, in the order its content file lists them. */
export function Sections({ sections, ...shared }: Props) {
  return (
    <>
      {sections.map((section, index) => (
        <React.Fragment key={`${section.__typename}-${index}`}>{drawSection(section, shared)}</React.Fragment>
      ))}
    </>
  );
}

/** What a page's query asks of its sections: each kind's own fragment. */
export const fragment = graphql`
  fragment PageSections on PageSection {
    __typename
    ...StatementFields
    ...AboutFields
    ...ProductSliderFields
    ...ApplicationsFields
    ...PointsFields
    ...ServiceCardsFields
    ...ClientsFields
    ...CapabilitiesFields
    ...StepsFields
    ...FaqFields
    ...DocumentsFields
    ...ColoursFields
  }
`;

/**
 * The day the page is built, for `today` ("YYYY-MM-DD", UTC, as content:check counts).
 * It changes once a day, so a publish on a new day renders these pages again and a
 * lapsed document leaves them even when its content did not change.
 */
export const buildDayFragment = graphql`
  fragment BuildDay on Query {
    built: site {
      day: buildTime(formatString: "YYYY-MM-DD")
    }
  }
`;
