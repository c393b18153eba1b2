// After `gatsby build` every page of public/ is rewritten once (gatsby-node's onPostBuild):
// - React 18's streaming server renderer, which Gatsby uses, can leave NUL bytes where a
//   multi-byte character (Devanagari, an em dash) meets the end of its 2 KB buffer
//   (react#24985, fixed in React 19): they are removed, which restores the exact text;
// - the inline scripts (Gatsby's and the early script) move to two files per page
//   (inlineScripts.ts), for script-src 'self';
// - the page's own chunks are written in as async scripts (pageChunks.ts).
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { moveInlineScripts } from "./inlineScripts";
import { pageChunksOf, withPageChunks } from "./pageChunks";

/** Removes the NUL bytes React 18 may leave between two characters; HTML may hold none. */
export const withoutNulBytes = (html: string) => html.replace(/\0/g, "");

/** Every .html file under dir. */
export function htmlFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const absolute = path.join(dir, entry.name);
    if (entry.isDirectory()) return htmlFiles(absolute);
    return entry.name.endsWith(".html") ? [absolute] : [];
  });
}

/** Rewrites every page under publicDir (but `skip`); returns how many script files it wrote (pages share some). */
export function finishPagesInBuild(publicDir: string, skip: string[] = []): number {
  const files = new Set<string>();
  const save = (body: string) => {
    const name = `inline-${crypto.createHash("sha256").update(body).digest("hex").slice(0, 20)}.js`;
    fs.writeFileSync(path.join(publicDir, name), body);
    files.add(name);
    return `/${name}`;
  };
  const chunksOf = pageChunksOf(publicDir);
  // Every script file a page names, skipped pages included: the others are removed below.
  const named = new Set<string>();
  for (const file of htmlFiles(publicDir)) {
    let html = fs.readFileSync(file, "utf8");
    if (!skip.some((dir) => file.startsWith(path.join(publicDir, dir) + path.sep))) {
      const rewritten = withPageChunks(moveInlineScripts(withoutNulBytes(html), save), chunksOf(file));
      if (rewritten !== html) fs.writeFileSync(file, rewritten);
      html = rewritten;
    }
    for (const match of html.matchAll(NAMED_INLINE_FILE)) named.add(match[1]);
  }
  removeUnusedInlineFiles(publicDir, named);
  return files.size;
}

/** The script files this step writes (their content's hash in the name), and a page's reference to one. */
export const INLINE_FILE = /^inline-[0-9a-f]{20}\.js$/;
const NAMED_INLINE_FILE = /src="\/(inline-[0-9a-f]{20}\.js)"/g;

/**
 * An incremental build (the publisher's) leaves the pages Gatsby did not render again as
 * they were, naming the script files an earlier build wrote; those files are kept for
 * them, and the ones no page names any more are removed here.
 */
function removeUnusedInlineFiles(publicDir: string, named: Set<string>): void {
  for (const name of fs.readdirSync(publicDir)) {
    if (INLINE_FILE.test(name) && !named.has(name)) fs.rmSync(path.join(publicDir, name));
  }
}
