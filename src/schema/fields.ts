// The vocabulary of the content schema. Plain data (no React, no Node APIs), so the
// build's validator, Gatsby's GraphQL types and the editor's configuration can all
// be derived from the one description in `content.ts`.

export interface Pattern {
  /** Source of a JavaScript regular expression, anchored. */
  regex: string;
  /** What an editor is told when a value does not match. */
  message: string;
}

interface Base {
  label: string;
  /** Optional fields may be left out; required ones must be present and non-empty. */
  required: boolean;
  hint?: string;
}

export interface TextField extends Base {
  kind: "text";
  multiline?: boolean;
  pattern?: Pattern;
  /** An extra check the pattern cannot express (a checksum); returns a problem or null. */
  check?: (value: string) => string | null;
}

export interface NumberField extends Base {
  kind: "number";
  min: number;
  max: number;
}

export interface ImageField extends Base {
  kind: "image";
}

export interface ListField extends Base {
  kind: "list";
  of: Field;
  min?: number;
  max?: number;
}

export interface ObjectField extends Base {
  kind: "object";
  fields: Record<string, Field>;
  /** A GraphQL type name shared by every use of this shape, so one query fragment serves all. */
  typeName?: string;
}

/** A list of objects, each choosing its shape by its `type` key. */
export interface SectionsField extends Base {
  kind: "sections";
  types: Record<string, ObjectField>;
}

export type Field = TextField | NumberField | ImageField | ListField | ObjectField | SectionsField;

type Options = { required?: boolean; hint?: string };

export const text = (
  label: string,
  options: Options & { multiline?: boolean; pattern?: Pattern; check?: TextField["check"] } = {},
): TextField => ({ kind: "text", label, required: options.required ?? true, ...options });

export const paragraph = (label: string, options: Options = {}): TextField =>
  text(label, { ...options, multiline: true });

export const number = (label: string, min: number, max: number, options: Options = {}): NumberField => ({
  kind: "number",
  label,
  min,
  max,
  required: options.required ?? true,
  hint: options.hint,
});

export const image = (label: string, options: Options = {}): ImageField => ({
  kind: "image",
  label,
  required: options.required ?? true,
  hint: options.hint,
});

export const list = (label: string, of: Field, options: Options & { min?: number; max?: number } = {}): ListField => ({
  kind: "list",
  label,
  of,
  required: options.required ?? true,
  ...options,
});

export const object = (
  label: string,
  fields: Record<string, Field>,
  options: Options & { typeName?: string } = {},
): ObjectField => ({ kind: "object", label, fields, required: options.required ?? true, ...options });

export const sections = (label: string, types: Record<string, ObjectField>): SectionsField => ({
  kind: "sections",
  label,
  types,
  required: true,
});
