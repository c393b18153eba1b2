// The editor's (Decap CMS) configuration, derived from the content schema so that the
// editor and the build ask for the same fields, formats and list sizes.
// src/cms/writeAdmin.ts writes it to /admin/config.yml.
import { contentFiles } from "../schema/content";
import type { Field, ObjectField } from "../schema/fields";
import { FILE_KINDS } from "../schema/files";
import { DEFAULT_LANGUAGE, LANGUAGES } from "../schema/languages";
import { hasWords } from "../schema/translation";
import { COLOUR } from "../schema/patterns";

type CmsField = Record<string, unknown> & { name: string; label: string; widget: string };

/** Where the editor is served. */
export const ADMIN_PATH = "/admin";
/** The staff's guide (docs/editing.md), under the editor: /admin/help/. */
export const HELP_PATH = "help/";

/**
 * The editor's backend (server/editor/): always same-origin at /api/v1. On the server
 * nginx passes it on, behind the login; with `npm run cms`, `gatsby develop` passes it
 * to LOCAL_BACKEND_PORT (gatsby-config.ts). The editor's page then needs no other origin.
 */
export const BACKEND_PATH = "/api/v1";
/** Where the editor's backend listens for `npm run cms` (127.0.0.1 only). */
export const LOCAL_BACKEND_PORT = 8081;

// Uploads are stored beside the content file, in images/ (client logos in
// images/clients/), and the file keeps that relative path, so the build processes them.
// Other kinds (PDFs) go to their own folder (src/schema/files.ts names each).
const IMAGE_FOLDER = FILE_KINDS.image.editor.folder;
const MEDIA_FOLDERS: Partial<Record<(typeof contentFiles)[number]["name"], string>> = { clients: "images/clients" };
const media = (name: (typeof contentFiles)[number]["name"]) => {
  const folder = MEDIA_FOLDERS[name] ?? IMAGE_FOLDER;
  return { media_folder: folder, public_folder: folder };
};

/** One Decap field from one schema field. */
export function cmsField(name: string, field: Field): CmsField {
  const common = {
    name,
    label: field.label,
    required: field.required,
    ...(field.hint ? { hint: field.hint } : {}),
    // Words are written in each language; everything else once, in English: the editor
    // hides it in the other languages (src/schema/translation.ts takes it from the English).
    ...(hasWords(field) ? { i18n: true } : {}),
  };
  switch (field.kind) {
    case "text":
      return {
        ...common,
        // A colour gets the editor's colour picker (it writes #rrggbb, as the pattern asks).
        widget: field.multiline ? "text" : field.pattern === COLOUR ? "color" : "string",
        ...(field.pattern ? { pattern: [field.pattern.regex, field.pattern.message] } : {}),
      };
    case "number":
      return {
        ...common,
        widget: "number",
        value_type: field.integer ? "int" : "float",
        ...(field.integer ? { step: 1 } : {}),
        min: field.min,
        max: field.max,
      };
    case "choice":
      return {
        ...common,
        widget: "select",
        options: Object.entries(field.options).map(([value, label]) => ({ value, label })),
      };
    case "image":
    case "pdf": {
      const { widget, folder } = FILE_KINDS[field.kind].editor;
      // Images use their collection's folder (client logos have their own).
      const own = field.kind === "image" ? {} : { media_folder: folder, public_folder: folder };
      return { ...common, widget, choose_url: false, ...own };
    }
    case "date":
      // A day, stored YYYY-MM-DD; shown in UTC so every time zone sees the day written.
      return { ...common, widget: "datetime", date_format: "YYYY-MM-DD", time_format: false, picker_utc: true };
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
        // Decap refuses an empty field list: a type with no fields (clients) names none.
        types: Object.entries(field.types).map(([type, shape]) => {
          const fields = cmsFields(shape);
          return {
            name: type,
            label: shape.label,
            widget: "object",
            ...(hasWords(shape) ? { i18n: true } : {}),
            ...(fields.length > 0 ? { fields } : {}),
          };
        }),
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
          i18n: true,
          slug: "{{fields.slug}}",
          ...media(kind.name),
          fields: cmsFields(kind.schema),
        }
      : {
          name: kind.name,
          label: kind.schema.label,
          i18n: true,
          files: [
            {
              name: kind.name,
              label: kind.schema.label,
              file: `content/${kind.glob}`,
              i18n: true,
              ...media(kind.name),
              fields: cmsFields(kind.schema),
            },
          ],
        },
  );
}

/** The hosted editor's backend, when the site is deployed with one (see docs/server-internals.md). */
export interface ProductionBackend {
  name: "git-gateway" | "github";
  /** owner/name, for the github backend. */
  repo?: string;
  branch: string;
}

const COMMIT_MESSAGES = {
  create: "Create {{path}}",
  update: "Update {{path}}",
  delete: "Delete {{path}}",
  uploadMedia: "Upload {{path}}",
  deleteMedia: "Delete {{path}}",
};

/**
 * The whole editor configuration. By default the editor talks to the project's own
 * backend at /api/v1 (the company's server, or `npm run cms`); GitHub or Git Gateway only
 * when named at build time.
 */
export function cmsConfig(options: { siteUrl: string; production?: ProductionBackend }) {
  const backend = {
    ...(options.production ?? { name: "proxy", proxy_url: BACKEND_PATH, branch: "main" }),
    // Each commit names the file it changes (the company's server adds the staff login).
    commit_messages: COMMIT_MESSAGES,
  };
  return {
    backend,
    site_url: options.siteUrl,
    display_url: options.siteUrl,
    // Required by Decap; every collection names its own folder beside its files.
    media_folder: `content/${IMAGE_FOLDER}`,
    public_folder: IMAGE_FOLDER,
    // Each file holds every language (en:, de:), as the build reads it (src/schema/languageFile.ts).
    i18n: { structure: "single_file", locales: Object.keys(LANGUAGES), default_locale: DEFAULT_LANGUAGE },
    collections: cmsCollections(),
  };
}

/** CMS_BACKEND=github CMS_REPO=owner/name (or CMS_BACKEND=git-gateway) at build time. */
export function productionBackend(env: NodeJS.ProcessEnv): ProductionBackend | undefined {
  const name = env.CMS_BACKEND;
  if (!name) return undefined;
  if (name !== "github" && name !== "git-gateway") {
    throw new Error(`CMS_BACKEND must be "github" or "git-gateway", not "${name}".`);
  }
  if (name === "github" && !env.CMS_REPO) throw new Error("CMS_BACKEND=github needs CMS_REPO=owner/name.");
  return { name, branch: env.CMS_BRANCH ?? "main", ...(env.CMS_REPO ? { repo: env.CMS_REPO } : {}) };
}
