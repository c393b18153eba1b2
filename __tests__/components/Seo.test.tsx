/** @jest-environment node */
import { parse } from "node-html-parser";
import React from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { Seo } from "../../src/components/Seo";

// Gatsby renders Head to markup and moves it into <head>; read it the same way.
const head = (element: React.ReactElement) => parse(renderToStaticMarkup(element));

const site = {
  url: "https://www.acme.test",
  company: { name: "Acme" },
  logoUrl: "https://www.acme.test/logo.png",
  themeColor: "#0b3a5b",
};

describe("Seo", () => {
  const html = head(
    <Seo
      title="Hard anodising"
      description="Layers of 30 to 150 microns."
      pathname="/hard_anodizing"
      site={site}
      structuredData={'{"@context":"https://schema.org","@graph":[{"@type":"Service","name":"x\\u003c/script>"}]}'}
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

  it("writes the JSON-LD the build wrote for the page, as it is", () => {
    const data = JSON.parse(html.querySelector('script[type="application/ld+json"]')!.text);
    expect(data["@graph"][0]).toEqual({ "@type": "Service", name: "x</script>" });
    expect(renderToStaticMarkup(<Seo title="A" description="B" pathname="/" site={site} />)).not.toContain("ld+json");
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
      language="de"
      alternates={alternates}
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

  it("links no twin from a page that has none", () => {
    const alone = parse(
      renderToStaticMarkup(<Seo title="A" description="B" pathname="/beta" site={site} alternates={{ en: "/beta" }} />),
    );
    expect(alone.querySelectorAll('link[rel="alternate"]')).toHaveLength(0);
    expect(alone.querySelectorAll('meta[property="og:locale:alternate"]')).toHaveLength(0);
  });
});
