/**
 * @jest-environment node
 */
import path from "node:path";
import { createPages, createSchemaCustomization, onPreInit } from "../gatsby-node";
import { CONTENT_ERROR } from "../src/schema/load";
import { FIXTURE_PROJECT, copyContent, editYaml } from "./helpers/contentCopy";

const SITE = "https://www.acme.test";

const reporter = () => ({ panic: jest.fn(), panicOnBuild: jest.fn(), setErrorMap: jest.fn(), warn: jest.fn() });
type Api = Parameters<NonNullable<typeof createPages>>[0];

/** The content's nodes: one per language a file is complete in (`german`: which have a German one). */
function runCreatePages(slugs: string[], errors?: unknown[], german: string[] = [], standards: string[] = []) {
  const createPage = jest.fn();
  const report = reporter();
  const languages = (name: string) => (german.includes(name) ? ["en", "de"] : ["en"]);
  const nodes = (name: string) => languages(name).map((language) => ({ language }));
  const graphql = jest.fn().mockResolvedValue(
    errors
      ? { errors }
      : {
          data: {
            allSiteYaml: { nodes: nodes("site") },
            allHomeYaml: { nodes: nodes("home") },
            allClientsYaml: { nodes: nodes("clients") },
            logo: { company: { logo: { publicURL: "/static/logo.png" } } },
            allServiceYaml: { nodes: slugs.flatMap((slug) => languages(slug).map((language) => ({ slug, language }))) },
            allStandardYaml: {
              nodes: standards.flatMap((slug) => languages(slug).map((language) => ({ slug, language }))),
            },
            allEnquiryYaml: {
              nodes: languages("enquiry").map((language) => ({
                language,
                slug: "price-request",
                privacy: { slug: "data-notice" },
              })),
            },
            allEstimateYaml: { nodes: languages("estimate").map((language) => ({ language, slug: "price-check" })) },
          },
        },
  );
  // The tests' own content: structured data is written for the pages it has (alpha, beta).
  const store = {
    getState: () => ({ program: { directory: FIXTURE_PROJECT }, config: { siteMetadata: { siteUrl: SITE } } }),
  };
  const api = { graphql, actions: { createPage }, reporter: report, store } as unknown as Api;
  return { run: (createPages as (a: Api) => Promise<void>)(api), createPage, report };
}

