// Every kind of section, registered once: each folder's schema.ts says its `type`, its
// fields, a valid example and what its built HTML must show. The content schema
// (src/schema/content.ts) and the built-HTML check (scripts/check-build.ts) read this
// list; the components are Sections.tsx's, which a test holds to it. Node-safe and
// React-free. The order is the editor's, when staff add a section.
import * as about from "./About/schema";
import * as applications from "./Applications/schema";
import * as capabilities from "./Capabilities/schema";
import * as clients from "./Clients/schema";
import * as colours from "./Colours/schema";
import * as documents from "./Documents/schema";
import * as faq from "./Faq/schema";
import * as points from "./Points/schema";
import * as productSlider from "./ProductSlider/schema";
import * as serviceCards from "./ServiceCards/schema";
import * as statement from "./Statement/schema";
import * as steps from "./Steps/schema";

export const SECTIONS = [
  statement,
  about,
  productSlider,
  applications,
  points,
  serviceCards,
  clients,
  capabilities,
  steps,
  faq,
  documents,
  colours,
] as const;

export type RegisteredSection = (typeof SECTIONS)[number];
export type SectionTypeName = RegisteredSection["type"];
