// Text into HTML, for the pages the server side makes or fills (server/enquiry/site.ts,
// the staff's pages in staffPage.ts): nothing in the text is markup.

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** Text as HTML text (or an attribute's value). */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => ESCAPES[character]);
