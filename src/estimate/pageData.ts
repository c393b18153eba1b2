// What the estimate page hands the enquiry service inside its own HTML: the desk as the
// page drew it (its language's words and names), so the service answers a form sent
// without JavaScript from exactly what the buyer saw, with no second copy of the content.
import type { Desk } from "./answer";
import type { StandardChoice } from "./form";

/** The element that holds the page's desk as JSON (type application/json: never run). */
export const DESK_DATA_ID = "estimate-desk-data";
/** Where the answer goes, on the page and in the service's reply. */
export const ANSWER_ID = "estimate-said";

export interface DeskPageData {
  desk: Desk;
  processNames: Record<string, string>;
  standards: readonly StandardChoice[];
  locale: string;
}

/** JSON that cannot end the script element it sits in. */
export const jsonForHtml = (value: unknown) => JSON.stringify(value).replace(/</g, "\\u003c");
