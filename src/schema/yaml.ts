// How the site reads and writes YAML: one library (`yaml`, which also edits files keeping
// their comments: scripts/migrate-content.ts), read as content has always been read. An
// unquoted day (2027-03-31) is a timestamp, as YAML 1.1 and the editor have it (dayOf
// takes either); `<<` merges; an empty file is no value. Aliases are bounded by the
// library and refused by the loader anyway (load.ts).
import YAML, { type DocumentOptions, type ParseOptions, type SchemaOptions, type ToStringOptions } from "yaml";

const READ: ParseOptions & DocumentOptions & SchemaOptions = { customTags: ["timestamp"], merge: true };
const WRITE: ToStringOptions & SchemaOptions = { customTags: ["timestamp"], lineWidth: 0 };

/** The value a YAML text holds (undefined when it holds none); throws YAML.YAMLError at its first problem. */
export function parseYaml(text: string): unknown {
  const document = YAML.parseDocument(text, READ);
  if (document.errors.length) throw document.errors[0];
  return document.contents === null ? undefined : document.toJS();
}

/** `value` as YAML, each part written out in full (no anchors), no line folded. */
export const stringifyYaml = (value: unknown): string =>
  YAML.stringify(value, { ...WRITE, aliasDuplicateObjects: false });

/**
 * `value` as YAML, a list or group that appears twice written once with an anchor (what
 * the loader refuses); a day is a value, written out each time.
 */
export const stringifyWithAliases = (value: unknown): string =>
  YAML.stringify(value, (_key, inner: unknown) => (inner instanceof Date ? new Date(inner) : inner), WRITE);

export { YAML };
