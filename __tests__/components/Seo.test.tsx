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
      "Service",
      "BreadcrumbList",
    ]);
  });
});
