export { ExternalLink } from "./ExternalLink";
