export { Section } from "./Section";
export { SectionHeading } from "./SectionHeading";
