/**
 * @jest-environment node
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { detailsOf } from "../../src/estimate/details";
import { RECORD_MAX_BYTES, recordReference, renderRecord } from "../../src/estimate/recordPdf";
import { desk, shaftValues } from "./desk";

const shaft = shaftValues;
const today = "2026-12-02";

describe("the requirements of record", () => {
  const data = { desk: desk(), processNames: { hard: "Hard" }, standards: [], locale: "de-DE" };
  data.desk.processes.forEach((process) => (process.leadTime.setOn = today));
  const facts = { companyName: "Acme Anodisers", website: "https://acme.test", language: "de", day: today };

  it("has one reference for one part on one day, another for another", () => {
    expect(recordReference(shaft, today)).toMatch(/^E-[0-9A-F]{8}$/);
    expect(recordReference(shaft, today)).toBe(recordReference({ ...shaft }, today));
    expect(recordReference({ ...shaft, quantity: "11" }, today)).not.toBe(recordReference(shaft, today));
    expect(recordReference(shaft, "2026-12-03")).not.toBe(recordReference(shaft, today));
  });

  it("is a tagged PDF in the buyer's language, titled, with its reference and every line, under its bound", async () => {
    const reference = recordReference(shaft, today);
    const details = detailsOf(data, shaft, today);
    const pdf = await renderRecord(details, data.desk.words, { ...facts, reference });
    expect(pdf.length).toBeLessThan(RECORD_MAX_BYTES);
    // Read back with poppler's tools, as a buyer's PDF reader does.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "record-"));
    const file = path.join(dir, "record.pdf");
    fs.writeFileSync(file, pdf);
    try {
      const info = execFileSync("pdfinfo", [file], { encoding: "utf8" });
      expect(info).toMatch(/^Tagged:\s+yes$/m);
      expect(info).toMatch(/^Title:\s+Acme Anodisers: word recordTitle$/m);
      expect(pdf.toString("latin1")).toContain("/Lang (de)");
      expect(pdf.toString("latin1")).toContain("<pdfuaid:part>1</pdfuaid:part>");
      const text = execFileSync("pdftotext", ["-raw", file, "-"], { encoding: "utf8" }).replace(/\s+/g, " ");
      expect(text).toContain(`word recordReference: ${reference}`);
      expect(text).toContain(`word recordDate: ${today}`);
      expect(text).toContain("word thickness: 50");
      for (const line of details.lines) expect(text).toContain(line.replace(/\s+/g, " "));
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
