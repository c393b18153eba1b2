// Gatsby writes a few small inline scripts into every page (the page's path, the chunk
// map, the build's hash, gatsby-plugin-image's loader). A Content-Security-Policy of
// script-src 'self' refuses inline scripts, so after the build each one moves to a file
// named by its content's hash, loaded by a <script src> at the same place (same order).
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";

// An inline <script> (no src attribute) and its body.
const INLINE_SCRIPT = /<script((?:(?!\bsrc=)[^>])*)>([\s\S]*?)<\/script>/g;
const TYPE = /\btype="([^"]*)"/;

/** Classic or module scripts run; data blocks such as application/ld+json do not. */
export function runs(attributes: string): boolean {
  const type = TYPE.exec(attributes)?.[1]?.toLowerCase();
  return !type || type === "module" || type.includes("javascript");
}

/** The page with every running inline script replaced; `save` stores a body, returns its src. */
export function moveInlineScripts(html: string, save: (body: string) => string): string {
  return html.replace(INLINE_SCRIPT, (whole, attributes: string, body: string) => {
    if (!runs(attributes) || body.trim() === "") return whole;
    return `<script${attributes.replace(/\s+$/, "")} src="${save(body)}"></script>`;
  });
}

function htmlFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const absolute = path.join(dir, entry.name);
    if (entry.isDirectory()) return htmlFiles(absolute);
    return entry.name.endsWith(".html") ? [absolute] : [];
  });
}

/** Rewrites every page under publicDir (but `skip`); returns how many scripts moved. */
export function moveInlineScriptsInBuild(publicDir: string, skip: string[] = []): number {
  let moved = 0;
  const save = (body: string) => {
    const name = `inline-${crypto.createHash("sha256").update(body).digest("hex").slice(0, 20)}.js`;
    fs.writeFileSync(path.join(publicDir, name), body);
    moved += 1;
    return `/${name}`;
  };
  for (const file of htmlFiles(publicDir)) {
    if (skip.some((dir) => file.startsWith(path.join(publicDir, dir) + path.sep))) continue;
    const html = fs.readFileSync(file, "utf8");
    const rewritten = moveInlineScripts(html, save);
    if (rewritten !== html) fs.writeFileSync(file, rewritten);
  }
  return moved;
}
