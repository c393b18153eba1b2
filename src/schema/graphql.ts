// GraphQL type definitions for Gatsby, derived from the content schema, so queries
// never rely on inference and a field left empty cannot break a query. A list of
// sections becomes a union with one member type per kind of section
// (`productSlider` → ProductSliderSection), so a query asks each kind for its own fields
// and the generated TypeScript types tell them apart by `__typename`.
import { contentFiles } from "./content";
import type { Field, ObjectField } from "./fields";

const pascal = (key: string) => key.charAt(0).toUpperCase() + key.slice(1);

/** The GraphQL type of one kind of section: "productSlider" → "ProductSliderSection". */
export const sectionTypeName = (type: string) => `${pascal(type)}Section`;

/** A union of section types; Gatsby resolves each value's member from its `type`. */
export interface SectionUnion {
  name: string;
  members: Record<string, string>;
}

class TypeWriter {
  private readonly types = new Map<string, string>();
  readonly unions: SectionUnion[] = [];

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
        return field.integer ? "Int" : "Float";
      case "choice": {
        // An enum, so queries and the generated types know the values ("plain" | "mist").
        this.declare(
          name,
          `enum ${name} {\n${Object.keys(field.options)
            .map((value) => `  ${value}\n`)
            .join("")}}`,
        );
        return name;
      }
      case "image":
      case "pdf":
        // Gatsby's File node: images get their sizes made, any file a publicURL (copied
        // into /static/<its content's hash>/) and its size in bytes.
        return "File @fileByRelativePath";
      case "date":
        // YAML reads an unquoted day as a timestamp: Gatsby's Date keeps it a day.
        return 'Date @dateformat(formatString: "YYYY-MM-DD")';
      case "list": {
        const [item, ...directive] = this.typeOf(field.of, name).split(" ");
        return [`[${item}!]`, ...directive].join(" ");
      }
      case "object": {
        const typeName = field.typeName ?? name;
        this.object(field, typeName, "");
        return typeName;
      }
      case "sections": {
        const members: Record<string, string> = {};
        for (const [type, shape] of Object.entries(field.types)) {
          members[type] = sectionTypeName(type);
          this.object(shape, members[type], "  type: String!\n");
        }
        // Every page's sections share one union, so one fragment serves them all.
        if (!this.unions.some((union) => union.name === field.typeName)) {
          this.unions.push({ name: field.typeName, members });
        }
        return `[${field.typeName}!]`;
      }
    }
  }

  object(field: ObjectField, name: string, extra: string, header = `type ${name}`) {
    const lines = Object.entries(field.fields).map(([key, inner]) => {
      const type = this.typeOf(inner, `${name}${pascal(key)}`);
      const bang = inner.required ? "!" : "";
      // A directive must follow the non-null mark: "File! @fileByRelativePath".
      const [bare, ...directive] = type.split(" ");
      return `  ${key}: ${[bare + bang, ...directive].join(" ")}\n`;
    });
    this.declare(name, `${header} {\n${extra}${lines.join("")}}`);
  }

  toString() {
    return [...this.types.values()].join("\n\n");
  }
}

/** The SDL of every content type, and the section unions (built in gatsby-node). */
export function contentTypes(): { typeDefs: string; unions: SectionUnion[] } {
  const writer = new TypeWriter();
  for (const kind of contentFiles) {
    // `language`: each file is one node per language it is published in (src/build/contentNodes.ts).
    writer.object(
      kind.schema,
      kind.typeName,
      "  language: String!\n",
      `type ${kind.typeName} implements Node @dontInfer`,
    );
  }
  return { typeDefs: writer.toString(), unions: writer.unions };
}
