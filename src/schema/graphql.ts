// GraphQL type definitions for Gatsby, derived from the content schema, so queries
// never rely on inference and a field left empty cannot break a query.
import { contentFiles } from "./content";
import type { Field, ObjectField } from "./fields";

const pascal = (key: string) => key.charAt(0).toUpperCase() + key.slice(1);

class TypeWriter {
  private readonly types = new Map<string, string>();

  /** Declares `name` once; the same name with another shape is a programming error. */
  private declare(name: string, body: string) {
    const previous = this.types.get(name);
    if (previous !== undefined && previous !== body) {
      throw new Error(`Content schema: type ${name} is declared twice with different fields`);
    }
    this.types.set(name, body);
  }

  /** The GraphQL type of `field`, declaring any object types it needs under `name`. */
  typeOf(field: Field, name: string): string {
    switch (field.kind) {
      case "text":
        return "String";
      case "number":
        return "Int";
      case "image":
        return "File @fileByRelativePath";
      case "list": {
        const item = this.typeOf(field.of, name).replace(" @fileByRelativePath", "");
        const directive = field.of.kind === "image" ? " @fileByRelativePath" : "";
        return `[${item}!]${directive}`;
      }
      case "object": {
        const typeName = field.typeName ?? name;
        this.object(field, typeName, "");
        return typeName;
      }
      case "sections": {
        // One GraphQL type holds every section shape (all fields optional); `type` says which.
        const merged: Record<string, Field> = {};
        for (const shape of Object.values(field.types)) {
          for (const [key, inner] of Object.entries(shape.fields)) {
            const shapeOf = (f: Field) => new TypeWriter().typeOf(f, key);
            if (merged[key] && shapeOf(merged[key]) !== shapeOf(inner)) {
              throw new Error(`Content schema: section field "${key}" has two different types`);
            }
            merged[key] = { ...inner, required: false };
          }
        }
        this.object({ kind: "object", label: field.label, required: true, fields: merged }, name, "  type: String!\n");
        return `[${name}!]`;
      }
    }
  }

  object(field: ObjectField, name: string, extra: string, header = `type ${name}`) {
    const lines = Object.entries(field.fields).map(([key, inner]) => {
      const type = this.typeOf(inner, `${name}${pascal(key)}`);
      const bang = inner.required ? "!" : "";
      // The directive must follow the non-null mark: "File! @fileByRelativePath".
      const [bare, ...directive] = type.split(" ");
      return `  ${key}: ${[bare + bang, ...directive].join(" ")}\n`;
    });
    this.declare(name, `${header} {\n${extra}${lines.join("")}}`);
  }

  toString() {
    return [...this.types.values()].join("\n\n");
  }
}

/** The SDL for every content type, for `createTypes` in gatsby-node. */
export function contentTypeDefs(): string {
  const writer = new TypeWriter();
  for (const kind of contentFiles) {
    writer.object(kind.schema, kind.typeName, "", `type ${kind.typeName} implements Node @dontInfer`);
  }
  return writer.toString();
}
