export { Points, type PointsProps } from "./Points";
