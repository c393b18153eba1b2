// Service pages that no link in the content leads to: valid content (staff may add a page
// before its navigation entry), but visitors and search engines cannot find it, so
// content:check, content:validate and the publish status warn about it.
import { contentFiles } from "./content";
import type { Field } from "./fields";
import type { LoadedFile } from "./load";
import { LINK } from "./patterns";

export interface ContentWarning {
  file: string;
  message: string;
}

/** Every value of a link field (LINK pattern) in `value`, read as `field` describes it. */
function links(field: Field, value: unknown, found: string[]): void {
  if (value === undefined || value === null) return;
  switch (field.kind) {
    case "text":
      if (field.pattern === LINK && typeof value === "string") found.push(value);
      return;
    case "list":
      for (const item of value as unknown[]) links(field.of, item, found);
      return;
    case "object":
      for (const [name, inner] of Object.entries(field.fields))
        links(inner, (value as Record<string, unknown>)[name], found);
      return;
    case "sections":
      for (const section of value as { type: string }[]) {
        const shape = field.types[section.type];
        if (shape) links(shape, section, found);
      }
      return;
    default:
  }
}

/** One warning per service page that no link in the content leads to (a page's link to itself aside). */
export function unlinkedPages(files: readonly LoadedFile[]): ContentWarning[] {
  const linked = new Map<string, Set<string>>();
  for (const { file, kind, data } of files) {
    const found: string[] = [];
    links(contentFiles.find((candidate) => candidate.name === kind)!.schema, data, found);
    for (const link of found) {
      if (!link.startsWith("/")) continue;
      const target = link.split("#")[0].replace(/\/+$/, "") || "/";
      linked.set(target, (linked.get(target) ?? new Set()).add(file));
    }
  }
  return files
    .filter(({ kind }) => kind === "services")
    .filter(({ file, data }) => {
      const from = linked.get(`/${String(data.slug)}`);
      return !from || [...from].every((source) => source === file);
    })
    .map(({ file, data }) => ({
      file,
      message: `no link leads to its page /${String(data.slug)}: add it to the navigation (content/site.yaml) or link it from another page`,
    }));
}
