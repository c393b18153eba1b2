// What a release puts in the bucket: each file of its own under its path, with the type
// and cache lifetime nginx gives it (deploy/nginx/site.conf), in the order that keeps
// every page whole while the upload runs (plan.ts).
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { IMMUTABLE, REVALIDATE } from "../../../deploy/headers";
import { ENCODINGS, filesIn } from "../compress";
import { EXTRA_TYPES, MIME_TYPES } from "../../lib/nginx";
import { HASHED } from "../releases";

/**
 * Upload order: a page's files before the page data that names them, and pages last, so
 * that a page in the bucket never names a file that is not there yet.
 */
export const PHASES = ["files", "page-data", "pages"] as const;
export type Phase = (typeof PHASES)[number];

export interface MirrorObject {
  key: string;
  /** The file in the release folder. */
  file: string;
  /** Hex MD5 of the bytes: what S3 reports as the ETag of an object uploaded whole. */
  md5: string;
  size: number;
  phase: Phase;
  contentType: string;
  cacheControl: string;
}

/** Debian's nginx.conf: a name nginx has no type for. */
const DEFAULT_TYPE = "application/octet-stream";
/** nginx's `charset utf-8` applies to these types only (its charset_types default). */
const CHARSET_TYPES = new Set([
  "text/html",
  "text/xml",
  "text/plain",
  "text/vnd.wap.wml",
  "application/javascript",
  "application/rss+xml",
]);

/** Extension → type, from nginx's `types { type ext ext; }` blocks (a later block wins). */
export function readMimeTypes(text: string): Map<string, string> {
  const types = new Map<string, string>();
  for (const [, body] of text.replace(/#.*$/gm, "").matchAll(/types\s*\{([^}]*)\}/g)) {
    for (const entry of body.split(";")) {
      const [type, ...extensions] = entry.trim().split(/\s+/);
      if (!type) continue;
      for (const extension of extensions) types.set(extension.toLowerCase(), type);
    }
  }
  return types;
}

/** The types nginx serves with: its mime.types and the site's additions (server/lib/nginx.ts). */
export const nginxTypes = () => readMimeTypes(`${fs.readFileSync(MIME_TYPES, "utf8")}\n${EXTRA_TYPES}`);

export function contentType(key: string, types: Map<string, string>): string {
  const type = types.get(path.extname(key).slice(1).toLowerCase()) ?? DEFAULT_TYPE;
  return CHARSET_TYPES.has(type) ? `${type}; charset=utf-8` : type;
}

/** site.conf's locations: /static/ and root-level JS and CSS are kept a year; the rest is revalidated. */
export const cacheControl = (key: string) =>
  key.startsWith("static/") || /^[^/]+\.(js|css)$/.test(key) ? IMMUTABLE : REVALIDATE;

/**
 * Never in the bucket: the editor and the enquiry service's pages and settings (they stay
 * on the server), hidden files, and the precompressed copies (the CDN compresses).
 */
const LEFT_OUT = /^(admin|_enquiry)\/|(^|\/)\.(?!well-known\/)|\.(br|gz)$/;
const isEncoded = (file: string) => ENCODINGS.some((extension) => file.endsWith(extension));

export function phaseOf(key: string): Phase {
  if (key.endsWith(".html") || !path.extname(key) || key.endsWith("/")) return "pages";
  if (key.startsWith("page-data/") && !HASHED.test(key)) return "page-data";
  return "files";
}

/**
 * The keys a file is asked for by: a page `x/index.html` at `x`, as the site links it,
 * and at `x/` and `x/index.html` too, as nginx answers them (a bucket has no index files).
 * The home page stays `index.html`: the CDN's default object.
 */
export function keysOf(file: string): string[] {
  const folder = /^(.+)\/index\.html$/.exec(file);
  return folder ? [folder[1], `${folder[1]}/`, file] : [file];
}

const md5Of = (file: string) => crypto.createHash("md5").update(fs.readFileSync(file)).digest("hex");

/**
 * A release's objects, pages last. `own` are the hashed files this release built: the
 * others in its folder were carried over from other releases for nginx's visitors and
 * belong in the bucket only as long as their own release does.
 */
export function releaseObjects(folder: string, own: ReadonlySet<string>, types: Map<string, string>): MirrorObject[] {
  const objects: MirrorObject[] = [];
  for (const file of filesIn(folder).sort()) {
    if (LEFT_OUT.test(file) || isEncoded(file) || (HASHED.test(file) && !own.has(file))) continue;
    const full = path.join(folder, file);
    const md5 = md5Of(full);
    const size = fs.statSync(full).size;
    for (const key of keysOf(file)) {
      objects.push({
        key,
        file: full,
        md5,
        size,
        phase: phaseOf(key),
        contentType: contentType(file, types),
        cacheControl: cacheControl(key),
      });
    }
  }
  return objects.sort((a, b) => PHASES.indexOf(a.phase) - PHASES.indexOf(b.phase));
}
