import { previewEntry } from "../src/cms/previewData";
import { clientsSchema, serviceSchema } from "../src/schema/content";

const url = (path: string) => `blob:${path}`;
const logos = Array.from({ length: 10 }, (_, i) => ({ name: `Client ${i}`, logo: `images/clients/${i}.png` }));

describe("the editor's preview data", () => {
  it("turns image paths into the shape the site's Picture reads", () => {
    const preview = previewEntry(clientsSchema, { title: "Our clients", text: "Thanks.", logos }, url);
    if (preview.problems) throw new Error(JSON.stringify(preview.problems));
    expect(preview.data.logos[0].logo.childImageSharp?.gatsbyImageData.images).toEqual({
      fallback: { src: "blob:images/clients/0.png" },
    });
  });

  it("refuses what the build would refuse, in the build's words, instead of drawing a broken page", () => {
    const preview = previewEntry(serviceSchema, { slug: "New page" }, url);
    expect(preview.problems?.map((p) => `${p.field}: ${p.message}`)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^slug: must use only lower-case letters/),
        "title: is required but missing or empty",
        "hero: is required but missing or empty",
      ]),
    );
  });

  it("names each section's type as the page query does, with its own fields and null for the empty ones", () => {
    const page = {
      slug: "new_page",
      title: "New",
      description: "A new page.",
      hero: { title: "New", image: "images/hero.jpg", imageAlt: "A part" },
      sections: [{ type: "statement", title: "Why us", paragraphs: ["Because."] }, { type: "clients" }],
    };
    const preview = previewEntry(serviceSchema, page, url);
    if (preview.problems) throw new Error(JSON.stringify(preview.problems));
    expect(preview.data.sections).toEqual([
      {
        __typename: "StatementSection",
        type: "statement",
        anchor: null,
        eyebrow: null,
        title: "Why us",
        paragraphs: ["Because."],
      },
      { __typename: "ClientsSection", type: "clients", anchor: null },
    ]);
    expect(preview.data.hero.text).toBeNull();
  });

  it("leaves an image the editor cannot resolve without a picture", () => {
    const preview = previewEntry(clientsSchema, { title: "t", text: "x", logos }, () => undefined);
    if (preview.problems) throw new Error(JSON.stringify(preview.problems));
    expect(preview.data.logos[0].logo).toEqual({ publicURL: null, childImageSharp: null });
  });
});
