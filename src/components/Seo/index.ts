export { Seo, type SeoProps } from "./Seo";
export type { SiteFacts } from "./structuredData";
