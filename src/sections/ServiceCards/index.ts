export { ServiceCards, type ServiceCardsProps } from "./ServiceCards";
