// Gatsby writes a few small inline scripts into every page (the page's path, the chunk
// map, the build's hash, gatsby-plugin-image's loader). A Content-Security-Policy of
// script-src 'self' refuses inline scripts, so after the build each one moves to a file
// named by its content's hash, loaded by a <script src> at the same place (same order).
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
