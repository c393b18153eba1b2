export { ScrollToTopButton } from "./ScrollToTopButton";
