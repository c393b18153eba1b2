// The capability statement and the supplier data sheet, written into the build (gatsby-node's
// onPostBuild) in each language the site and content/capability.yaml are both in. Each is
// drawn again only when what it shows changes: the last one drawn of the same content is
// kept in Gatsby's cache folder with the day it was issued, so a daily rebuild changes no byte,
// and the cache keeps only the documents the current content makes (a stolen login saving in
// a loop cannot grow it). The text is bounded before anything is drawn.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { COMPANY_PDF_MAX_BYTES, COMPANY_PDF_MAX_TEXT, COMPANY_PDF_PATHS, type CompanyPdf } from "../../constants";
import { pathIn } from "../../language/paths";
import { today } from "../../schema/expiry";
import { DEFAULT_LANGUAGE, type Language } from "../../schema/languages";
import type { LoadedFile } from "../../schema/types";
import { contentLanguagesOf, languagePages, type PlannedPage } from "../languagePages";
import { companyFacts, type CapabilityWords } from "./facts";
import { renderDatasheet, renderStatement } from "./render";

/** Bumped when the drawing changes, so every document is drawn again. */
const DRAWING_VERSION = 2;
const RENDER = { statement: renderStatement, datasheet: renderDatasheet };
export const CAPABILITY_FILE = "content/capability.yaml";

export interface WrittenPdf {
  /** Its address on the site, e.g. "/de/capability-statement.pdf". */
  path: string;
  bytes: number;
  pages: number;
  /** Drawn by this build (false: the same content's, kept from an earlier one). */
  drawn: boolean;
}

/** Counts a PDF's pages (PDFKit writes each as one /Type /Page object). */
export const pageCount = (pdf: Buffer) => (pdf.toString("latin1").match(/\/Type \/Page\b(?!s)/g) ?? []).length;

function writeAtomic(file: string, data: Buffer | string) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temporary, data);
  fs.renameSync(temporary, file);
}

/** The home page in each language the documents are made in: the site's, where content/capability.yaml is complete. */
function pdfHomes(files: readonly LoadedFile[]): PlannedPage[] {
  const capability = files.find((file) => file.kind === "capability");
  if (!capability) return [];
  return languagePages(contentLanguagesOf(files)).filter(
    ({ template, page: { language } }) =>
      template === "home" && (language === DEFAULT_LANGUAGE || capability.translations[language]),
  );
}

/** The languages the documents are made in. */
export const pdfLanguages = (files: readonly LoadedFile[]): Language[] =>
  pdfHomes(files).map((home) => home.page.language);

/** The characters of every text in `value` (the words and facts a document is drawn from). */
const textLength = (value: unknown): number =>
  typeof value === "string"
    ? value.length
    : value && typeof value === "object"
      ? Object.values(value).reduce((sum: number, item) => sum + textLength(item), 0)
      : 0;

/** A cached document's name: the digest of what it shows. */
const CACHED = /^[0-9a-f]{64}\.pdf$/;

/** Removes the cached documents this build did not use: the cache holds what the current content makes, no more. */
function pruneCache(cache: string, used: Set<string>): void {
  if (!fs.existsSync(cache)) return;
  for (const name of fs.readdirSync(cache))
    if (CACHED.test(name) && !used.has(name)) fs.rmSync(path.join(cache, name), { force: true });
}

/** A document kept from an earlier build, if it is whole: a damaged one (a full disk, a power cut) is drawn again. */
function kept(file: string): Buffer | null {
  if (!fs.existsSync(file)) return null;
  const pdf = fs.readFileSync(file);
  return pdf.subarray(-32).includes("%%EOF") ? pdf : null;
}

/**
 * Writes both documents in each of their languages into `publicDir`; throws, naming the
 * file and field, when one would be larger than a buyer can forward (COMPANY_PDF_MAX_BYTES).
 */
export async function writeCompanyPdfs(
  files: readonly LoadedFile[],
  dirs: { public: string; cache: string },
  siteUrl: string,
  maxBytes = COMPANY_PDF_MAX_BYTES,
  maxText = COMPANY_PDF_MAX_TEXT,
): Promise<WrittenPdf[]> {
  const written: WrittenPdf[] = [];
  const used = new Set<string>();
  const capability = files.find((file) => file.kind === "capability");
  for (const home of capability ? pdfHomes(files) : []) {
    const { language } = home.page;
    const facts = companyFacts(files, home.page, siteUrl, today());
    const words = (capability!.translations[language] ?? capability!.data) as CapabilityWords;
    for (const kind of Object.keys(COMPANY_PDF_PATHS) as CompanyPdf[]) {
      const digest = crypto
        .createHash("sha256")
        .update(JSON.stringify({ DRAWING_VERSION, kind, facts, words }))
        .digest("hex");
      const cached = path.join(dirs.cache, `${digest}.pdf`);
      used.add(path.basename(cached));
      const field = `${language}.${kind}`;
      let pdf = kept(cached);
      const drawn = pdf === null;
      if (pdf === null) {
        const text = textLength({ facts, words });
        if (text > maxText)
          throw new Error(
            `${CAPABILITY_FILE} › ${field}: the ${words[kind].title} would be drawn from ${text} characters of text, more than ${maxText}: shorten what it lists (services' key facts, certificates, contacts)`,
          );
        pdf = await RENDER[kind](facts, words, { issued: today(), version: digest.slice(0, 10) });
        if (pdf.length > maxBytes) {
          throw new Error(
            `${CAPABILITY_FILE} › ${field}: the ${words[kind].title} would be ${Math.ceil(pdf.length / 1024)} KB, more than ${Math.floor(maxBytes / 1024)} KB: shorten what it lists (services' key facts, certificates, contacts)`,
          );
        }
        writeAtomic(cached, pdf);
      }
      const address = pathIn(language, COMPANY_PDF_PATHS[kind]);
      writeAtomic(path.join(dirs.public, address), pdf);
      written.push({ path: address, bytes: pdf.length, pages: pageCount(pdf), drawn });
    }
  }
  // Each build's content adds its documents; only those it used are kept for the next.
  pruneCache(dirs.cache, used);
  return written;
}
