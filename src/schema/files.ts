// The files content may name besides its YAML: images, and PDFs for `documents` sections.
// The one table of file kinds: a media field of the schema (fields.ts `image`, `pdf`) is
// the kind of the same name. Each kind states its extensions, how its first bytes begin,
// its largest size and how the editor stores it, once: the build's validator (load.ts),
// the editor's configuration (src/cms/config.ts) and the editor's upload guard
// (server/editor/rules.ts) all read it, so a file the editor took is one the build takes.

/** A file as the checks see it: its size and its first bytes (at least HEAD_BYTES of them). */
export interface FileFacts {
  bytes: number;
  head: Uint8Array;
  /**
   * An image's width and height in pixels, read from its header (asked only of a kind with a
   * pixel limit, once its size is within the limit); null when the header cannot be read.
   */
  dimensions?: () => { width: number; height: number } | null;
}

/** How many first bytes the signatures read. */
export const HEAD_BYTES = 16;

const MB = 1024 * 1024;

const startsWith = (head: Uint8Array, bytes: number[] | string, at = 0) => {
  const expected = typeof bytes === "string" ? [...bytes].map((c) => c.charCodeAt(0)) : bytes;
  return expected.every((byte, index) => head[at + index] === byte);
};

const JPEG = (head: Uint8Array) => startsWith(head, [0xff, 0xd8, 0xff]);
const PNG = (head: Uint8Array) => startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const WEBP = (head: Uint8Array) => startsWith(head, "RIFF") && startsWith(head, "WEBP", 8);
const AVIF = (head: Uint8Array) => startsWith(head, "ftypavi", 4);
const TIFF = (head: Uint8Array) =>
  startsWith(head, [0x49, 0x49, 0x2a, 0x00]) || startsWith(head, [0x4d, 0x4d, 0x00, 0x2a]);
const PDF = (head: Uint8Array) => startsWith(head, "%PDF-");

export interface FileKind {
  /** What staff are told a file must be ("a JPEG, PNG or WebP image"). */
  name: string;
  /** Extension (lower case) → whether a file's first bytes are that type. */
  signatures: Record<string, (head: Uint8Array) => boolean>;
  /** The largest file of this kind the build and the editor take. */
  maxBytes: number;
  /**
   * The most pixels an image may have: a small file can be a huge picture (a "decompression
   * bomb", a 100,000 × 100,000 PNG of a few kilobytes), which would take the build's memory.
   */
  maxPixels?: number;
  /** How the editor offers and stores this kind. */
  editor: {
    /** Decap's widget for a field of this kind. */
    widget: "image" | "file";
    /** The folder, beside the content file, its uploads go to. */
    folder: string;
    /** The extensions the editor stores (a subset of `signatures`). */
    extensions: readonly string[];
    /** What the guard says an upload must be when it refuses one. */
    told: string;
  };
}

export const FILE_KINDS = {
  // A hero photo straight from a camera is 1 to 5 MB; the build makes the small versions.
  image: {
    name: "a JPEG, PNG, WebP, AVIF or TIFF image",
    signatures: { jpg: JPEG, jpeg: JPEG, png: PNG, webp: WEBP, avif: AVIF, tif: TIFF, tiff: TIFF },
    maxBytes: 10 * MB,
    // A 61-megapixel camera's photo (9,504 × 6,336) fits; a 100 MP panorama does not.
    maxPixels: 64_000_000,
    // Raster images only (an SVG is a document that can carry script, on the editor's
    // origin), in the three types every browser's file picker and preview show.
    editor: {
      widget: "image",
      folder: "images",
      extensions: ["jpg", "jpeg", "png", "webp"],
      told: "an image the editor may store (JPEG, PNG or WebP in an image folder)",
    },
  },
  // Visitors download these on phones: a certificate or a datasheet is well under this.
  pdf: {
    name: "a PDF",
    signatures: { pdf: PDF },
    maxBytes: 5 * MB,
    editor: {
      widget: "file",
      folder: "documents",
      extensions: ["pdf"],
      told: "a document the editor may store (a PDF in a documents folder)",
    },
  },
} satisfies Record<string, FileKind>;

export type FileKindName = keyof typeof FILE_KINDS;

/** The kind an editor field's widget stores, if it stores files. */
export const kindOfWidget = (widget: string | undefined): FileKindName | undefined =>
  (Object.keys(FILE_KINDS) as FileKindName[]).find((kind) => FILE_KINDS[kind].editor.widget === widget);

/** "5 MB", "10.1 MB": a size as staff read it, rounded up so a file over a limit never reads as at it. */
export const megabytes = (bytes: number) => `${Math.ceil((bytes / MB) * 10) / 10} MB`;

export const extensionOf = (file: string) => (file.includes(".") ? file.split(".").pop()!.toLowerCase() : "");

/**
 * Why a file named `file` cannot be content of this kind, or null: the wrong extension,
 * bytes that are another type than the name says, or too big.
 */
export function fileProblem(kind: FileKindName, file: string, facts: FileFacts): string | null {
  const { name, signatures, maxBytes } = FILE_KINDS[kind];
  const signature = (signatures as Record<string, (head: Uint8Array) => boolean>)[extensionOf(file)];
  if (!signature) return `must be ${name}, found ${JSON.stringify(file)}`;
  if (!signature(facts.head))
    return `${JSON.stringify(file)} is not ${name}: its content is another type than its name says`;
  if (facts.bytes > maxBytes) {
    return `${JSON.stringify(file)} is ${megabytes(facts.bytes)}, more than ${name} may be (${megabytes(maxBytes)})`;
  }
  const maxPixels = (FILE_KINDS[kind] as FileKind).maxPixels;
  if (maxPixels && facts.dimensions) {
    const size = facts.dimensions();
    if (!size)
      return `${JSON.stringify(file)} is not ${name} that can be read: its size in pixels is missing or damaged`;
    if (size.width * size.height > maxPixels) {
      return `${JSON.stringify(file)} is ${size.width} × ${size.height} pixels, more than an image may be (${maxPixels / 1_000_000} megapixels): make it smaller`;
    }
  }
  return null;
}
