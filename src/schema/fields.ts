// The vocabulary of the content schema. Plain data (no React, no Node APIs), so the
// build's validator, Gatsby's GraphQL types and the editor's configuration can all
// be derived from the one description in `content.ts`.

export interface Pattern {
  /** Source of a JavaScript regular expression, anchored. */
  regex: string;
  /** What an editor is told when a value does not match. */
  message: string;
}

/** `R`: whether the field is required, kept in the type so shapes can be derived from it. */
interface Base<R extends boolean> {
  label: string;
  /** Optional fields may be left out; required ones must be present and non-empty. */
  required: R;
  hint?: string;
}

export interface TextField<R extends boolean = boolean> extends Base<R> {
  kind: "text";
  multiline?: boolean;
  pattern?: Pattern;
  /** An extra check the pattern cannot express (a checksum); returns a problem or null. */
  check?: (value: string) => string | null;
  /**
   * False for words said the same in every language (a person's name, a postal address):
   * stated once, in English. A text with a pattern (a phone, a link) is never translated.
   */
  translated?: false;
}

export interface NumberField<R extends boolean = boolean> extends Base<R> {
  kind: "number";
  min: number;
  max: number;
  /** Whole numbers only (GraphQL Int, the editor's "int"); otherwise any number (Float, "float"). */
  integer: boolean;
}

/** One of a few fixed values: `options` maps each value to what the editor shows. */
export interface ChoiceField<V extends string = string, R extends boolean = boolean> extends Base<R> {
  kind: "choice";
  options: Record<V, string>;
}

export interface ImageField<R extends boolean = boolean> extends Base<R> {
  kind: "image";
}

/** A PDF file (a certificate, a datasheet) stored beside the content, offered for download. */
export interface PdfField<R extends boolean = boolean> extends Base<R> {
  kind: "pdf";
}

/** A calendar day, written YYYY-MM-DD. */
export interface DateField<R extends boolean = boolean> extends Base<R> {
  kind: "date";
}

export interface ListField<O extends Field = Field, R extends boolean = boolean> extends Base<R> {
  kind: "list";
  of: O;
  min?: number;
  max?: number;
  /** A key of its items (objects) whose value no two items may share. */
  unique?: string;
}

export type Fields = Record<string, Field>;

export interface ObjectField<F extends Fields = Fields, R extends boolean = boolean> extends Base<R> {
  kind: "object";
  fields: F;
  /** A GraphQL type name shared by every use of this shape, so one query fragment serves all. */
  typeName?: string;
  /** A check across its fields (a choice needs options); returns a problem or null. */
  check?: (value: Record<string, unknown>) => string | null;
}

/** A list of objects, each choosing its shape by its `type` key. */
export interface SectionsField<T extends Record<string, ObjectField> = Record<string, ObjectField>> extends Base<true> {
  kind: "sections";
  types: T;
  /** The GraphQL union's name, one for every page that lists sections. */
  typeName: string;
  /** A key whose value no two sections of the list may share (their ids: `anchor`). */
  unique?: string;
}

export type Field =
  | TextField
  | NumberField
  | ChoiceField
  | ImageField
  | PdfField
  | DateField
  | ListField
  | ObjectField
  | SectionsField;

type Options = { required?: boolean; hint?: string };
/** Required unless the options say `required: false`. */
type Required<O> = O extends { required: false } ? false : true;
const required = <O extends Options>(options: O) => (options.required ?? true) as Required<O>;

export const text = <
  O extends Options & { multiline?: boolean; pattern?: Pattern; check?: TextField["check"]; translated?: false },
>(
  label: string,
  options: O = {} as O,
): TextField<Required<O>> => ({ kind: "text", label, ...options, required: required(options) });

export const paragraph = <O extends Options & { translated?: false }>(label: string, options: O = {} as O) =>
  text(label, { ...options, multiline: true });

/** A number between `min` and `max`: whole unless the options say `integer: false`. */
export const number = <O extends Options & { integer?: boolean }>(
  label: string,
  min: number,
  max: number,
  options: O = {} as O,
): NumberField<Required<O>> => ({
  kind: "number",
  label,
  min,
  max,
  integer: options.integer ?? true,
  required: required(options),
  hint: options.hint,
});

export const choice = <V extends string, O extends Options>(
  label: string,
  options: Record<V, string>,
  fieldOptions: O = {} as O,
): ChoiceField<V, Required<O>> => ({
  kind: "choice",
  label,
  options,
  required: required(fieldOptions),
  hint: fieldOptions.hint,
});

export const image = <O extends Options>(label: string, options: O = {} as O): ImageField<Required<O>> => ({
  kind: "image",
  label,
  required: required(options),
  hint: options.hint,
});

export const pdf = <O extends Options>(label: string, options: O = {} as O): PdfField<Required<O>> => ({
  kind: "pdf",
  label,
  required: required(options),
  hint: options.hint,
});

export const date = <O extends Options>(label: string, options: O = {} as O): DateField<Required<O>> => ({
  kind: "date",
  label,
  required: required(options),
  hint: options.hint,
});

export const list = <F extends Field, O extends Options & { min?: number; max?: number; unique?: string }>(
  label: string,
  of: F,
  options: O = {} as O,
): ListField<F, Required<O>> => ({ kind: "list", label, of, ...options, required: required(options) });

export const object = <F extends Fields, O extends Options & { typeName?: string; check?: ObjectField["check"] }>(
  label: string,
  fields: F,
  options: O = {} as O,
): ObjectField<F, Required<O>> => ({ kind: "object", label, fields, ...options, required: required(options) });

export const sections = <T extends Record<string, ObjectField>>(
  label: string,
  types: T,
  typeName: string,
  options: { unique?: string } = {},
): SectionsField<T> => ({ kind: "sections", label, types, typeName, ...options, required: true });

/** Whether a field holds words each language says its own way (translation.ts). */
export const isTranslated = (field: Field): field is TextField =>
  field.kind === "text" && !field.pattern && field.translated !== false;

/** A field's value as a content file holds it (images and PDFs are paths relative to the file). */
type DataValue<F> = F extends TextField
  ? string
  : F extends NumberField
    ? number
    : F extends ChoiceField<infer V>
      ? V
      : F extends ImageField | PdfField | DateField
        ? string
        : F extends ListField<infer O>
          ? DataValue<O>[]
          : F extends ObjectField<infer Inner>
            ? Data<Inner>
            : F extends SectionsField<infer Types>
              ? DataSection<Types>[]
              : never;

type RequiredKeys<F extends Fields> = { [K in keyof F]: F[K] extends { required: true } ? K : never }[keyof F];

/** A group of fields as a valid content file holds it: optional fields may be left out. */
export type Data<F extends Fields> = { [K in RequiredKeys<F>]: DataValue<F[K]> } & {
  [K in Exclude<keyof F, RequiredKeys<F>>]?: DataValue<F[K]>;
};

type DataSection<Types extends Record<string, ObjectField>> = {
  [K in keyof Types & string]: { type: K } & Data<Types[K]["fields"]>;
}[keyof Types & string];
