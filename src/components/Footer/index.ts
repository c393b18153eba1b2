export { Footer, telHref, type FooterProps } from "./Footer";
