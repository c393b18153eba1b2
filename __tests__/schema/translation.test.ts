/**
 * @jest-environment node
 */
// A page in another language from its translation's words (src/schema/translation.ts) and
// the figures check beneath it (figures.ts), on a small schema the test owns.
import { image, list, number, object, paragraph, sections, text } from "../../src/schema/fields";
import { figureDrift } from "../../src/schema/figures";
import { PHONE } from "../../src/schema/patterns";
import { hasWords, translate, wordsOf } from "../../src/schema/translation";

const schema = object("Page", {
  title: text("Title"),
  intro: paragraph("Intro", { required: false }),
  phone: text("Phone", { pattern: PHONE }),
  address: paragraph("Address", { translated: false }),
  plants: number("Plants", 1, 9),
  slides: list("Slides", object("Slide", { title: text("Title"), image: image("Photo") })),
  photos: list("Photos", image("Photo")),
  sections: sections(
    "Sections",
    {
      faq: object("FAQ", { question: text("Question"), answer: paragraph("Answer") }),
      gallery: object("Gallery", { photo: image("Photo") }),
    },
    "TestSection",
  ),
});

const copy = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

const english = {
  title: "Hard anodising to 50 µm",
  phone: "+91 98765 43210",
  address: "Plot 7, Bhosari, Pune 411026",
  plants: 2,
  slides: [
    { title: "Type III, 25–50 µm", image: "images/a.jpg" },
    { title: "Parts up to 1,200 mm", image: "images/b.jpg" },
  ],
  photos: ["images/c.jpg"],
  sections: [
    { type: "faq", question: "How thick?", answer: "0.5 to 50 µm, by ISO 7599:2018 and EN 10204 3.1." },
    { type: "gallery", photo: "images/d.jpg" },
  ],
};

const german = {
  title: "Hartanodisieren bis 50 µm",
  slides: [{ title: "Typ III, 25–50 µm" }, { title: "Teile bis 1.200 mm" }],
  sections: [
    { type: "faq", question: "Wie dick?", answer: "0,5 bis 50 µm, nach ISO 7599:2018 und EN 10204 3.1." },
    { type: "gallery" },
  ],
};

describe("a page in German", () => {
  it("takes its words from the translation and everything else from the English, once", () => {
    const page = translate(schema, english, german, "de");
    expect(page.problems).toEqual([]);
    expect(page.missing).toEqual([]);
    expect(page.data).toEqual({
      title: german.title,
      phone: english.phone,
      address: english.address,
      plants: 2,
      slides: [
        { title: "Typ III, 25–50 µm", image: "images/a.jpg" },
        { title: "Teile bis 1.200 mm", image: "images/b.jpg" },
      ],
      photos: ["images/c.jpg"],
      sections: [
        { type: "faq", question: "Wie dick?", answer: german.sections[0]!.answer },
        { type: "gallery", photo: "images/d.jpg" },
      ],
    });
  });

  it("refuses a figure that differs, naming the field, the language and both figures", () => {
    const changed = copy(german);
    changed.slides[1]!.title = "Teile bis 1.500 mm";
    const { problems } = translate(schema, english, changed, "de");
    expect(problems).toEqual([
      {
        field: "de.slides[1].title",
        message: expect.stringMatching(
          /states other figures than the English: the German text lacks 1,200 and has 1\.500, which/,
        ),
      },
    ]);
  });

  it("refuses a type or class numbered otherwise", () => {
    const changed = copy(german);
    changed.slides[0]!.title = "Typ II, 25–50 µm";
    expect(translate(schema, english, changed, "de").problems.map((problem) => problem.field)).toEqual([
      "de.slides[0].title",
    ]);
  });

  it("takes what is stated once from the English, whatever a translation holds there", () => {
    const copied = {
      ...copy(german),
      phone: "+91 11111 11111",
      photos: ["images/x.jpg"],
      slides: german.slides.map((slide) => ({ ...slide, image: "images/old.jpg" })),
    };
    const page = translate(schema, english, copied, "de");
    expect(page.problems).toEqual([]);
    expect(page.data).toMatchObject({
      phone: english.phone,
      photos: english.photos,
      slides: english.slides.map(({ image }) => ({ image })),
    });
  });

  it("lists what is not translated yet, so the page is not published in German", () => {
    const partial = { title: german.title, slides: [german.slides[0]], sections: german.sections };
    const { missing, problems } = translate(schema, english, partial, "de");
    expect(problems).toEqual([]);
    expect(missing.map((entry) => entry.field)).toEqual(["de.slides", "de.slides[1].title"]);
    expect(translate(schema, english, undefined, "de").missing.length).toBeGreaterThan(0);
  });

  it("lists words where the English has none, and sections in another order", () => {
    const extra = { ...copy(german), intro: "Einleitung" };
    expect(translate(schema, english, extra, "de").missing.map((entry) => entry.field)).toEqual(["de.intro"]);
    const swapped = { ...copy(german), sections: [german.sections[1], german.sections[0]] };
    expect(translate(schema, english, swapped, "de").missing.map((entry) => entry.field)).toContain("de.sections[0]");
  });

  it("knows which fields hold words", () => {
    expect(hasWords(schema.fields.title)).toBe(true);
    expect(hasWords(schema.fields.address)).toBe(false);
    expect(hasWords(schema.fields.phone)).toBe(false);
    expect(hasWords(schema.fields.photos)).toBe(false);
    expect(hasWords(schema.fields.slides)).toBe(true);
  });
});

describe("figures", () => {
  it.each([
    ["1,200 mm", "1.200 mm"],
    ["1200 mm", "1.200 mm"],
    ["0.5 µm", "0,5 µm"],
    ["EN 10204 3.1", "EN 10204 3.1"],
    ["ISO 7599:2018", "ISO 7599:2018"],
    ["+91 98765 43210", "+91 98765 43210"],
    ["6061-T6 and 7075", "7075 und 6061-T6"],
    ["MIL-PRF-8625 Type III Class 1", "MIL-PRF-8625 Typ III Klasse 1"],
  ])("the same in English %j and German %j", (en, de) => {
    expect(figureDrift(en, de, "de")).toEqual({ lacking: [], extra: [] });
  });

  it.each([
    ["25 µm", "50 µm"],
    ["1,200 mm", "1.500 mm"],
    ["0.5 µm", "5 µm"],
    ["Type III", "Typ II"],
    ["two plants, 24 hours", "zwei Werke"],
  ])("differ in English %j and German %j", (en, de) => {
    const drift = figureDrift(en, de, "de");
    expect(drift.lacking.length + drift.extra.length).toBeGreaterThan(0);
  });
});

describe("wordsOf", () => {
  const english = {
    title: "Hard anodising, 30 to 150 microns",
    phone: "+91 20 0000 0001",
    address: "Plot 1, Pune",
    plants: 2,
    slides: [{ title: "Pistons", image: "images/a.jpg" }],
    photos: ["images/b.jpg"],
    sections: [
      { type: "faq", question: "Which alloys?", answer: "Most." },
      { type: "gallery", photo: "images/c.jpg" },
    ],
  };

  it("writes only the words, item by item, and the translation it makes is complete", () => {
    const words = wordsOf(schema, english, (text) => `DE ${text}`);
    expect(words).toEqual({
      title: "DE Hard anodising, 30 to 150 microns",
      slides: [{ title: "DE Pistons" }],
      sections: [{ type: "faq", question: "DE Which alloys?", answer: "DE Most." }, { type: "gallery" }],
    });
    const page = translate(schema, english, words, "de");
    expect([page.missing, page.problems]).toEqual([[], []]);
  });
});
