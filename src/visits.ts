// How long the server keeps what the owner's report counts from: nginx's visits log
// (deploy/logrotate/anodising-site, whose maxage a test ties to this) and the enquiries'
// tally (server/enquiry/tally.ts). Thirteen months, so that the year's report is whole.
// The privacy notice says it where its text has {logMonths}.
export const VISITS_KEPT_MONTHS = 13;
export const VISITS_KEPT_DAYS = 396;
