import { object, type Data } from "../../schema/fields";

// The logos and their text come from content/clients.yaml, so one edit serves every page.
export const schema = object("Clients", {});

/** A valid example, for the tests that draw and hydrate every kind of section. */
export const example: Data<typeof schema.fields> = {};
