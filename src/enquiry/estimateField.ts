// The quote form's hidden field that carries the estimate desk's figures, when the buyer
// came from its firm-quote button (src/estimate/carry.ts), and its most characters. A file
// of its own: the desk's page and the form's page each read it without the other's code.
export const ESTIMATE_FIELD = "estimate";
export const MAX_ESTIMATE_CHARS = 2000;
