// Draws the two documents with PDFKit: A4, Noto Sans embedded (subset), tagged for
// screen readers (PDFKit's PDF/UA subset: a structure tree of headings, paragraphs and
// lists, the language, the title shown; the page footers marked as artifacts). Pure
// JavaScript: no browser, no native binary, the same on the build machine and the server.
import { createRequire } from "node:module";
import PDFDocument from "pdfkit";
import type { CapabilityWords, CompanyFacts } from "./facts";

/**
 * The fonts, full TrueType files (every Latin, Greek and Cyrillic letter); PDFKit embeds
 * only the letters used. Found by Node when drawing (gatsby-node's bundler would turn a
 * require.resolve into nothing).
 */
const font = (file: string) => createRequire(__filename).resolve(`@expo-google-fonts/noto-sans/${file}`);
const FONTS = { body: "400Regular/NotoSans_400Regular.ttf", bold: "700Bold/NotoSans_700Bold.ttf" };

const BRAND = "#0b3a5b";
const TEXT = "#1a1a1a";
const MUTED = "#4a4a4a";
const MARGIN = 50;

/** What each page's footer says, and what the document's metadata records. */
export interface Stamp {
  /** "YYYY-MM-DD": the day this content was first made into this document. */
  issued: string;
  /** A short digest of everything the document shows. */
  version: string;
}

type Struct = ReturnType<PDFKit.PDFDocument["struct"]>;

/**
 * A tagged document: each piece of text inside the structure element that says what it is.
 * The estimate desk's requirements of record are drawn with it too (src/estimate/recordPdf.ts).
 */
export class Writer {
  readonly doc: PDFKit.PDFDocument;
  private readonly root: Struct;

  constructor(title: string, author: string, language: string, stamp: Stamp) {
    const day = new Date(`${stamp.issued}T00:00:00Z`);
    this.doc = new PDFDocument({
      size: "A4",
      margin: MARGIN,
      pdfVersion: "1.7",
      // PDFKit 0.20 writes PDF/UA's identification; its typings name only the PDF/A subsets.
      subset: "PDF/UA" as never,
      tagged: true,
      displayTitle: true,
      lang: language,
      bufferPages: true,
      info: { Title: title, Author: author, Subject: title, CreationDate: day, ModDate: day },
    });
    this.doc.registerFont("body", font(FONTS.body));
    this.doc.registerFont("bold", font(FONTS.bold));
    this.root = this.doc.struct("Document");
    this.doc.addStructure(this.root);
  }

  private add(type: string, draw: () => void) {
    this.root.add(this.doc.struct(type, {}, draw));
  }

  /** Starts a new page when less than `points` are left: a heading or a title is not left alone at a page's foot. */
  private keepWithNext(points = 60) {
    if (this.doc.y > this.doc.page.height - MARGIN - points) this.doc.addPage();
  }

  heading(level: 1 | 2, text: string) {
    if (level === 2) this.doc.moveDown(0.4);
    this.keepWithNext();
    this.add(`H${level}`, () =>
      this.doc
        .font("bold")
        .fontSize(level === 1 ? 17 : 11.5)
        .fillColor(BRAND)
        .text(text, { paragraphGap: level === 1 ? 2 : 3 }),
    );
  }

  paragraph(text: string, options: { size?: number; muted?: boolean } = {}) {
    this.add("P", () =>
      this.doc
        .font("body")
        .fontSize(options.size ?? 9)
        .fillColor(options.muted ? MUTED : TEXT)
        .text(text, { paragraphGap: 4, lineGap: 1 }),
    );
  }

  /** "Label: value", the label bold, as one paragraph. */
  labelled(label: string, value: string) {
    this.add("P", () => {
      this.doc.font("bold").fontSize(9).fillColor(TEXT).text(`${label}: `, { continued: true });
      this.doc.font("body").text(value, { paragraphGap: 3, lineGap: 1 });
    });
  }

  /** A titled item (a service, a plant): its name bold, then its lines. */
  item(title: string, lines: string[]) {
    this.keepWithNext(40);
    this.add("P", () => {
      this.doc.font("bold").fontSize(9).fillColor(TEXT).text(title, { lineGap: 1 });
      for (const [index, line] of lines.entries())
        this.doc
          .font("body")
          .fillColor(TEXT)
          .text(line, { lineGap: 1, paragraphGap: index === lines.length - 1 ? 3 : 0 });
    });
  }

  list(items: string[]) {
    if (items.length === 0) return;
    const list = this.doc.struct("L");
    this.root.add(list);
    this.doc.font("body").fontSize(9).fillColor(TEXT);
    this.doc.list(items, { structParent: list, bulletRadius: 1.6, textIndent: 10, lineGap: 1, paragraphGap: 2 });
    this.doc.moveDown(0.3);
  }

