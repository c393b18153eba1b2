// Which pages are made in which language, and where a German page's links lead.
import { contentLanguagesOf, formLanguages, languagePages, type ContentLanguages } from "../../src/build/languagePages";
import { serializeSitemapPage, SITEMAP_EXCLUDES, sitemapPages } from "../../src/build/sitemap";
import { localLink, oneBySlug, pathIn, type PageLanguage } from "../../src/language/paths";
import { loadContent } from "../../src/schema/load";
import { FIXTURE_PROJECT } from "../helpers/contentCopy";

const content = (german: string[]): ContentLanguages => {
  const languages = (name: string) => (german.includes(name) ? (["en", "de"] as const) : (["en"] as const));
  return {
    site: [...languages("site")],
    home: [...languages("home")],
    clients: [...languages("clients")],
    enquiry: { slug: "quote", privacySlug: "privacy", languages: [...languages("enquiry")] },
    services: ["alpha", "beta"].map((slug) => ({ slug, languages: [...languages(slug)] })),
    standards: [{ slug: "gamma", languages: [...languages("gamma")] }],
  };
};
const paths = (german: string[]) => languagePages(content(german)).map((page) => page.path);

describe("languagePages", () => {
  it("makes every page in English, at the addresses it always had", () => {
    expect(paths([])).toEqual(["/", "/alpha", "/beta", "/gamma", "/quote", "/quote/gamma", "/privacy", "/404"]);
  });

  it("makes a German twin of each page complete in German, under /de", () => {
    expect(paths(["site", "clients", "enquiry", "home", "alpha"]).filter((p) => p.startsWith("/de"))).toEqual([
      "/de",
      "/de/alpha",
      "/de/quote",
      "/de/privacy",
      "/de/404",
    ]);
  });

  it("makes a standard's page and its form in German only where both are in German", () => {
    const german = (names: string[]) => paths(names).filter((p) => p.startsWith("/de"));
    expect(german(["site", "clients", "enquiry", "gamma"])).toEqual([
      "/de/gamma",
      "/de/quote",
      "/de/quote/gamma",
      "/de/privacy",
      "/de/404",
    ]);
    expect(german(["site", "clients", "enquiry"])).not.toContain("/de/quote/gamma");
    // The form's languages are the form's own page's, not its copies'.
    expect(formLanguages(content(["site", "clients", "enquiry", "gamma"]))).toEqual(["en", "de"]);
  });

  it("leaves a standard's copy of the form out of the sitemap", () => {
    const plan = languagePages(content([]));
    const nodes = plan.map((page) => ({
      path: page.path,
      pageContext: { ...page.page, unlisted: page.template === "enquiry" && page.slug !== undefined },
    }));
    expect(sitemapPages({ allSitePage: { nodes } }).map((page) => page.path)).not.toContain("/quote/gamma");
    expect(sitemapPages({ allSitePage: { nodes } }).map((page) => page.path)).toContain("/gamma");
  });

  it.each(["site", "clients", "enquiry"])("makes no German page while %s.yaml lacks its German", (missing) => {
    const all = ["site", "clients", "enquiry", "home", "alpha", "beta"].filter((name) => name !== missing);
    expect(paths(all).filter((p) => p.startsWith("/de"))).toEqual([]);
  });

  it("gives each page its twins and the pages published in its language", () => {
    const plan = languagePages(content(["site", "clients", "enquiry", "home", "alpha"]));
    const alpha = plan.find((page) => page.path === "/de/alpha")!;
    expect(alpha.page).toEqual({
      language: "de",
      alternates: { en: "/alpha", de: "/de/alpha" },
      published: ["/de", "/de/alpha", "/de/quote", "/de/privacy", "/de/404"],
      siteLanguages: ["en", "de"],
    });
    expect(plan.find((page) => page.path === "/beta")!.page.alternates).toEqual({ en: "/beta" });
    expect(formLanguages(content(["site", "clients", "enquiry"]))).toEqual(["en", "de"]);
  });

  it("reads the same plan from loaded content (the tests' own: beta has no German)", () => {
    const plan = contentLanguagesOf(loadContent(FIXTURE_PROJECT).files);
    expect(plan.services).toEqual([
      { slug: "alpha", languages: ["en", "de"] },
      { slug: "beta", languages: ["en"] },
    ]);
    expect(plan.standards).toEqual([{ slug: "gamma-std", languages: ["en", "de"] }]);
  });
});

describe("localLink", () => {
  const german: PageLanguage = { language: "de", alternates: {}, published: ["/de", "/de/alpha", "/de/quote"] };

  it("leads a German page's links to the German twin, keeping the query and the section", () => {
    expect(localLink("/", german)).toBe("/de");
    expect(localLink("/#clients", german)).toBe("/de#clients");
    expect(localLink("/alpha", german)).toBe("/de/alpha");
    expect(localLink("/quote?service=alpha", german)).toBe("/de/quote?service=alpha");
  });

  it("leads to the English page where there is no twin, and leaves other links alone", () => {
    expect(localLink("/beta", german)).toBe("/beta");
    expect(localLink("https://maps.example/x", german)).toBe("https://maps.example/x");
    expect(localLink("//evil.example/", german)).toBe("//evil.example/");
    expect(localLink("mailto:a@b.test", german)).toBe("mailto:a@b.test");
  });

  it("changes nothing on an English page", () => {
    expect(localLink("/alpha", { ...german, language: "en" })).toBe("/alpha");
    expect(pathIn("en", "/alpha")).toBe("/alpha");
  });

  it("picks one node per slug: the page's language's where there is one", () => {
    const nodes = [
      { slug: "a", language: "en", title: "A" },
      { slug: "a", language: "de", title: "DE A" },
      { slug: "b", language: "en", title: "B" },
    ];
    expect(oneBySlug(nodes, "de").map((node) => node.title)).toEqual(["DE A", "B"]);
    expect(oneBySlug(nodes, "en").map((node) => node.title)).toEqual(["A", "B"]);
  });
});

describe("the sitemap", () => {
  it("lists a page's twins and x-default, and none for a page without one", () => {
    expect(
      serializeSitemapPage({ path: "/de/alpha", pageContext: { alternates: { en: "/alpha", de: "/de/alpha" } } }),
    ).toEqual({
      url: "/de/alpha",
      links: [
        { lang: "en", url: "/alpha" },
        { lang: "de", url: "/de/alpha" },
        { lang: "x-default", url: "/alpha" },
      ],
    });
    expect(serializeSitemapPage({ path: "/beta", pageContext: { alternates: { en: "/beta" } } })).toEqual({
      url: "/beta",
    });
  });

  it("leaves out the enquiry service's pages and the German 404 page", () => {
    expect(SITEMAP_EXCLUDES).toEqual(["/_enquiry/**", "/de/404"]);
  });
});
