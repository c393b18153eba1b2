// The editor's (Decap CMS) configuration, derived from the content schema so that the
// editor and the build ask for the same fields, formats and list sizes.
// The /admin page that loads it comes with issue 5's editor work; this is its source.
import { contentFiles } from "../schema/content";
import type { Field, ObjectField } from "../schema/fields";

type CmsField = Record<string, unknown> & { name: string; label: string; widget: string };

// Uploads are stored beside the content file (images/…), so the build processes them.
const IMAGE_FOLDER = "images";

/** One Decap field from one schema field. */
export function cmsField(name: string, field: Field): CmsField {
  const common = { name, label: field.label, required: field.required, ...(field.hint ? { hint: field.hint } : {}) };
  switch (field.kind) {
    case "text":
      return {
        ...common,
        widget: field.multiline ? "text" : "string",
        ...(field.pattern ? { pattern: [field.pattern.regex, field.pattern.message] } : {}),
      };
    case "number":
      return { ...common, widget: "number", value_type: "int", min: field.min, max: field.max };
    case "image":
      return { ...common, widget: "image", choose_url: false, media_folder: IMAGE_FOLDER, public_folder: IMAGE_FOLDER };
    case "list": {
      const sizes = {
        ...(field.min !== undefined ? { min: field.min } : {}),
        ...(field.max !== undefined ? { max: field.max } : {}),
      };
      const item = field.of;
      return item.kind === "object"
        ? { ...common, widget: "list", ...sizes, fields: cmsFields(item) }
        : { ...common, widget: "list", ...sizes, field: cmsField(name, item) };
    }
    case "object":
      return { ...common, widget: "object", fields: cmsFields(field) };
    case "sections":
      return {
        ...common,
        widget: "list",
        typeKey: "type",
        types: Object.entries(field.types).map(([type, shape]) => ({
          name: type,
          label: shape.label,
          widget: "object",
          fields: cmsFields(shape),
        })),
      };
  }
}

const cmsFields = (object: ObjectField) => Object.entries(object.fields).map(([name, field]) => cmsField(name, field));

/** Every content file as a collection: one file each, and a folder for the service pages. */
export function cmsCollections() {
  return contentFiles.map((kind) =>
    kind.glob.includes("*")
      ? {
          name: kind.name,
          label: kind.schema.label,
          folder: `content/${kind.glob.slice(0, kind.glob.lastIndexOf("/"))}`,
          extension: "yaml",
          format: "yaml",
          create: true,
          identifier_field: "slug",
          slug: "{{fields.slug}}",
          fields: cmsFields(kind.schema),
        }
      : {
          name: kind.name,
          label: kind.schema.label,
          files: [
            { name: kind.name, label: kind.schema.label, file: `content/${kind.glob}`, fields: cmsFields(kind.schema) },
          ],
        },
  );
}
