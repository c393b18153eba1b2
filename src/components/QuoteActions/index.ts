export { QuoteActions, whatsappHref, type QuoteActionsProps } from "./QuoteActions";
