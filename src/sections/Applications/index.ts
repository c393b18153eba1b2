export { Applications, type ApplicationsProps } from "./Applications";
