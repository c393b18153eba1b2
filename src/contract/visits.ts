// The contract between the site and the server, for the owner's report: how long visits and
// enquiries are counted, as the privacy notice tells visitors (src/visits.ts). The enquiry
// tally, the report and `sitectl report` keep to it. server/ imports src/ only through
// src/contract/ (the lint holds it).
export { VISITS_KEPT_DAYS, VISITS_KEPT_MONTHS } from "../visits";
