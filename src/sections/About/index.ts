export { About, type AboutProps } from "./About";
