// Gatsby writes a few small inline scripts at the end of every page (the page's path,
// the chunk map, the build's hash) and the site adds its early script (src/browser/).
// A Content-Security-Policy of script-src 'self' refuses inline scripts, so after the
// build they move to a file named by its content's hash, loaded by a <script src>.
// Scripts that follow one another become one file: one request, not four. Every script
// at the end of the page is deferred: the browser paints the whole page before it runs
// any of them, and deferred scripts still run in document order (the moved values
// before Gatsby's runtime, which reads them).
// An inline <script> (no src attribute) and its body.
const INLINE_SCRIPT = /<script((?:(?!\bsrc=)[^>])*)>([\s\S]*?)<\/script>/g;
const TYPE = /\btype="([^"]*)"/;
/** Gatsby's script tags: async, and at the end of the body. */
const ASYNC_SCRIPT = /(<script src="[^"]+") async(><\/script>)/g;

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
  /** The comments between this script and the one before in its group (Gatsby's slice marks). */
  comments: string;
}

const COMMENT = /<!--[\s\S]*?-->/g;

/** Running inline scripts, grouped where only white space and comments separate two of the same type. */
function groups(html: string): Found[][] {
  const result: Found[][] = [];
  for (const match of html.matchAll(INLINE_SCRIPT)) {
    const [whole, attributes, body] = match;
    if (!runs(attributes) || body.trim() === "") continue;
    const last = result.at(-1)?.at(-1);
    const gap = last ? html.slice(last.end, match.index) : "";
    const found = { start: match.index, end: match.index + whole.length, attributes, body, comments: "" };
    const joins =
      last && gap.replace(COMMENT, "").trim() === "" && TYPE.exec(last.attributes)?.[1] === TYPE.exec(attributes)?.[1];
    found.comments = joins ? (gap.match(COMMENT) ?? []).join("") : "";
    if (joins) result.at(-1)!.push(found);
    else result.push([found]);
  }
  return result;
}

/**
 * The page with its running inline scripts moved to files (one per group of adjacent
 * scripts, in place, with the first one's attributes; the comments between them kept
 * after it) and every async script deferred.
 * `save` stores a body and returns its src.
 */
export function moveInlineScripts(html: string, save: (body: string) => string): string {
  let out = "";
  let from = 0;
  for (const group of groups(html)) {
    const body = group.map((script) => script.body.trim()).join("\n;\n");
    const attributes = group[0].attributes.replace(/\s+$/, "");
    const defer = runs(attributes) && !TYPE.test(attributes) ? " defer" : "";
    const comments = group.map((script) => script.comments).join("");
    out += `${html.slice(from, group[0].start)}<script${attributes}${defer} src="${save(body)}"></script>${comments}`;
    from = group.at(-1)!.end;
  }
  return (out + html.slice(from)).replace(ASYNC_SCRIPT, "$1 defer$2");
}
