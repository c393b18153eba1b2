export { QuoteCallToAction, type QuoteCallToActionProps } from "./QuoteCallToAction";
