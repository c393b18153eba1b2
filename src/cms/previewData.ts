// The editor holds an entry as the YAML file's plain data (image fields are relative
// paths). The site's components take data as the GraphQL queries return it. This walks
// the content schema to turn the first into the second, so previews use the real components.
import type { Field, ObjectField } from "../schema/fields";

/** Resolves an image path as the entry stores it to a URL the preview can show. */
export type ImageUrl = (path: string) => string | undefined;

// The editor does not know an image's size; the components' CSS sizes it anyway.
const PREVIEW_WIDTH = 1200;
const PREVIEW_HEIGHT = 800;

function previewImage(path: string, imageUrl: ImageUrl) {
  const src = imageUrl(path);
  if (!src) return null;
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

function previewValue(field: Field, value: unknown, imageUrl: ImageUrl): unknown {
  // A group not yet filled in still has its fields, so the component can render around them.
  if (field.kind === "object") return previewData(field, value, imageUrl);
  if (value === undefined || value === null) return null;
  switch (field.kind) {
    case "image":
      return typeof value === "string" && value !== "" ? previewImage(value, imageUrl) : null;
    case "list":
      return Array.isArray(value) ? value.map((item) => previewValue(field.of, item, imageUrl)) : null;
    case "sections":
      return Array.isArray(value) ? value.map((section) => previewSection(field.types, section, imageUrl)) : null;
    default:
      return value;
  }
}

// GraphQL gives every section every field of every type, null where a type lacks it.
function previewSection(types: Record<string, ObjectField>, section: unknown, imageUrl: ImageUrl) {
  const blank = Object.fromEntries(
    Object.values(types).flatMap((type) => Object.keys(type.fields).map((k) => [k, null])),
  );
  const type = (section as { type?: string } | null)?.type ?? "";
  const shape = types[type];
  return { ...blank, ...(shape ? previewData(shape, section, imageUrl) : {}), type };
}

/** An entry's data in the shape its page query returns; missing fields become null. */
export function previewData(schema: ObjectField, data: unknown, imageUrl: ImageUrl): Record<string, unknown> {
  const source = (typeof data === "object" && data !== null ? data : {}) as Record<string, unknown>;
  return Object.fromEntries(
    Object.entries(schema.fields).map(([key, field]) => [key, previewValue(field, source[key], imageUrl)]),
  );
}
