import fs from "node:fs";
import path from "node:path";
import { findPlaceholders } from "../../src/schema/placeholders";
import { copyContent, writeFile } from "../helpers/contentCopy";

describe("the placeholder list (npm run content:check)", () => {
  it("lists the project's made-up contacts, GSTIN, logos and photos", () => {
    const found = findPlaceholders(path.resolve(__dirname, "../.."));
    const texts = found.map((p) => p.text).join("\n");
    expect(texts).toMatch(/gstin: 27AAAAA0000A1Z2/);
    expect(texts).toMatch(/phone: "\+91 20 0000 0001"/);
    expect(texts).toMatch(/logo: images\/clients\/placeholder-/);
    expect(found.every((p) => p.file.startsWith("content/") && p.line > 0)).toBe(true);
  });

  it("still finds made-up values after the editor dropped the comments, and none once replaced", () => {
    const dir = copyContent();
    try {
      writeFile(dir, "content/clients.yaml", "eyebrow: our clients # PLACEHOLDER\nlogo: images/placeholder-a.png\n");
      expect(
        findPlaceholders(dir)
          .filter((p) => p.file === "content/clients.yaml")
          .map((p) => p.why),
      ).toEqual(["marked PLACEHOLDER", "placeholder picture"]);
      writeFile(dir, "content/clients.yaml", "eyebrow: our clients\nlogo: images/acme.png\n");
      expect(findPlaceholders(dir).filter((p) => p.file === "content/clients.yaml")).toEqual([]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
