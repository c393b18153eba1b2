// A page in another language: its words from the translation, everything else from the
// English, which states it once (figures, images, links, addresses, choices; a copy in the
// translation is ignored). Lists and
// sections are matched item by item, in order. A translation that lacks words is not
// published (`missing`); one that states a figure differently is refused (`problems`).
import { isTranslated, type Field, type ObjectField } from "./fields";
import { figureDrift } from "./figures";
import { LANGUAGES, type Language } from "./languages";
import type { Problem } from "./validate";

export interface Translated {
  /** The page in the language (complete only when `missing` and `problems` are empty). */
  data: Record<string, unknown>;
  /** Words the translation lacks, or has where the English has none: not published in it. */
  missing: Problem[];
  /** What the build refuses: a figure that differs, a value of the wrong shape. */
  problems: Problem[];
}

type Value = unknown;

const isMapping = (value: Value): value is Record<string, Value> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const isEmpty = (value: Value) =>
  value === undefined || value === null || (typeof value === "string" && value.trim() === "");

const join = (path: string, key: string | number) =>
  typeof key === "number" ? `${path}[${key}]` : path ? `${path}.${key}` : key;

/** A section's fields without its `type` (the kind, which chooses its fields). */
const withoutType = (section: Value) => {
  if (!isMapping(section)) return section;
  const { type: _type, ...fields } = section;
  return fields;
};

/** Whether any words under this field are translated. */
export function hasWords(field: Field): boolean {
  switch (field.kind) {
    case "text":
      return isTranslated(field);
    case "list":
      return hasWords(field.of);
    case "object":
      return Object.values(field.fields).some(hasWords);
    case "sections":
      return Object.values(field.types).some(hasWords);
    default:
      return false;
  }
}

/** `english`'s page in `language`, from the translation's words (`words`, as its file holds them). */
export function translate(schema: ObjectField, english: Value, words: Value, language: Language): Translated {
  const missing: Problem[] = [];
  const problems: Problem[] = [];
  const name = LANGUAGES[language].inEnglish;

  function walk(field: Field, en: Value, tr: Value, path: string): Value {
    if (isTranslated(field)) {
      if (isEmpty(en)) {
        if (!isEmpty(tr)) missing.push({ field: path, message: `has ${name} words where the English has none` });
        return tr;
      }
      if (isEmpty(tr)) {
        missing.push({ field: path, message: `is not translated into ${name} yet` });
        return en;
      }
      if (typeof tr !== "string") {
        problems.push({ field: path, message: `must be text, found ${JSON.stringify(tr)}` });
        return en;
      }
      const { lacking, extra } = figureDrift(String(en), tr, language);
      if (lacking.length || extra.length) {
        const parts = [
          lacking.length ? `lacks ${lacking.join(", ")}` : "",
          extra.length ? `has ${extra.join(", ")}, which the English has not` : "",
        ];
        problems.push({
          field: path,
          message: `states other figures than the English: the ${name} text ${parts.filter(Boolean).join(" and ")}. Only words are translated: write the same figures`,
        });
      }
      return tr;
    }
    // Stated once, in English. The editor hides it in a translation, and its "copy from
    // English" may leave a copy there: never used, so an English change never conflicts.
    if (!hasWords(field)) return en;
    if (field.kind === "object") {
      if (!isMapping(en)) return en;
      if (tr !== undefined && tr !== null && !isMapping(tr)) {
        problems.push({ field: path, message: `must be a group of fields, as in the English` });
        return en;
      }
      const inner = isMapping(tr) ? tr : {};
      return Object.fromEntries(
        Object.entries(field.fields).flatMap(([key, child]) => {
          const value = walk(child, en[key], inner[key], join(path, key));
          return value === undefined ? [] : [[key, value]];
        }),
      );
    }
    if (field.kind === "list" || field.kind === "sections") {
      if (!Array.isArray(en)) return en;
      if (tr !== undefined && tr !== null && !Array.isArray(tr)) {
        problems.push({ field: path, message: `must be a list, as in the English` });
        return en;
      }
      const items = Array.isArray(tr) ? tr : [];
      if (items.length !== en.length) {
        missing.push({
          field: path,
          message: `has ${en.length} items in English and ${items.length} in ${name}: translate each, in the same order`,
        });
      }
      return en.map((item, index) => {
        if (field.kind === "list") return walk(field.of, item, items[index], join(path, index));
        const type = isMapping(item) ? String(item.type) : "";
        const shape = field.types[type];
        const other = items[index];
        if (!shape) return item;
        // A section of another shape, or of no kind there is, is a mistake, not a gap.
        if (other !== undefined && other !== null && !isMapping(other)) {
          problems.push({ field: join(path, index), message: `must be a group of fields, as in the English` });
          return item;
        }
        if (
          isMapping(other) &&
          other.type !== undefined &&
          !(typeof other.type === "string" && other.type in field.types)
        ) {
          problems.push({
            field: `${join(path, index)}.type`,
            message: `${JSON.stringify(other.type)} is not a kind of section: write "${type}", as in the English, or leave it out`,
          });
          return item;
        }
        if (isMapping(other) && other.type !== undefined && other.type !== type) {
          missing.push({
            field: join(path, index),
            message: `is a "${type}" section in English and a "${String(other.type)}" one in ${name}: keep the English order`,
          });
        }
        return { type, ...(walk(shape, withoutType(item), withoutType(other), join(path, index)) as object) };
      });
    }
    return en;
  }

  const data = walk(schema, english, words, language) as Record<string, unknown>;
  return { data, missing, problems };
}

/**
 * The words of `english` as a translation holds them (only translated fields; lists and
 * sections item by item), each through `word`: how a test or a script writes a whole
 * translation from the English.
 */
export function wordsOf(schema: ObjectField, english: Value, word: (text: string) => string): Value {
  function walk(field: Field, en: Value): Value {
    if (isTranslated(field)) return typeof en === "string" && !isEmpty(en) ? word(en) : undefined;
    if (!hasWords(field)) return undefined;
    if (field.kind === "object") {
      if (!isMapping(en)) return undefined;
      const entries = Object.entries(field.fields).flatMap(([key, child]) => {
        const value = walk(child, en[key]);
        return value === undefined ? [] : [[key, value]];
      });
      return entries.length ? Object.fromEntries(entries) : undefined;
    }
    if (field.kind === "list") return Array.isArray(en) ? en.map((item) => walk(field.of, item) ?? {}) : undefined;
    if (field.kind === "sections") {
      if (!Array.isArray(en)) return undefined;
      return en.map((item) => {
        const type = isMapping(item) ? item.type : undefined;
        const shape = typeof type === "string" ? field.types[type] : undefined;
        return { type, ...((shape && (walk(shape, withoutType(item)) as object)) ?? {}) };
      });
    }
    return undefined;
  }
  return walk(schema, english) ?? {};
}
