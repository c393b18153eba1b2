import type { EstimateDetails } from "../../src/contract/estimate";

// An enquiry as data, kept beside its e-mail for the staff's inbox (inbox.ts): what the
// buyer typed, exactly, and nothing the service made up. Shown only as text.

export interface EnquiryFile {
  /** The name as the buyer's computer gave it (shown as text; downloads use a cleaned name). */
  name: string;
  bytes: number;
  /** It went with the e-mail; otherwise it is kept on the server only (spool's <id>.drawing). */
  attached: boolean;
}

export interface EnquiryRecord {
  id: string;
  receivedAt: string;
  /** The form's fields by name (src/enquiry/rules.ts formFields), as sent; a tick box's answers a line each. */
  values: Record<string, string>;
  /** Content's questions when the enquiry came, in the form's order: their labels then. */
  questions?: { name: string; label: string }[];
  /** The service's title when the enquiry came (the slug's page may be renamed later). */
  service: string;
  /** The page the buyer was on before the form ("" when the browser did not say). */
  page: string;
  /** The language of the form the buyer used ("de"); English when absent (enquiries before it). */
  language?: string;
  files: EnquiryFile[];
  /** The estimate desk's figures and answer, when the request came from its firm-quote button. */
  estimate?: EstimateDetails;
}

export interface Handled {
  /** The staff login that marked it. */
  by: string;
  at: string;
}