  /** Ends the document: a footer on every page (an artifact, which screen readers skip), then the bytes. */
  async finish(footer: (page: number, pages: number) => string): Promise<Buffer> {
    this.root.end();
    const { doc } = this;
    const range = doc.bufferedPageRange();
    for (let index = range.start; index < range.start + range.count; index++) {
      doc.switchToPage(index);
      // Below the text's bottom margin, where PDFKit would otherwise start a new page.
      doc.page.margins.bottom = 0;
      doc.markContent("Artifact", { type: "Pagination" } as never);
      const bottom = doc.page.height - MARGIN + 14;
      doc
        .font("body")
        .fontSize(7.5)
        .fillColor(MUTED)
        .text(footer(index + 1, range.count), MARGIN, bottom, {
          width: doc.page.width - 2 * MARGIN,
          align: "center",
          lineBreak: false,
        });
      doc.endMarkedContent();
    }
    const chunks: Buffer[] = [];
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    const done = new Promise<Buffer>((resolve, reject) => {
      doc.on("end", () => resolve(Buffer.concat(chunks)));
      doc.on("error", reject);
    });
    doc.end();
    return done;
  }
}

const footerLine = (facts: CompanyFacts, words: CapabilityWords, stamp: Stamp) => (page: number, pages: number) =>
  [
    facts.name,
    facts.website,
    `${words.headings.issued} ${stamp.issued}`,
    `${words.headings.version} ${stamp.version}`,
    `${page}/${pages}`,
  ].join("  ·  ");

function contactLines(writer: Writer, facts: CompanyFacts, words: CapabilityWords) {
  writer.heading(2, words.headings.contacts);
  writer.list(facts.contacts.map((contact) => [contact.name, contact.role, contact.phone].filter(Boolean).join(", ")));
  writer.labelled(words.headings.email, facts.email);
  writer.labelled(words.headings.website, facts.website);
  writer.labelled(words.headings.languages, facts.languages.join(", "));
}

function plantLines(writer: Writer, facts: CompanyFacts, words: CapabilityWords) {
  writer.heading(2, words.headings.plants);
  for (const plant of facts.plants)
    writer.item(plant.name, [plant.address, ...(plant.hours ? [`${words.headings.hours}: ${plant.hours}`] : [])]);
}

function certificateLines(writer: Writer, facts: CompanyFacts, words: CapabilityWords) {
  if (facts.certificates.length === 0) return;
  writer.heading(2, words.headings.certificates);
  writer.list(
    facts.certificates.map((certificate) =>
      certificate.validUntil
        ? `${certificate.title} (${words.headings.validUntil} ${certificate.validUntil})`
        : certificate.title,
    ),
  );
}

function standardLines(writer: Writer, facts: CompanyFacts, words: CapabilityWords) {
  if (facts.standards.length === 0) return;
  writer.heading(2, words.headings.standards);
  writer.list(facts.standards.map((standard) => `${standard.designation}: ${standard.offered.join(", ")}`));
}

/** One page, if the content allows: what the company does, to which standards, where, and whom to call. */
export async function renderStatement(facts: CompanyFacts, words: CapabilityWords, stamp: Stamp): Promise<Buffer> {
  const writer = new Writer(`${facts.name}: ${words.statement.title}`, facts.name, facts.language, stamp);
  writer.heading(1, `${facts.name}: ${words.statement.title}`);
  writer.paragraph(facts.tagline, { size: 10.5, muted: true });
  writer.paragraph(facts.description);
  if (words.statement.intro) writer.paragraph(words.statement.intro, { muted: true });
  writer.heading(2, words.headings.services);
  for (const service of facts.services)
    writer.item(service.title, [
      ...(service.text ? [service.text] : []),
      ...(service.facts.length ? [service.facts.join("; ")] : []),
    ]);
  standardLines(writer, facts, words);
  certificateLines(writer, facts, words);
  plantLines(writer, facts, words);
  contactLines(writer, facts, words);
  return writer.finish(footerLine(facts, words, stamp));
}

/** The facts a supplier registration asks for, each under its own label. */
export async function renderDatasheet(facts: CompanyFacts, words: CapabilityWords, stamp: Stamp): Promise<Buffer> {
  const { headings } = words;
  const writer = new Writer(`${facts.name}: ${words.datasheet.title}`, facts.name, facts.language, stamp);
  writer.heading(1, `${facts.name}: ${words.datasheet.title}`);
  if (words.datasheet.intro) writer.paragraph(words.datasheet.intro, { muted: true });
  writer.heading(2, headings.company);
  if (facts.legalName) writer.labelled(headings.legalName, facts.legalName);
  writer.labelled(headings.gstin, facts.gstin);
  writer.labelled(headings.pan, facts.pan);
  if (facts.areaServed.length) writer.labelled(headings.areaServed, facts.areaServed.join(", "));
  plantLines(writer, facts, words);
  contactLines(writer, facts, words);
  writer.heading(2, headings.services);
  writer.list(facts.services.map((service) => service.title));
  standardLines(writer, facts, words);
  certificateLines(writer, facts, words);
  writer.heading(2, headings.insurance);
  writer.paragraph(words.datasheet.insurance);
  writer.heading(2, headings.compliance);
  for (const statement of words.datasheet.compliance) writer.item(statement.title, [statement.text]);
  return writer.finish(footerLine(facts, words, stamp));
}
