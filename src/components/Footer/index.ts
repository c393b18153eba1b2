export { Footer, type FooterProps } from "./Footer";
export { telHref } from "./telHref";
