// The estimate form's fields by name, as the form posts them and the desk's figures travel
// to the quote form (carry.ts): nothing else, so a page that needs only the names
// (the quote form's) does not load the desk's reading of them (form.ts).
/** Every field's name, as the form posts it. */
export const FIELDS = [
  "process",
  "standard",
  "grade",
  "thickness",
  "colour",
  "seal",
  "alloy",
  "areaMode",
  "area",
  "length",
  "width",
  "height",
  "diameter",
  "inside",
  "mass",
  "quantity",
  "lots",
  "threads",
  "bores",
  "finished",
  "feature",
] as const;
export type FieldName = (typeof FIELDS)[number];
export type Values = Partial<Record<FieldName, string>>;
