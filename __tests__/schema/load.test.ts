import fs from "node:fs";
import path from "node:path";
import { parseYaml } from "../../src/schema/yaml";
import { FILE_KINDS, megabytes } from "../../src/schema/files";
import { formatProblems } from "../../src/schema/report";
import { loadContent } from "../../src/schema/load";
import { copyContent, editYaml, FIXTURE_PROJECT, writeFile } from "../helpers/contentCopy";
import { pngHeader } from "../helpers/images";

/** The problems of a content copy after `change`, as "file › field: message" lines. */
function problemsAfter(change: (dir: string) => void): string[] {
  const dir = copyContent();
  try {
    change(dir);
    return loadContent(dir).problems.map((p) => `${p.file} › ${p.field}: ${p.message}`);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const expectOne = (problems: string[], pattern: RegExp) => {
  expect(problems).toHaveLength(1);
  expect(problems[0]).toMatch(pattern);
};

describe("content validation", () => {
  it("accepts the project's own content", () => {
    expect(loadContent(path.resolve(__dirname, "../..")).problems).toEqual([]);
  });

  it("accepts the fixture content: site, home, clients, a page per service and standard file, in name order", () => {
    const { files, problems } = loadContent(FIXTURE_PROJECT);
    expect(problems).toEqual([]);
    expect(files.map((f) => f.file)).toEqual([
      "content/site.yaml",
      "content/home.yaml",
      "content/clients.yaml",
      "content/enquiry.yaml",
      "content/services/alpha.yaml",
      "content/services/beta.yaml",
      "content/standards/gamma.yaml",
      "content/capability.yaml",
      "content/estimate.yaml",
    ]);
  });

  it("refuses a YAML alias, through which a few lines stand for any number of items (issue 27, finding 7)", () => {
    // The test helper writes a part that appears twice once, with an anchor, and aliases after.
    const problems = problemsAfter((dir) =>
      editYaml(dir, "content/site.yaml", (d) => void (d.contacts = Array(10).fill(d.contacts[0]))),
    );
    expect(fs.readFileSync(path.join(FIXTURE_PROJECT, "content/site.yaml"), "utf8")).not.toContain("*ref");
    expectOne(
      problems,
      /^content\/site\.yaml › en\.contacts\[1\]: repeats another part of the file through a YAML alias/,
    );
  });

  it("reads a file unchanged since the last load as it did then, each load its own copy", () => {
    const first = loadContent(FIXTURE_PROJECT).files[0].data as Record<string, unknown>;
    const before = JSON.stringify(first);
    first.name = "changed by a caller";
    (first.contacts as unknown[]).length = 0;
    const second = loadContent(FIXTURE_PROJECT).files[0].data;
    expect(JSON.stringify(second)).toBe(before);
    expect(second).not.toBe(first);
  });

  it("refuses a YAML alias however often the same text is loaded", () => {
    const dir = copyContent();
    try {
      editYaml(dir, "content/site.yaml", (d) => void (d.contacts = Array(3).fill(d.contacts[0])));
      const twice = [loadContent(dir), loadContent(dir)].map((loaded) => loaded.problems.map((p) => p.field));
      expect(twice).toEqual([["en.contacts[1]"], ["en.contacts[1]"]]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("refuses a list longer than the largest the site takes, where the schema names none", () => {
    const problems = problemsAfter((dir) =>
      editYaml(
        dir,
        "content/site.yaml",
        (d) => void (d.contacts = Array.from({ length: 101 }, () => ({ ...d.contacts[0] }))),
      ),
    );
    expectOne(problems, /^content\/site\.yaml › en\.contacts: must have at most 100 items, found 101/);
  });

  it("refuses a content file over 256 KB before reading it", () => {
    const problems = problemsAfter((dir) =>
      fs.appendFileSync(path.join(dir, "content/site.yaml"), `\n# ${"x".repeat(256 * 1024)}\n`),
    );
    expectOne(problems, /^content\/site\.yaml › \(whole file\): is \d+ KB, more than a content file may be \(256 KB\)/);
  });

  // A link could name a file only the server's user may read; its text would be quoted in
  // the problem staff see (issue 52, finding 3). A link is refused without being read.
  const SECRET = "-----BEGIN OPENSSH PRIVATE KEY----- not-for-staff";
  const secretFile = (dir: string) => {
    const file = path.join(dir, "id_ed25519");
    fs.writeFileSync(file, `${SECRET}\n: [unclosed\n`);
    return file;
  };

  it("refuses a content file that is a link, reading nothing through it (issue 52, finding 3)", () => {
    const problems = problemsAfter((dir) => {
      const file = path.join(dir, "content/services/beta.yaml");
      fs.rmSync(file);
      fs.symlinkSync(secretFile(dir), file);
    });
    expectOne(problems, /^content\/services\/beta\.yaml › \(whole file\): is a link; content\/ may hold only files/);
    expect(problems.join("\n")).not.toContain("not-for-staff");
  });

  it("refuses the files of a linked folder, reading nothing through it (issue 52, finding 3)", () => {
    const problems = problemsAfter((dir) => {
      const services = path.join(dir, "content/services");
      const outside = path.join(dir, "outside");
      fs.renameSync(services, outside);
      fs.renameSync(secretFile(dir), path.join(outside, "gamma.yaml"));
      fs.symlinkSync(outside, services);
    });
    expect(problems.join("\n")).not.toContain("not-for-staff");
    expect(problems).toContainEqual(
      expect.stringMatching(/^content\/services\/gamma\.yaml › \(whole file\): is in a linked folder/),
    );
  });

  it("names the file and field of a missing required field", () => {
    const problems = problemsAfter((dir) => editYaml(dir, "content/site.yaml", (d) => void delete d.email));
    expectOne(problems, /^content\/site\.yaml › en\.email: is required/);
  });

  it("refuses a form question that cannot be asked: a choice without options, a date without words, one label twice", () => {
    const question = (change: (q: Record<string, unknown>[]) => void) =>
      problemsAfter((dir) => editYaml(dir, "content/enquiry.yaml", (d) => change(d.form.questions)));
    expectOne(
      question((q) => void (q.find((x) => x.kind === "choice")!.options = ["Only one"])),
      /^content\/enquiry\.yaml › en\.form\.questions\[\d+\]: offers 1 options: .* needs at least 2/,
    );
    expectOne(
      question((q) => void delete q.find((x) => x.kind === "date")!.invalid),
      /^content\/enquiry\.yaml › en\.form\.questions\[\d+\]: is a date: say what to tell a buyer/,
    );
    expectOne(
      question((q) => void (q.find((x) => x.kind === "text")!.options = ["A", "B"])),
      /form\.questions\[\d+\]: has options, but only a choice offers them/,
    );
    expectOne(
      question((q) => void (q[1].label = q[0].label)),
      /^content\/enquiry\.yaml › en\.form\.questions\[1\]\.label: is also the label of en\.form\.questions\[0\]/,
    );
    expectOne(
      question((q) => void (q[0].kind = "signature")),
      /form\.questions\[0\]\.kind: must be one of/,
    );
  });

  it("refuses an emptied string", () => {
    const problems = problemsAfter((dir) =>
      editYaml(dir, "content/services/alpha.yaml", (d) => void (d.hero.title = "  ")),
    );
    expectOne(problems, /^content\/services\/alpha\.yaml › en\.hero\.title: is required/);
  });

  it("refuses a wrong type: a list given as text, and a number where text belongs", () => {
    expectOne(
      problemsAfter((dir) => editYaml(dir, "content/home.yaml", (d) => void (d.hero.slides = "four slides"))),
      /^content\/home\.yaml › en\.hero\.slides: must be a list/,
    );
    expectOne(
      problemsAfter((dir) => editYaml(dir, "content/site.yaml", (d) => void (d.contacts[0].phone = 9876543210))),
      /^content\/site\.yaml › en\.contacts\[0\]\.phone: must be text.*quotes/,
    );
    expectOne(
      problemsAfter((dir) =>
        editYaml(dir, "content/services/alpha.yaml", (d) => void (d.sections[2].interval = "fast")),
      ),
      /sections\[2\]\.interval: must be a number/,
    );
  });

  it("refuses an image path that points at no file", () => {
    const problems = problemsAfter((dir) =>
      editYaml(dir, "content/home.yaml", (d) => void (d.hero.slides[2].image = "images/missing.jpg")),
    );
    expectOne(
      problems,
      /^content\/home\.yaml › en\.hero\.slides\[2\]\.image: points at "images\/missing\.jpg", which does not exist/,
    );
  });

  it("refuses a file that is not an image", () => {
    const problems = problemsAfter((dir) =>
      editYaml(dir, "content/clients.yaml", (d) => void (d.logos[0].logo = "../site.yaml")),
    );
    expectOne(problems, /logos\[0\]\.logo: must be a JPEG, PNG, WebP, AVIF or TIFF image, found "\.\.\/site\.yaml"/);
  });

  it("refuses an image whose content is another type than its name says", () => {
    const problems = problemsAfter((dir) => {
      const clients = (
        parseYaml(fs.readFileSync(path.join(dir, "content/clients.yaml"), "utf8")) as {
          en: {
            logos: { logo: string }[];
          };
        }
      ).en;
      fs.writeFileSync(path.join(dir, "content", clients.logos[0].logo), "<svg onload='alert(1)'/>");
    });
    // Every logo of the fixture names that one file: each says so.
    expect(problems.length).toBeGreaterThan(0);
    for (const problem of problems) {
      expect(problem).toMatch(
        /^content\/clients\.yaml › en\.logos\[\d+\]\.logo: ".+" is not a JPEG, PNG, WebP, AVIF or TIFF image: its content is another type/,
      );
    }
  });

  it("refuses a decompression bomb: an image of more pixels than the build takes, naming the file (issue 35)", () => {
    const problems = problemsAfter((dir) => {
      fs.writeFileSync(path.join(dir, "content", "images", "bomb.png"), pngHeader(100_000, 100_000));
      editYaml(dir, "content/clients.yaml", (d) => void (d.logos[0].logo = "images/bomb.png"));
    });
    expectOne(
      problems,
      /^content\/clients\.yaml › en\.logos\[0\]\.logo: "images\/bomb\.png" is 100000 × 100000 pixels, more than an image may be \(64 megapixels\)/,
    );
  });

  it("refuses an image whose size in pixels cannot be read", () => {
    const problems = problemsAfter((dir) => {
      fs.writeFileSync(path.join(dir, "content", "images", "cut.png"), pngHeader(10, 10).subarray(0, 12));
      editYaml(dir, "content/clients.yaml", (d) => void (d.logos[0].logo = "images/cut.png"));
    });
    expectOne(problems, /"images\/cut\.png" is not a JPEG, PNG, WebP, AVIF or TIFF image that can be read/);
  });

  describe("a documents section's PDF", () => {
    const pdfOf = (dir: string) => path.join(dir, "content/services/documents/current.pdf");

    it("refuses a file that is not a PDF inside", () => {
      const problems = problemsAfter((dir) => fs.writeFileSync(pdfOf(dir), "<html>not a PDF</html>"));
      // Two documents of the fixture name that file.
      expect(problems.length).toBeGreaterThan(0);
      for (const problem of problems) {
        expect(problem).toMatch(
          /^content\/services\/beta\.yaml › en\.sections\[\d+\]\.documents\[\d+\]\.file: "documents\/current\.pdf" is not a PDF/,
        );
      }
    });

    it("refuses a PDF over the size limit, naming the limit", () => {
      const problems = problemsAfter((dir) => fs.appendFileSync(pdfOf(dir), Buffer.alloc(FILE_KINDS.pdf.maxBytes)));
      expect(problems[0]).toMatch(
        new RegExp(`documents\\[\\d+\\]\\.file: .* more than a PDF may be \\(${megabytes(FILE_KINDS.pdf.maxBytes)}\\)`),
      );
    });

    it.each([
      ["an image", "images/photo.png", /must be a PDF, found "images\/photo\.png"/],
      ["a path out of content/", "../../package.json", /must be a PDF/],
      ["a PDF outside content/", "../../../outside.pdf", /must be a path inside content\//],
      ["a missing PDF", "documents/missing.pdf", /points at "documents\/missing\.pdf", which does not exist/],
    ])("refuses %s where a PDF belongs", (_name, file, message) => {
      const problems = problemsAfter((dir) => {
        editYaml(dir, "content/services/beta.yaml", (d) => {
          const section = d.sections.find((s: { type: string }) => s.type === "documents");
          section.documents[0].file = file;
        });
      });
      expect(problems).toHaveLength(1);
      expect(problems[0]).toMatch(message);
    });

    it.each([
      ["a day that is not in the calendar", "2027-02-30"],
      ["another format", "31/03/2027"],
      ["a number", 2027],
    ])("refuses %s as a date", (_name, day) => {
      const problems = problemsAfter((dir) =>
        editYaml(dir, "content/services/beta.yaml", (d) => {
          d.sections.find((s: { type: string }) => s.type === "documents").documents[0].validUntil = day;
        }),
      );
      expectOne(problems, /documents\[0\]\.validUntil: must be a date written YYYY-MM-DD/);
    });
  });

  it("refuses two pages with the same slug, naming the second", () => {
    const problems = problemsAfter((dir) =>
      editYaml(dir, "content/services/beta.yaml", (d) => void (d.slug = "alpha")),
    );
    expectOne(
      problems,
      /^content\/services\/beta\.yaml › en\.slug: "alpha" is already used by content\/services\/alpha\.yaml/,
    );
  });

  it.each(["../x", "Hard Anodizing", "hard/anodizing", ""])("refuses the unsafe or empty slug %j", (slug) => {
    const problems = problemsAfter((dir) => editYaml(dir, "content/services/alpha.yaml", (d) => void (d.slug = slug)));
    expectOne(problems, /^content\/services\/alpha\.yaml › en\.slug: /);
  });

  it.each([
    ["email", (d: any) => void (d.email = "info-at-company"), /email: must be an e-mail address/],
    ["phone", (d: any) => void (d.contacts[1].phone = "12-34"), /contacts\[1\]\.phone: must be a phone number/],
    [
      "phone letters",
      (d: any) => void (d.contacts[0].phone = "call the office"),
      /contacts\[0\]\.phone: must be a phone number/,
    ],
    ["GSTIN format", (d: any) => void (d.gstin = "27AAAAA0000A1Y2"), /gstin: must be a 15-character GSTIN/],
    ["GSTIN check character", (d: any) => void (d.gstin = "27AAAAA0000A1Z3"), /gstin: has a wrong check character/],
    ["map address", (d: any) => void (d.map.embedUrl = "maps.example.com"), /map\.embedUrl: must be a full address/],
    [
      "navigation link",
      (d: any) => void (d.navigation[0].link = "home page"),
      /navigation\[0\]\.link: must be a page of this site/,
    ],
  ])("refuses an invalid %s", (_name, change, pattern) => {
    expectOne(
      problemsAfter((dir) => editYaml(dir, "content/site.yaml", change)),
      pattern,
    );
  });

  it("refuses malformed YAML, giving the line", () => {
    const problems = problemsAfter((dir) => writeFile(dir, "content/clients.yaml", "eyebrow: our clients\nlogos: [\n"));
    expectOne(problems, /^content\/clients\.yaml › line \d+, column \d+: is not valid YAML/);
  });

  it("refuses a file whose root is a list rather than its languages", () => {
    const problems = problemsAfter((dir) => writeFile(dir, "content/home.yaml", "- title: Home\n"));
    expectOne(problems, /^content\/home\.yaml › \(whole file\): must hold its English under "en:"/);
  });

  it("insists on exactly 4 hero slides and exactly 10 client logos", () => {
    expectOne(
      problemsAfter((dir) => editYaml(dir, "content/home.yaml", (d) => void d.hero.slides.pop())),
      /hero\.slides: must have exactly 4 items, found 3/,
    );
    expectOne(
      problemsAfter((dir) => editYaml(dir, "content/clients.yaml", (d) => void d.logos.push({ ...d.logos[0] }))),
      /logos: must have exactly 10 items, found 11/,
    );
  });

  it("names a misspelt field and the fields it could have been", () => {
    const problems = problemsAfter((dir) =>
      editYaml(dir, "content/home.yaml", (d) => void (d.sections[0].titel = d.sections[0].title)),
    );
    expectOne(problems, /sections\[0\]\.titel: is not a field here \(expected one of: eyebrow, title/);
  });

  it("refuses a section of unknown type and checks each section against its own type", () => {
    expectOne(
      problemsAfter((dir) =>
        editYaml(dir, "content/services/alpha.yaml", (d) => void (d.sections[2].type = "gallery")),
      ),
      /sections\[2\]\.type: must be one of: statement, about, productSlider/,
    );
    expectOne(
      problemsAfter((dir) => editYaml(dir, "content/services/alpha.yaml", (d) => void delete d.sections[2].slides)),
      /sections\[2\]\.slides: is required/,
    );
  });

  it("refuses a YAML file it does not know and a missing site.yaml", () => {
    expectOne(
      problemsAfter((dir) => writeFile(dir, "content/contacts.yaml", "a: b\n")),
      /^content\/contacts\.yaml › \(whole file\): is not a known content file/,
    );
    expectOne(
      problemsAfter((dir) => fs.rmSync(path.join(dir, "content/site.yaml"))),
      /^content\/site\.yaml › \(whole file\): is missing/,
    );
  });

  it("accepts one more service file as one more page", () => {
    const dir = copyContent();
    fs.copyFileSync(
      path.join(dir, "content/services/beta.yaml"),
      path.join(dir, "content/services/powder_coating.yaml"),
    );
    editYaml(dir, "content/services/powder_coating.yaml", (d) => void (d.slug = "powder_coating"));
    const { files, problems } = loadContent(dir);
    fs.rmSync(dir, { recursive: true, force: true });
    expect(problems).toEqual([]);
    expect(files.filter((f) => f.file.startsWith("content/services/")).map((f) => f.data.slug)).toEqual([
      "alpha",
      "beta",
      "powder_coating",
    ]);
  });

  it("puts every problem into one message, file and field first", () => {
    const message = formatProblems([
      { file: "content/site.yaml", field: "email", message: "must be an e-mail address" },
      { file: "content/home.yaml", field: "hero.slides", message: "must have exactly 4 items, found 3" },
    ]);
    expect(message).toContain("The content has 2 problems, so the site was not built.");
    expect(message).toContain("  content/site.yaml › email: must be an e-mail address");
    expect(message).toContain("  content/home.yaml › hero.slides: must have exactly 4 items, found 3");
  });
});
