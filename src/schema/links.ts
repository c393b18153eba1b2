// Links that lead nowhere useful, found in valid content: a service page no link leads to
// (staff may add a page before its navigation entry, but visitors and search engines
// cannot find it), and a link to a section by an anchor no section of that page carries
// (a section removed or renamed). content:check, content:validate and the publish status
// warn about both.
import { LAYOUT_IDS } from "../constants";
import { contentFiles } from "./content";
import type { Field } from "./fields";
import type { ContentWarning, LoadedFile } from "./types";
import { LINK } from "./patterns";

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

/** Every link of this site's pages a file holds. */
function linksIn({ kind, data }: LoadedFile): string[] {
  const found: string[] = [];
  links(contentFiles.find((candidate) => candidate.name === kind)!.schema, data, found);
  return found.filter((link) => link.startsWith("/"));
}

/** One warning per service page that no link in the content leads to (a page's link to itself aside). */
export function unlinkedPages(files: readonly LoadedFile[]): ContentWarning[] {
  const linked = new Map<string, Set<string>>();
  for (const loaded of files) {
    const { file } = loaded;
    for (const link of linksIn(loaded)) {
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

/** One warning per link to /page#anchor whose page has no section with that anchor. */
export function missingAnchors(files: readonly LoadedFile[]): ContentWarning[] {
  const anchors = new Map<string, string[]>();
  for (const { kind, data } of files) {
    const route = kind === "home" ? "/" : kind === "services" ? `/${String(data.slug)}` : null;
    const sections = (data.sections ?? []) as { anchor?: string }[];
    if (route)
      anchors.set(
        route,
        sections.flatMap((section) => (section.anchor ? [section.anchor] : [])),
      );
  }
  return files.flatMap((loaded) =>
    linksIn(loaded).flatMap((link) => {
      const [page, anchor] = link.split("#");
      const route = page.replace(/\/+$/, "") || "/";
      const known = anchors.get(route);
      if (!anchor || !known || known.includes(anchor) || LAYOUT_IDS.includes(anchor)) return [];
      return [
        {
          file: loaded.file,
          message: `the link ${link} leads to no section: give a section of that page the anchor "${anchor}", or change the link`,
        },
      ];
    }),
  );
}
