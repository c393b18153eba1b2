import { object } from "../../schema/fields";

// The logos and their text come from content/clients.yaml, so one edit serves every page.
export const schema = object("Clients", {});
