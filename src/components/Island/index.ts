export { Island } from "./Island";