describe("gatsby-node", () => {
  const servicePages = (createPage: jest.Mock) =>
    createPage.mock.calls
      .map(([page]) => page)
      .filter((page) => page.component === path.resolve("src/templates/service.tsx") && page.context.language === "en");

  it("creates one page per service file at /<slug>, all from the one template", async () => {
    const slugs = ["alpha", "beta", "gamma"];
    const { run, createPage } = runCreatePages(slugs);
    await run;
    expect(servicePages(createPage).map((page) => page.path)).toEqual(slugs.map((slug) => `/${slug}`));
    for (const page of servicePages(createPage)) expect(page.context.slug).toBe(page.path.slice(1));
  });

  it("makes a sixth page from a sixth file, with no code change", async () => {
    const { run, createPage } = runCreatePages(["a", "b", "c", "d", "e", "powder_coating"]);
    await run;
    expect(servicePages(createPage)).toHaveLength(6);
    expect(servicePages(createPage)[5].path).toBe("/powder_coating");
  });

  it("puts the quote form and its privacy notice where content says, and the service's pages under /_enquiry/", async () => {
    const { run, createPage } = runCreatePages(["alpha"]);
    await run;
    const byPath = Object.fromEntries(createPage.mock.calls.map(([page]) => [page.path, page]));
    expect(byPath["/price-request"].component).toBe(path.resolve("src/templates/enquiry.tsx"));
    expect(byPath["/data-notice"].component).toBe(path.resolve("src/templates/privacy.tsx"));
    for (const notice of ["received", "unavailable", "tooLarge", "tooMany"]) {
      const page = createPage.mock.calls.map(([p]) => p).find((p) => p.context.notice === notice);
      expect(page.path).toMatch(/^\/_enquiry\/[a-z-]+$/);
      expect(page.component).toBe(path.resolve("src/templates/enquiryNotice.tsx"));
    }
  });

  it("makes a German twin only of a page complete in German, with the files every page is framed with", async () => {
    const { run, createPage } = runCreatePages(["alpha", "beta"], undefined, [
      "site",
      "clients",
      "enquiry",
      "home",
      "alpha",
    ]);
    await run;
    const byPath = Object.fromEntries(createPage.mock.calls.map(([page]) => [page.path, page]));
    expect(
      Object.keys(byPath)
        .filter((p) => p.startsWith("/de"))
        .sort(),
    ).toEqual(["/de", "/de/404", "/de/alpha", "/de/data-notice", "/de/price-request"]);
    expect(byPath["/de/alpha"].context).toMatchObject({
      language: "de",
      slug: "alpha",
      alternates: { en: "/alpha", de: "/de/alpha" },
    });
    expect(byPath["/beta"].context.alternates).toEqual({ en: "/beta" });
    expect(byPath["/de"].context.published).toContain("/de/alpha");
    expect(byPath["/de"].context.published).not.toContain("/de/beta");
    expect(byPath["/_enquiry/de/received"].context).toMatchObject({ notice: "received", language: "de" });

    // Without the German of a file every page is framed with, no page is German.
    const framed = runCreatePages(["alpha"], undefined, ["site", "enquiry", "home", "alpha"]);
    await framed.run;
    expect(framed.createPage.mock.calls.filter(([page]) => page.path.startsWith("/de"))).toEqual([]);
  });

  it("makes each standard's page and its copy of the form, left out of the sitemap (issue 55)", async () => {
    const { run, createPage } = runCreatePages(["alpha"], undefined, [], ["gamma-std"]);
    await run;
    const byPath = Object.fromEntries(createPage.mock.calls.map(([page]) => [page.path, page]));
    expect(byPath["/gamma-std"].component).toBe(path.resolve("src/templates/standard.tsx"));
    expect(byPath["/gamma-std"].context).toMatchObject({ slug: "gamma-std", unlisted: false });
    expect(byPath["/price-request/gamma-std"].component).toBe(path.resolve("src/templates/enquiry.tsx"));
    expect(byPath["/price-request/gamma-std"].context).toMatchObject({ slug: "gamma-std", unlisted: true });
    // The form's notices are the form's: not made again for its copies.
    expect(createPage.mock.calls.filter(([page]) => page.context.notice === "received")).toHaveLength(1);
  });

  it("writes the home and service pages' JSON-LD into their context, and none for other pages", async () => {
    const { run, createPage } = runCreatePages(["alpha"]);
    await run;
    const byPath = Object.fromEntries(createPage.mock.calls.map(([page]) => [page.path, page]));
    const graph = JSON.parse(byPath["/alpha"].context.structuredData)["@graph"];
    expect(graph.find((node: { "@type": string }) => node["@type"] === "Service")).toMatchObject({
      url: `${SITE}/alpha`,
    });
    expect(graph[0].logo).toBe(`${SITE}/static/logo.png`);
    expect(JSON.parse(byPath["/"].context.structuredData)["@graph"][0]["@type"]).toBe("Organization");
    expect(byPath["/price-request"].context.structuredData).toBeNull();
  });

  it("stops the build when the service pages cannot be queried", async () => {
    const { run, createPage, report } = runCreatePages([], [new Error("boom")]);
    await run;
    expect(createPage).not.toHaveBeenCalled();
    expect(report.panicOnBuild).toHaveBeenCalled();
  });

  it("declares the content types from the schema, and each section union resolving by `type`", () => {
    const createTypes = jest.fn();
    const buildUnionType = jest.fn((config) => config);
    (createSchemaCustomization as (a: unknown) => void)({ actions: { createTypes }, schema: { buildUnionType } });
    const [sdl, union] = createTypes.mock.calls[0][0];
    expect(sdl).toContain("type ServiceYaml implements Node @dontInfer");
    expect(union.name).toBe("PageSection");
    expect(union.resolveType({ type: "productSlider" })).toBe("ProductSliderSection");
  });

  it("lets good content through and stops bad content before anything is built, naming file and field", () => {
    const dir = copyContent();
    const store = { getState: () => ({ program: { directory: dir } }) };
    const good = reporter();
    (onPreInit as (a: unknown) => void)({ reporter: good, store });
    expect(good.panic).not.toHaveBeenCalled();
    // Valid content can still deserve a word: the fixture's lapsed document is one.
    expect(good.warn).toHaveBeenCalledWith(
      expect.stringMatching(/^content\/services\/beta\.yaml: "Expired document" was valid until/),
    );

    editYaml(dir, "content/site.yaml", (d) => void (d.contacts[0].phone = "not a phone"));
    const bad = reporter();
    (onPreInit as (a: unknown) => void)({ reporter: bad, store });
    expect(bad.panic).toHaveBeenCalledTimes(1);
    const [{ id, context }] = bad.panic.mock.calls[0];
    expect(id).toBe(CONTENT_ERROR);
    expect(context.message).toContain("content/site.yaml › en.contacts[0].phone: must be a phone number");
  });
});
