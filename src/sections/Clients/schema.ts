import { object, type Data } from "../../schema/fields";
import type { SectionCheck } from "../sectionCheck";

// The logos and their text come from content/clients.yaml, so one edit serves every page.
export const schema = object("Clients", {});

/** A valid example, for the tests that draw and hydrate every kind of section. */
export const example: Data<typeof schema.fields> = {};

/** The section's `type` in content (GraphQL's ClientsSection). */
export const type = "clients";

/** What a built page shows of it beyond its heading (scripts/check-build.ts runs it). */
// The logos are content/clients.yaml's, which the script reads.
export const check: SectionCheck<Data<typeof schema.fields> & { anchor?: string }> = (_page, section, tools) =>
  tools.clients(section.anchor);
