// The contract between the site and the server, for staff's pages: the words the editor's
// status panel uses for times ("3 minutes ago"), so the staff pages the server draws
// (server/lib/staffPage.ts) say them alike. server/ imports src/ only through src/contract/.
export { ago } from "../cms/statusWords";
