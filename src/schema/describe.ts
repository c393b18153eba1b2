// What changed between two versions of a content file, in the editor's own words: field by
// field, each named by its labels (Contact persons › Contact person 2 › Phone), with the
// value before and after. The staff's history of changes (server/editor/history.ts) shows
// these instead of a diff of YAML. Plain TypeScript, no React.
import type { Field, ObjectField } from "./fields";

export interface FieldChange {
  /** The labels from the file down to the field, joined with " › ". */
  where: string;
  kind: "changed" | "added" | "removed" | "reordered";
  before?: string;
  after?: string;
}

/** The longest value shown in full; longer ones are cut with an ellipsis. */
export const SHOWN_CHARACTERS = 160;

/** The keys whose value names a group, in the order they are looked for. */
const NAMING_KEYS = ["title", "name", "label", "question"];

const isEmpty = (value: unknown) => value === undefined || value === null || value === "";

/** A value in a line of words: text as it is (cut), a group by its first words. */
export function summary(value: unknown): string {
  if (isEmpty(value)) return "(empty)";
  if (typeof value === "string" || typeof value === "number" || typeof value === "boolean") {
    const text = String(value).replace(/\s+/g, " ").trim();
    return text.length > SHOWN_CHARACTERS ? `${text.slice(0, SHOWN_CHARACTERS - 1)}…` : text;
  }
  if (Array.isArray(value)) return `${value.length} ${value.length === 1 ? "item" : "items"}`;
  // A group: its title, name or label says which one it is, else its first piece of text
  // (a section's type is said by its label already).
  const entries = Object.entries(value as Record<string, unknown>).filter(
    ([key, inner]) => key !== "type" && typeof inner === "string" && inner,
  );
  const named = entries.find(([key]) => NAMING_KEYS.includes(key)) ?? entries[0];
  return named ? summary(named[1]) : "(a group of fields)";
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
const join = (where: string, label: string) => (where ? `${where} › ${label}` : label);

/** A list item's shape and label: a section's by its type, a plain list's by its item label. */
function itemShape(field: Field, item: unknown): { shape: Field; label: string } | null {
  if (field.kind === "sections") {
    const type = (item as { type?: string } | null)?.type ?? "";
    const shape = field.types[type];
    return shape ? { shape, label: shape.label } : null;
  }
  if (field.kind === "list") return { shape: field.of, label: field.of.label };
  return null;
}

function describeList(field: Field, where: string, before: unknown[], after: unknown[], out: FieldChange[]): void {
  const sorted = (items: unknown[]) => items.map((item) => JSON.stringify(item)).sort();
  if (before.length === after.length && !same(before, after) && same(sorted(before), sorted(after))) {
    out.push({
      kind: "reordered",
      where,
      before: before.map((item) => summary(item)).join(" · "),
      after: after.map((item) => summary(item)).join(" · "),
    });
    return;
  }
  const longest = Math.max(before.length, after.length);
  for (let index = 0; index < longest; index += 1) {
    const [old, now] = [before[index], after[index]];
    const shape = itemShape(field, now ?? old);
    const label = join(where, `${shape?.label ?? "Item"} ${index + 1}`);
    if (index >= before.length) out.push({ kind: "added", where: label, after: summary(now) });
    else if (index >= after.length) out.push({ kind: "removed", where: label, before: summary(old) });
    else if (!same(old, now)) {
      const oldShape = itemShape(field, old);
      if (!shape || !oldShape || oldShape.shape !== shape.shape) {
        out.push({ kind: "changed", where: label, before: summary(old), after: summary(now) });
      } else describeField(shape.shape, label, old, now, out);
    }
  }
}

function describeField(field: Field, where: string, before: unknown, after: unknown, out: FieldChange[]): void {
  if (same(before, after)) return;
  if (field.kind === "object") {
    const [old, now] = [(before ?? {}) as Record<string, unknown>, (after ?? {}) as Record<string, unknown>];
    for (const [name, inner] of Object.entries(field.fields)) {
      describeField(inner, join(where, inner.label), old[name], now[name], out);
    }
    return;
  }
  if (field.kind === "list" || field.kind === "sections") {
    describeList(field, where, Array.isArray(before) ? before : [], Array.isArray(after) ? after : [], out);
    return;
  }
  const kind = isEmpty(before) ? "added" : isEmpty(after) ? "removed" : "changed";
  out.push({ kind, where, before: summary(before), after: summary(after) });
}

/** Every field that differs between `before` and `after` (null: the file did not exist). */
export function describeChanges(schema: ObjectField, before: unknown, after: unknown): FieldChange[] {
  const out: FieldChange[] = [];
  if (before === null || after === null) return out;
  for (const [name, field] of Object.entries(schema.fields)) {
    const [old, now] = [(before as Record<string, unknown>)[name], (after as Record<string, unknown>)[name]];
    describeField(field, field.label, old, now, out);
  }
  return out;
}

/** One change as a sentence: "Contact persons › Contact person 1 › Phone: "+91 …" → "+91 …"". */
export function changeWords(change: FieldChange): string {
  switch (change.kind) {
    case "added":
      return `${change.where}: added "${change.after}"`;
    case "removed":
      return `${change.where}: removed (was "${change.before}")`;
    case "reordered":
      return `${change.where}: order changed to ${change.after} (was ${change.before})`;
    default:
      return `${change.where}: "${change.before}" → "${change.after}"`;
  }
}
