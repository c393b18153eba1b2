/**
 * @jest-environment node
 */
// The capability statement and the supplier data sheet (issue 55), drawn from the tests'
// own content and read back with poppler's tools, as a buyer's PDF reader and a screen
// reader see them: A4, tagged, every font embedded, the content's words, within size.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { COMPANY_PDF_MAX_BYTES } from "../../src/constants";
import { companyFacts } from "../../src/build/companyPdfs/facts";
import { pdfLanguages, writeCompanyPdfs } from "../../src/build/companyPdfs";
import { contentLanguagesOf, languagePages } from "../../src/build/languagePages";
import { loadContent } from "../../src/schema/load";
import { FIXTURE_PROJECT, copyContent, editYaml } from "../helpers/contentCopy";

jest.setTimeout(60_000);

const SITE = "https://www.acme.test";
const loaded = () => loadContent(FIXTURE_PROJECT).files;
const tool = (name: string, file: string) => execFileSync(name, [file], { encoding: "utf8" });
const folders = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pdfs-"));
  return { public: path.join(dir, "public"), cache: path.join(dir, "cache") };
};

describe("the company's PDFs", () => {
  it("are made in each language the site and content/capability.yaml are both in", () => {
    expect(pdfLanguages(loaded())).toEqual(["en", "de"]);
  });

  it("say what the content says: the company, its services, standards, plants and contacts", () => {
    const files = loaded();
    const home = languagePages(contentLanguagesOf(files)).find((page) => page.path === "/de")!;
    const facts = companyFacts(files, home.page, SITE, "2026-01-01");
    expect(facts).toMatchObject({
      language: "de",
      name: "Acme Finishing",
      legalName: "Acme Finishing Test Private Limited",
      gstin: "27AAPFU0939F1ZV",
      pan: "AAPFU0939F",
      areaServed: ["Testland", "Fixture Union"],
      website: "https://www.acme.test/de",
    });
    // Languages named in the document's own language.
    expect(facts.languages).toEqual(["Englisch", "Deutsch"]);
    expect(facts.services.map((service) => service.url)).toEqual([
      "https://www.acme.test/de/alpha",
      "https://www.acme.test/beta",
    ]);
    expect(facts.standards).toEqual([
      { designation: "GAMMA-STD-1B", offered: ["Grade 1", "Grade 2"], url: "https://www.acme.test/de/gamma-std" },
    ]);
    expect(facts.plants[0].hours).toMatch(/08:30–12:00; Sa.* 10:00–14:00$/);
    // A lapsed certificate is left out, as the site leaves it out.
    const lapsed = (day: string) => {
      const shown = companyFacts(files, home.page, SITE, day).certificates;
      return shown.every((certificate) => !certificate.validUntil || certificate.validUntil >= day);
    };
    expect(lapsed("2026-01-01")).toBe(true);
    const later = companyFacts(files, home.page, SITE, "3000-01-01");
    expect(later.certificates.length).toBeLessThan(facts.certificates.length);
  });

  it("are A4, tagged, with every font embedded, the words selectable, under the size limit; kept when unchanged", async () => {
    const dirs = folders();
    const written = await writeCompanyPdfs(loaded(), dirs, SITE);
    expect(written.map((pdf) => [pdf.path, pdf.drawn])).toEqual([
      ["/capability-statement.pdf", true],
      ["/supplier-data-sheet.pdf", true],
      ["/de/capability-statement.pdf", true],
      ["/de/supplier-data-sheet.pdf", true],
    ]);
    for (const pdf of written) {
      const file = path.join(dirs.public, pdf.path);
      expect(pdf.bytes).toBeLessThanOrEqual(COMPANY_PDF_MAX_BYTES);
      const info = tool("pdfinfo", file);
      expect(info).toMatch(/^Tagged:\s+yes$/m);
      expect(info).toMatch(/^Page size:\s+595\.28 x 841\.89 pts \(A4\)$/m);
      expect(info).toMatch(/^Title:\s+Acme Finishing: /m);
      expect(info).toMatch(new RegExp(`^Pages:\\s+${pdf.pages}$`, "m"));
      const fonts = tool("pdffonts", file).split("\n").slice(2).filter(Boolean);
      expect(fonts.length).toBeGreaterThan(0);
      for (const font of fonts) expect(font).toMatch(/ yes +yes +yes /);
      const text = execFileSync("pdftotext", [file, "-"], { encoding: "utf8" });
      expect(text).toContain("Acme Finishing");
      expect(text).toContain("GAMMA-STD-1B");
      expect(text).toContain(pdf.path.startsWith("/de/") ? "DE Test contacts" : "Test contacts");
      // PDF/UA's identification, written by PDFKit's subset.
      expect(fs.readFileSync(file, "latin1")).toContain("<pdfuaid:part>1</pdfuaid:part>");
    }
    // The same content again: the same bytes, issued the same day (nothing drawn).
    const before = fs.readFileSync(path.join(dirs.public, "capability-statement.pdf"));
    const again = await writeCompanyPdfs(loaded(), { ...dirs, public: `${dirs.public}-2` }, SITE);
    expect(again.every((pdf) => !pdf.drawn)).toBe(true);
    expect(fs.readFileSync(path.join(`${dirs.public}-2`, "capability-statement.pdf")).equals(before)).toBe(true);
  });

  it("are drawn again when the one kept is damaged", async () => {
    const dirs = folders();
    await writeCompanyPdfs(loaded(), dirs, SITE);
    for (const name of fs.readdirSync(dirs.cache)) {
      const file = path.join(dirs.cache, name);
      fs.writeFileSync(file, fs.readFileSync(file).subarray(0, 100));
    }
    const written = await writeCompanyPdfs(loaded(), dirs, SITE);
    expect(written.every((pdf) => pdf.drawn)).toBe(true);
    expect(tool("pdfinfo", path.join(dirs.public, "capability-statement.pdf"))).toMatch(/^Tagged:\s+yes$/m);
  });

  it("are drawn again when what they show changes", async () => {
    const dirs = folders();
    await writeCompanyPdfs(loaded(), dirs, SITE);
    const project = copyContent();
    editYaml(project, "content/site.yaml", (data) => {
      data.email = "orders@acme.test";
    });
    const written = await writeCompanyPdfs(loadContent(project).files, dirs, SITE);
    expect(written.every((pdf) => pdf.drawn)).toBe(true);
  });

  it("refuse to be larger than a buyer can forward, naming the file and the document", async () => {
    await expect(writeCompanyPdfs(loaded(), folders(), SITE, 2048)).rejects.toThrow(
      /^content\/capability\.yaml › en\.statement: the Test statement would be \d+ KB, more than 2 KB: shorten/,
    );
  });

  it("keep in the cache only the documents the current content makes (issue 71, L7)", async () => {
    const dirs = folders();
    await writeCompanyPdfs(loaded(), dirs, SITE);
    const first = fs.readdirSync(dirs.cache).sort();
    const project = copyContent();
    editYaml(project, "content/site.yaml", (data) => {
      data.email = "orders@acme.test";
    });
    const written = await writeCompanyPdfs(loadContent(project).files, dirs, SITE);
    const now = fs.readdirSync(dirs.cache).sort();
    // As many as this build wrote, none of the first content's left behind.
    expect(now).toHaveLength(written.length);
    expect(now.filter((name) => first.includes(name))).toEqual([]);
  });

  it("refuse text beyond their bound before drawing anything, naming the file and the document (issue 71, L7)", async () => {
    const dirs = folders();
    await expect(writeCompanyPdfs(loaded(), dirs, SITE, COMPANY_PDF_MAX_BYTES, 100)).rejects.toThrow(
      /^content\/capability\.yaml › en\.statement: the Test statement would be drawn from \d+ characters of text, more than 100: shorten/,
    );
    expect(fs.existsSync(dirs.cache) ? fs.readdirSync(dirs.cache) : []).toEqual([]);
  });

  it("are not made without content/capability.yaml, and the site still builds", async () => {
    const project = copyContent();
    fs.rmSync(path.join(project, "content", "capability.yaml"));
    const files = loadContent(project);
    expect(files.problems).toEqual([]);
    expect(await writeCompanyPdfs(files.files, folders(), SITE)).toEqual([]);
  });
});
