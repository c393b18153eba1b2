// Gatsby writes a few small inline scripts at the end of every page (the page's path,
// the chunk map, the build's hash) and the site adds its early script (src/browser/).
// A Content-Security-Policy of script-src 'self' refuses inline scripts, so after the
// build they move to a file named by its content's hash, loaded by a <script src>.
// Scripts that follow one another become one file, a classic script where they were,
// ahead of Gatsby's async scripts, which read its values. A page gets two: its own (the
// early script and the page's path) and, inside Gatsby's scripts slice, the site's chunk
// map and build hash, the same file on every page (cached after the first). Nothing is
// joined across the slice's marks: an incremental build (the publisher's) stitches the
// slice into the page again, and it must find the page as it left it.
// (Not deferred: Chrome runs deferred scripts that have arrived one after another in a
// single task, so deferring Gatsby's scripts made one long task of React, the app and
// the page's chunks, and the total blocking time on a slow phone grew, measured.)
// An inline <script> (no src attribute) and its body.
const INLINE_SCRIPT = /<script((?:(?!\bsrc=)[^>])*)>([\s\S]*?)<\/script>/g;
const TYPE = /\btype="([^"]*)"/;

/** Classic or module scripts run; data blocks such as application/ld+json do not. */
export function runs(attributes: string): boolean {
  const type = TYPE.exec(attributes)?.[1]?.toLowerCase();
  return !type || type === "module" || type.includes("javascript");
}

interface Found {
  start: number;
  end: number;
  attributes: string;
  body: string;
}

/** Running inline scripts, grouped where only white space separates two of the same type. */
function groups(html: string): Found[][] {
  const result: Found[][] = [];
  for (const match of html.matchAll(INLINE_SCRIPT)) {
    const [whole, attributes, body] = match;
    if (!runs(attributes) || body.trim() === "") continue;
    const last = result.at(-1)?.at(-1);
    const gap = last ? html.slice(last.end, match.index) : "";
    const found = { start: match.index, end: match.index + whole.length, attributes, body };
    const joins = last && gap.trim() === "" && TYPE.exec(last.attributes)?.[1] === TYPE.exec(attributes)?.[1];
    if (joins) result.at(-1)!.push(found);
    else result.push([found]);
  }
  return result;
}

/**
 * The page with its running inline scripts moved to files (one per group of adjacent
 * scripts, in place, with the first one's attributes).
 * `save` stores a body and returns its src.
 */
export function moveInlineScripts(html: string, save: (body: string) => string): string {
  let out = "";
  let from = 0;
  for (const group of groups(html)) {
    const body = group.map((script) => script.body.trim()).join("\n;\n");
    const attributes = group[0].attributes.replace(/\s+$/, "");
    out += `${html.slice(from, group[0].start)}<script${attributes} src="${save(body)}"></script>`;
    from = group.at(-1)!.end;
  }
  return out + html.slice(from);
}
