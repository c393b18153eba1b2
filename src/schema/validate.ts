import type { Field, ObjectField, SectionsField } from "./fields";
import { FILE_KINDS, extensionOf, fileProblem, type FileFacts, type FileKindName } from "./files";

export interface Problem {
  /** Where in the file, e.g. "contacts[1].phone". */
  field: string;
  message: string;
}

export interface Context {
  /** Whether a file path written in this file (an image, a PDF) stays inside content/. */
  inside: (relativePath: string) => boolean;
  /**
   * The file such a path names (its size and first bytes), or null when there is none.
   * Left out where files cannot be read (the editor's preview: the editor shows its own).
   */
  file?: (relativePath: string) => FileFacts | null;
}
/** A list (or a page's sections) the schema gives no maximum holds at most this many items. */
export const MAX_LIST_ITEMS = 100;

type Value = unknown;

const isMapping = (value: Value): value is Record<string, Value> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const isEmpty = (value: Value) =>
  value === undefined || value === null || (typeof value === "string" && value.trim() === "");

const describe = (value: Value) => {
  if (Array.isArray(value)) return "a list";
  if (isMapping(value)) return "a group of fields";
  return JSON.stringify(value);
};

const join = (path: string, key: string) => (path ? `${path}.${key}` : key);

/** Every problem of `value` against `field`, with the path of each. */
export function validate(field: Field, value: Value, path: string, context: Context): Problem[] {
  if (isEmpty(value)) {
    return field.required ? [{ field: path, message: "is required but missing or empty" }] : [];
  }
  const problem = (message: string): Problem[] => [{ field: path, message }];

  switch (field.kind) {
    case "text": {
      if (typeof value !== "string") {
        return problem(`must be text, found ${describe(value)} (put the value in quotes)`);
      }
      if (field.pattern && !new RegExp(field.pattern.regex).test(value)) {
        return problem(`${field.pattern.message}; found ${JSON.stringify(value)}`);
      }
      const extra = field.check?.(value);
      return extra ? problem(extra) : [];
    }
    case "number": {
      if (typeof value !== "number" || !Number.isFinite(value)) {
        return problem(`must be a number, found ${describe(value)}`);
      }
      if (field.integer && !Number.isInteger(value)) return problem(`must be a whole number, found ${value}`);
      if (value < field.min || value > field.max) {
        return problem(`must be between ${field.min} and ${field.max}, found ${value}`);
      }
      return [];
    }
    case "choice": {
      const values = Object.keys(field.options);
      return typeof value === "string" && values.includes(value)
        ? []
        : problem(`must be one of: ${values.join(", ")}; found ${describe(value)}`);
    }
    case "image":
    case "pdf": {
      const found = filePathProblem(field.kind, value, context);
      return found ? problem(found) : [];
    }
    case "date":
      return dayOf(value)
        ? []
        : problem(`must be a date written YYYY-MM-DD (for example 2027-03-31), found ${describe(value)}`);
    case "list": {
      if (!Array.isArray(value)) return problem(`must be a list, found ${describe(value)}`);
      const size = value.length;
      if (field.min !== undefined && field.max === field.min && size !== field.min) {
        return problem(`must have exactly ${field.min} items, found ${size}`);
      }
      if (field.min !== undefined && size < field.min)
        return problem(`must have at least ${field.min} items, found ${size}`);
      const max = field.max ?? MAX_LIST_ITEMS;
      if (size > max) return problem(`must have at most ${max} items, found ${size}`);
      const key = field.unique;
      const twice = key ? repeated(value, key, path) : [];
      return [...value.flatMap((item, index) => validate(field.of, item, `${path}[${index}]`, context)), ...twice];
    }
    case "object":
      return validateObject(field, value, path, context, []);
    case "sections":
      return validateSections(field, value, path, context);
  }
}

