export { Seo, NO_JS_CSS, type SeoProps } from "./Seo";
