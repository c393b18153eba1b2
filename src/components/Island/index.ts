export { Island } from "./Island";
export { InsideIsland } from "./insideIsland";
