export { EstimateDesk, type EstimateDeskProps } from "./EstimateDesk";