/** Why a path to a file of `kind` cannot be built, or null. */
function filePathProblem(kind: FileKindName, value: Value, context: Context): string | null {
  const { name, signatures } = FILE_KINDS[kind];
  if (typeof value !== "string") return `must be the path of ${name}, found ${describe(value)}`;
  if (!(extensionOf(value) in signatures)) return `must be ${name}, found ${JSON.stringify(value)}`;
  // Paths stay inside content/: the build copies what they name into the site.
  if (value.startsWith("/") || value.includes("\\") || !context.inside(value)) {
    return `must be a path inside content/ relative to this file, found ${JSON.stringify(value)}`;
  }
  if (!context.file) return null;
  const facts = context.file(value);
  if (!facts) return `points at ${JSON.stringify(value)}, which does not exist beside this file`;
  return fileProblem(kind, value, facts);
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * A day as content holds it, "YYYY-MM-DD", or null. YAML reads an unquoted 2027-03-31 as a
 * timestamp (a Date at midnight UTC), the editor writes it so: both are that day.
 */
export function dayOf(value: Value): string | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString().slice(0, 10);
  if (typeof value !== "string") return null;
  const match = DAY.exec(value);
  if (!match) return null;
  const [year, month, day] = match.slice(1).map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  // 2027-02-30 would roll over to March: not a day of the calendar.
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day ? value : null;
}

function validateObject(
  field: ObjectField,
  value: Value,
  path: string,
  context: Context,
  allowedExtraKeys: string[],
): Problem[] {
  if (!isMapping(value)) {
    return [{ field: path || "(whole file)", message: `must be a group of fields, found ${describe(value)}` }];
  }
  const known = Object.keys(field.fields);
  const unknown = Object.keys(value)
    .filter((key) => !known.includes(key) && !allowedExtraKeys.includes(key))
    .map((key) => ({
      field: join(path, key),
      message: `is not a field here (expected one of: ${known.join(", ") || "none"})`,
    }));
  const own = known.flatMap((key) => validate(field.fields[key], value[key], join(path, key), context));
  // The whole group's check only once each field is right on its own.
  const across = own.length === 0 ? field.check?.(value) : null;
  return [...unknown, ...own, ...(across ? [{ field: path || "(whole file)", message: across }] : [])];
}

/** An item of a list whose `key` an earlier item has already. */
function repeated(items: Value[], key: string, path: string): Problem[] {
  const seen = new Map<unknown, number>();
  return items.flatMap((item, index) => {
    const own = isMapping(item) ? item[key] : undefined;
    if (isEmpty(own)) return [];
    const first = seen.get(own);
    if (first === undefined) {
      seen.set(own, index);
      return [];
    }
    return [{ field: `${path}[${index}].${key}`, message: `is also the ${key} of ${path}[${first}]` }];
  });
}

function validateSections(field: SectionsField, value: Value, path: string, context: Context): Problem[] {
  if (!Array.isArray(value)) return [{ field: path, message: `must be a list, found ${describe(value)}` }];
  if (value.length === 0) return [{ field: path, message: "must have at least 1 section" }];
  if (value.length > MAX_LIST_ITEMS) {
    return [{ field: path, message: `must have at most ${MAX_LIST_ITEMS} sections, found ${value.length}` }];
  }
  const typeNames = Object.keys(field.types);
  const seen = new Map<unknown, number>();
  return value.flatMap((section, index) => {
    const at = `${path}[${index}]`;
    if (!isMapping(section)) return [{ field: at, message: `must be a section, found ${describe(section)}` }];
    const type = section.type;
    if (typeof type !== "string" || !typeNames.includes(type)) {
      return [{ field: `${at}.type`, message: `must be one of: ${typeNames.join(", ")}; found ${describe(type)}` }];
    }
    const key = field.unique;
    const own = key ? section[key] : undefined;
    const first = seen.get(own);
    if (!isEmpty(own) && first === undefined) seen.set(own, index);
    const twice =
      key && first !== undefined ? [{ field: `${at}.${key}`, message: `is also the ${key} of ${path}[${first}]` }] : [];
    return [...validateObject(field.types[type], section, at, context, ["type"]), ...twice];
  });
}
