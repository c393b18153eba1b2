// The editor holds an entry as the YAML file's plain data (image fields are relative
// paths). The site's components take data as the GraphQL queries return it. An entry is
// first checked with the build's own validator, then walked along the content schema into
// that shape, so previews use the real components, typed from the schema.
import type { ContentImage } from "../components/Picture";
import type {
  Field,
  ChoiceField,
  DateField,
  Fields,
  ImageField,
  ListField,
  NumberField,
  ObjectField,
  PdfField,
  SectionsField,
  TextField,
} from "../schema/fields";
import { sectionTypeName } from "../schema/graphql";
import { dayOf, validate, type Problem } from "../schema/validate";

/** Resolves an image's or a PDF's path as the entry stores it to a URL the preview can show. */
/** Where the preview finds a file a field names (`kind`: an image shown, or a PDF linked to). */
export type ImageUrl = (path: string, kind?: "image" | "pdf") => string | undefined;

/** A field's value as a page query returns it. */
type ShapedValue<F> = F extends TextField
  ? string
  : F extends NumberField
    ? number
    : F extends ChoiceField<infer V>
      ? V
      : F extends ImageField
        ? PreviewImage
        : F extends PdfField
          ? PreviewFile
          : F extends DateField
            ? string
            : F extends ListField<infer O>
              ? ShapedValue<O>[]
              : F extends ObjectField<infer Inner>
                ? Shaped<Inner>
                : F extends SectionsField<infer Types>
                  ? ShapedSection<Types>[]
                  : never;

/** A group of fields as a page query returns it: optional fields may be null. */
export type Shaped<F extends Fields> = {
  [K in keyof F]: F[K] extends { required: true } ? ShapedValue<F[K]> : ShapedValue<F[K]> | null;
};

/** One section, told apart by `__typename` as the service page's query tells them apart. */
type ShapedSection<Types extends Record<string, ObjectField>> = {
  [K in keyof Types & string]: { __typename: `${Capitalize<K>}Section`; type: K } & Shaped<Types[K]["fields"]>;
}[keyof Types & string];

/** A PDF as queries return it; the editor does not know its size (0: the link says only "PDF"). */
type PreviewFile = { publicURL: string | null; size: number };

/** An image as queries return it (publicURL for the logo); no childImageSharp until the editor has it. */
type PreviewImage = NonNullable<ContentImage> & { publicURL: string | null };

// The editor does not know an image's size; the components' CSS sizes it anyway.
const PREVIEW_WIDTH = 1200;
const PREVIEW_HEIGHT = 800;

function previewImage(path: string, imageUrl: ImageUrl) {
  const src = imageUrl(path);
  if (!src) return { publicURL: null, childImageSharp: null };
  return {
    publicURL: src,
    childImageSharp: {
      gatsbyImageData: {
        layout: "constrained",
        width: PREVIEW_WIDTH,
        height: PREVIEW_HEIGHT,
        images: { fallback: { src } },
      },
    },
  };
}

const isMapping = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

function previewValue(field: Field, value: unknown, imageUrl: ImageUrl): unknown {
  if (value === undefined || value === null || value === "") return null;
  switch (field.kind) {
    case "object":
      return previewFields(field.fields, value, imageUrl);
    case "image":
      return typeof value === "string" ? previewImage(value, imageUrl) : null;
    case "pdf":
      return typeof value === "string" ? { publicURL: imageUrl(value, "pdf") ?? null, size: 0 } : null;
    case "date":
      return dayOf(value);
    case "list":
      return Array.isArray(value) ? value.map((item) => previewValue(field.of, item, imageUrl)) : null;
    case "sections":
      return Array.isArray(value)
        ? value.map((section) => {
            const type = isMapping(section) ? String(section.type) : "";
            const shape = field.types[type];
            return {
              __typename: sectionTypeName(type),
              type,
              ...(shape ? previewFields(shape.fields, section, imageUrl) : {}),
            };
          })
        : null;
    default:
      return value;
  }
}

function previewFields(fields: Fields, data: unknown, imageUrl: ImageUrl): Record<string, unknown> {
  const source = isMapping(data) ? data : {};
  return Object.fromEntries(
    Object.entries(fields).map(([key, field]) => [key, previewValue(field, source[key], imageUrl)]),
  );
}

export type Preview<F extends Fields> = { data: Shaped<F>; problems?: undefined } | { problems: Problem[] };

/**
 * An entry checked by the build's validator and, when valid, in the shape its page
 * query returns; otherwise the problems, for the preview to show instead of the page.
 */
export function previewEntry<F extends Fields>(schema: ObjectField<F>, data: unknown, imageUrl: ImageUrl): Preview<F> {
  // Files are resolved by the editor, which says so itself when one is missing.
  const problems = validate(schema, data, "", { inside: () => true });
  if (problems.length) return { problems };
  // The validator has just checked every field against the schema the type is derived from.
  return { data: previewFields(schema.fields, data, imageUrl) as Shaped<F> };
}
