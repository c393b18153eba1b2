import { list, object, paragraph, text, type Data } from "../../schema/fields";
import { eyebrow, title } from "../../schema/pieces";
import type { SectionCheck } from "../sectionCheck";

const row = object("Row", {
  property: text("Property (for example: Maximum part length)"),
  value: text("Value (for example: 3000)"),
  unit: text("Unit (for example: mm)", { required: false }),
  standard: text("Standard (for example: MIL-A-8625 Type III)", { required: false }),
});

/** A specification table: what parts, alloys, thicknesses and standards a process takes. */
export const schema = object("Capabilities (a specification table)", {
  eyebrow: eyebrow(),
  title: title(),
  intro: paragraph("Introduction", { required: false }),
  columns: object("Column headings", {
    property: text("Heading of the property column"),
    value: text("Heading of the value column"),
    unit: text("Heading of the unit column"),
    standard: text("Heading of the standard column"),
  }),
  groups: list(
    "Groups of rows",
    object("Group", {
      heading: text("Subheading", { required: false }),
      rows: list("Rows", row, { min: 1 }),
    }),
    { min: 1 },
  ),
});

/** A valid example, for the tests that draw and hydrate every kind of section. */
export const example: Data<typeof schema.fields> = {
  title: "Example capabilities",
  columns: { property: "Property", value: "Value", unit: "Unit", standard: "Standard" },
  groups: [
    {
      heading: "Example group",
      rows: [
        { property: "Example length", value: "100", unit: "mm" },
        { property: "Example weight", value: "10", unit: "kg" },
      ],
    },
    { rows: [{ property: "Example thickness", value: "10–20", unit: "µm", standard: "Example standard" }] },
  ],
};

/** The section's `type` in content (GraphQL's CapabilitiesSection). */
export const type = "capabilities";

/** What a built page shows of it beyond its heading (scripts/check-build.ts runs it). */
export const check: SectionCheck<Data<typeof schema.fields> & { anchor?: string }> = (page, section, tools) => {
  const headers = page.doc.querySelectorAll('main table th[scope="row"]').map(tools.text);
  const missing = section.groups.flatMap((g) => g.rows).filter((row) => !headers.includes(tools.squash(row.property)));
  tools.noneMissing(
    `every row of "${section.title}" a row header`,
    missing.map((r) => r.property),
  );
};
