export { Section } from "./Section";
