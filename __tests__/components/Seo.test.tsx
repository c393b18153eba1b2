/** @jest-environment node */
import { parse } from "node-html-parser";
import React from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { Seo } from "../../src/components/Seo";

// Gatsby renders Head to markup and moves it into <head>; read it the same way.
const head = (element: React.ReactElement) => parse(renderToStaticMarkup(element));

const site = {
  url: "https://www.acme.test",
  company: { name: "Acme", description: "Anodising." },
  logoUrl: "https://www.acme.test/logo.png",
  email: "a@acme.test",
  gstin: "27AAPFU0939F1ZV",
  units: [{ name: "Unit I", address: "Pune" }],
  contacts: [{ name: "Asha", phone: "+91 98765 43210" }],
  themeColor: "#0b3a5b",
};

describe("Seo", () => {
  const html = head(
    <Seo
      title="Hard anodising"
      description="Layers of 30 to 150 microns."
      pathname="/hard_anodizing"
      site={site}
      kind="service"
      heading="Hard Anodising"
    />,
  );
  const meta = (selector: string) => html.querySelector(selector)?.getAttribute("content");

  it("writes the title, description, canonical address, language and theme colour", () => {
    expect(html.querySelector("title")?.text).toBe("Hard anodising | Acme");
    expect(meta('meta[name="description"]')).toBe("Layers of 30 to 150 microns.");
    expect(html.querySelector('link[rel="canonical"]')?.getAttribute("href")).toBe(
      "https://www.acme.test/hard_anodizing",
    );
    expect(meta('meta[name="theme-color"]')).toBe("#0b3a5b");
    expect(renderToStaticMarkup(<Seo title="A" description="B" pathname="/" site={site} />)).toContain(
      '<html lang="en">',
    );
  });

  it("writes Open Graph and Twitter card tags with an image", () => {
    expect(meta('meta[property="og:title"]')).toBe("Hard anodising | Acme");
    expect(meta('meta[property="og:url"]')).toBe("https://www.acme.test/hard_anodizing");
    expect(meta('meta[property="og:image"]')).toBe("https://www.acme.test/logo.png");
    expect(meta('meta[name="twitter:card"]')).toBe("summary_large_image");
  });

  it("adds the company, the Service and its breadcrumb as JSON-LD", () => {
    const data = JSON.parse(html.querySelector('script[type="application/ld+json"]')!.text);
    expect(data["@graph"].map((node: { "@type": string }) => node["@type"])).toEqual([
      "Organization",
      "LocalBusiness",
      "WebPage",
      "Service",
      "BreadcrumbList",
    ]);
  });
});

describe("Seo on a page with a twin in another language (issue 54)", () => {
  const alternates = { en: "/hard_anodizing", de: "/de/hard_anodizing" };
  const markup = renderToStaticMarkup(
    <Seo
      title="Hartanodisieren"
      description="Schichten von 30 bis 150 µm."
      pathname="/de/hard_anodizing"
      site={site}
      kind="service"
      language="de"
      alternates={alternates}
      siteLanguages={["en", "de"]}
    />,
  );
  const html = parse(markup);
  const links = (rel: string) =>
    html
      .querySelectorAll(`link[rel="${rel}"]`)
      .map((link) => [link.getAttribute("hreflang"), link.getAttribute("href")]);

  it("says its language, and links each twin and x-default (the English)", () => {
    expect(markup).toContain('<html lang="de">');
    expect(links("alternate")).toEqual([
      ["en", "https://www.acme.test/hard_anodizing"],
      ["de", "https://www.acme.test/de/hard_anodizing"],
      ["x-default", "https://www.acme.test/hard_anodizing"],
    ]);
    expect(html.querySelector('link[rel="canonical"]')?.getAttribute("href")).toBe(
      "https://www.acme.test/de/hard_anodizing",
    );
    expect(html.querySelector('meta[property="og:locale"]')?.getAttribute("content")).toBe("de_DE");
    expect(html.querySelector('meta[property="og:locale:alternate"]')?.getAttribute("content")).toBe("en_IN");
  });

  it("describes the page in its language, and the contacts in both", () => {
    const graph = JSON.parse(html.querySelector('script[type="application/ld+json"]')!.text)["@graph"];
    const page = graph.find((node: { "@type": string }) => node["@type"] === "WebPage");
    expect(page).toMatchObject({ inLanguage: "de", url: "https://www.acme.test/de/hard_anodizing" });
    const organization = graph.find((node: { "@type": string }) => node["@type"] === "Organization");
    expect(organization.contactPoint[0].availableLanguage).toEqual(["English", "German"]);
  });

  it("links no twin from a page that has none", () => {
    const alone = parse(
      renderToStaticMarkup(
        <Seo
          title="A"
          description="B"
          pathname="/beta"
          site={site}
          kind="service"
          alternates={{ en: "/beta" }}
          siteLanguages={["en", "de"]}
        />,
      ),
    );
    expect(alone.querySelectorAll('link[rel="alternate"]')).toHaveLength(0);
    expect(alone.querySelectorAll('meta[property="og:locale:alternate"]')).toHaveLength(0);
    // The company still answers in every language the site is in.
    const graph = JSON.parse(alone.querySelector('script[type="application/ld+json"]')!.text)["@graph"];
    expect(graph[0].contactPoint[0].availableLanguage).toEqual(["English", "German"]);
  });
});
