// Each content file becomes one GraphQL node per language it is published in (SiteYaml,
// ServiceYaml, ...; `language` tells them apart): the English, and each translation that
// is complete, built from its words and the English's figures (src/schema/translation.ts).
// A node's parent is its file, so the images it names are found beside that file.
import { parseYaml } from "../schema/yaml";
import type { GatsbyNode, Node } from "gatsby";
import { contentFiles } from "../schema/content";
import { DEFAULT_LANGUAGE, type Language } from "../schema/languages";
import { byLanguage } from "../schema/languageFile";
import { translate } from "../schema/translation";

/** The filesystem source's name for content/ (gatsby-config.ts). */
export const CONTENT_SOURCE = "content";

const globToRegExp = (glob: string) => new RegExp(`^${glob.replace(/\./g, "\\.").replace("*", "[^/]+")}$`);

/** The kind of content file at this path (relative to content/), if any. */
export const kindOf = (relativePath: string) => contentFiles.find((kind) => globToRegExp(kind.glob).test(relativePath));

/** The data of each language this file is published in. */
export function pagesOf(relativePath: string, text: string): Partial<Record<Language, Record<string, unknown>>> {
  const kind = kindOf(relativePath);
  const split = byLanguage(parseYaml(text));
  // A file the content check refuses never gets this far (gatsby-node's onPreInit).
  if (!kind || "problem" in split) return {};
  const english = split.english as Record<string, unknown>;
  const pages: Partial<Record<Language, Record<string, unknown>>> = { [DEFAULT_LANGUAGE]: english };
  for (const [language, words] of Object.entries(split.translations) as [Language, unknown][]) {
    const page = translate(kind.schema, english, words, language);
    if (!page.missing.length && !page.problems.length) pages[language] = page.data;
  }
  return pages;
}

type File = Node & { sourceInstanceName?: string; relativePath?: string };

export const createContentNodes: GatsbyNode["onCreateNode"] = async ({
  node,
  actions,
  loadNodeContent,
  createNodeId,
  createContentDigest,
  getNode,
}) => {
  const file = node as File;
  if (file.internal.type !== "File" || file.sourceInstanceName !== CONTENT_SOURCE || !file.relativePath) return;
  const kind = kindOf(file.relativePath);
  if (!kind) return;
  const pages = pagesOf(file.relativePath, await loadNodeContent(file));
  for (const [language, data] of Object.entries(pages)) {
    const child = {
      ...data,
      language,
      id: createNodeId(`${file.id} >>> ${language}`),
      parent: file.id,
      children: [],
      internal: { type: kind.typeName, contentDigest: createContentDigest({ language, data }) },
    };
    actions.createNode(child);
    const created = getNode(child.id);
    if (created) actions.createParentChildLink({ parent: file, child: created });
  }
};
