import { previewData } from "../src/cms/previewData";
import { clientsSchema, serviceSchema } from "../src/schema/content";

const url = (path: string) => `blob:${path}`;

describe("the editor's preview data", () => {
  it("turns image paths into the shape the site's Picture reads", () => {
    const data = previewData(clientsSchema, { logos: [{ name: "Acme", logo: "images/clients/acme.png" }] }, url);
    const logo = (data.logos as { logo: { childImageSharp: { gatsbyImageData: { images: object } } } }[])[0];
    expect(logo.logo.childImageSharp.gatsbyImageData.images).toEqual({
      fallback: { src: "blob:images/clients/acme.png" },
    });
  });

  it("gives missing fields null, as GraphQL does, so a half-filled entry still renders", () => {
    const data = previewData(serviceSchema, { slug: "new_page" }, url);
    expect(data.slug).toBe("new_page");
    expect(data.hero).toEqual({ title: null, text: null, image: null, imageAlt: null });
    expect(data.sections).toBeNull();
  });

  it("gives every section every section field, null where its type has none", () => {
    const data = previewData(serviceSchema, { sections: [{ type: "statement", title: "Why us" }] }, url);
    const [section] = data.sections as Record<string, unknown>[];
    expect(section).toMatchObject({ type: "statement", title: "Why us", slides: null, cards: null });
  });

  it("leaves an image out when the editor cannot resolve it", () => {
    const data = previewData(clientsSchema, { logos: [{ logo: "images/x.png" }] }, () => undefined);
    expect((data.logos as { logo: unknown }[])[0].logo).toBeNull();
  });
});
