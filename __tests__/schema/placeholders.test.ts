import fs from "node:fs";
import { findPlaceholders } from "../../src/schema/placeholders";
import { copyContent, writeFile } from "../helpers/contentCopy";

describe("the placeholder list (npm run content:check)", () => {
  let dir: string;
  beforeEach(() => (dir = copyContent()));
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("lists values marked PLACEHOLDER and those that look made up, with file and line", () => {
    writeFile(
      dir,
      "content/clients.yaml",
      [
        "# A whole-line comment holds no value",
        "eyebrow: our clients # PLACEHOLDER",
        "logo: images/placeholder-a.png",
        "email: info@example.com",
        'phone: "+91 20 0000 0001"',
        "gstin: 27AAAAA0000A1Z2",
        "text: a real sentence",
      ].join("\n"),
    );
    const found = findPlaceholders(dir).filter((p) => p.file === "content/clients.yaml");
    expect(found.map((p) => [p.line, p.text, p.why])).toEqual([
      [2, "eyebrow: our clients", "marked PLACEHOLDER"],
      [3, "logo: images/placeholder-a.png", "placeholder picture"],
      [4, "email: info@example.com", "example address"],
      [5, 'phone: "+91 20 0000 0001"', "made-up number"],
      [6, "gstin: 27AAAAA0000A1Z2", "made-up number"],
    ]);
  });

  it("finds none once the values are replaced", () => {
    writeFile(dir, "content/clients.yaml", "eyebrow: our clients\nlogo: images/acme.png\n");
    expect(findPlaceholders(dir).filter((p) => p.file === "content/clients.yaml")).toEqual([]);
  });
});
