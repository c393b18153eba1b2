import { buildSchema } from "graphql";
import { sectionTypes } from "../../src/schema/content";
import { contentTypes } from "../../src/schema/graphql";

// What Gatsby itself declares, so the generated SDL can be checked on its own.
const GATSBY_BUILT_INS = `
  directive @dontInfer on OBJECT
  directive @fileByRelativePath on FIELD_DEFINITION
  directive @dateformat(formatString: String) on FIELD_DEFINITION
  scalar Date
  interface Node { id: ID! }
  type File implements Node { id: ID! }
  type Query { ok: Boolean }
`;

describe("GraphQL types from the content schema", () => {
  const { typeDefs: sdl, unions } = contentTypes();
  // gatsby-node builds the unions with a resolveType; in SDL they read the same.
  const unionSdl = unions.map((u) => `union ${u.name} = ${Object.values(u.members).join(" | ")}`).join("\n");

  it("is valid GraphQL", () => {
    expect(() => buildSchema(`${GATSBY_BUILT_INS}${sdl}\n${unionSdl}`)).not.toThrow();
  });

  it("declares one node type per kind of content file, without inference", () => {
    for (const type of ["SiteYaml", "HomeYaml", "ClientsYaml", "ServiceYaml"]) {
      expect(sdl).toContain(`type ${type} implements Node @dontInfer {`);
    }
  });

  it("makes required fields non-null and optional ones nullable", () => {
    expect(sdl).toMatch(/type ServiceYaml implements Node @dontInfer \{\n {2}language: String!\n {2}slug: String!\n/);
    expect(sdl).toMatch(/type SiteYamlContacts \{\n {2}name: String!\n {2}role: String\n {2}phone: String!\n\}/);
  });

  it("resolves images as files relative to their content file", () => {
    expect(sdl).toContain("image: File! @fileByRelativePath");
    expect(sdl).toMatch(/type ClientsYamlLogos \{\n {2}name: String!\n {2}logo: File! @fileByRelativePath\n\}/);
  });

  it("declares a shape used in many places once (cards and teasers share LinkedCard)", () => {
    expect(sdl.match(/^type LinkedCard \{/gm)).toHaveLength(1);
    expect(sdl).toMatch(/cards: \[LinkedCard!\]!/);
    expect(sdl).toContain("teaser: LinkedCard");
  });

  it("makes a list of sections a union, one type per kind of section, named after it", () => {
    // One union for every page that lists sections (the home page and each service page).
    expect(sdl).toMatch(/^type HomeYaml [^]*?^ {2}sections: \[PageSection!\]!$/m);
    expect(sdl).toMatch(/^type ServiceYaml [^]*?^ {2}sections: \[PageSection!\]!$/m);
    // Each kind of the schema, its type named after it: productSlider → ProductSliderSection.
    expect(unions).toEqual([
      {
        name: "PageSection",
        members: Object.fromEntries(
          Object.keys(sectionTypes).map((type) => [type, `${type[0].toUpperCase()}${type.slice(1)}Section`]),
        ),
      },
    ]);
    expect(unions[0].members.productSlider).toBe("ProductSliderSection");
    // A choice is an enum of its values, so the generated types know them.
    expect(sdl).toMatch(/^enum PointsSectionTone \{\n {2}plain\n {2}mist\n\}$/m);
    const slider = sdl.match(/type ProductSliderSection \{[^}]*\}/)?.[0] ?? "";
    expect(slider).toContain("type: String!");
    expect(slider).toContain("title: String!");
    expect(slider).toContain("interval: Int");
    expect(slider).not.toContain("paragraphs");
  });
});
