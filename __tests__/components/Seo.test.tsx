/** @jest-environment node */
import { parse } from "node-html-parser";
import React from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { Seo } from "../../src/components/Seo";

// Gatsby renders Head to markup and moves it into <head>; read it the same way.
const head = (element: React.ReactElement) => parse(renderToStaticMarkup(element));

describe("Seo", () => {
  const html = head(
    <Seo
      title="Hard anodising"
      description="Layers of 30 to 150 microns."
      pathname="/hard_anodizing"
      siteName="Acme"
      siteUrl="https://www.acme.test"
      themeColor="#0b3a5b"
    />,
  );

  it("writes the title, description, canonical address, language and theme colour", () => {
    expect(html.querySelector("title")?.text).toBe("Hard anodising | Acme");
    expect(html.querySelector('meta[name="description"]')?.getAttribute("content")).toBe(
      "Layers of 30 to 150 microns.",
    );
    expect(html.querySelector('link[rel="canonical"]')?.getAttribute("href")).toBe(
      "https://www.acme.test/hard_anodizing",
    );
    expect(html.querySelector('meta[name="theme-color"]')?.getAttribute("content")).toBe("#0b3a5b");
    expect(
      renderToStaticMarkup(
        <Seo title="A" description="B" pathname="/" siteName="C" siteUrl="https://c.test" themeColor="#000000" />,
      ),
    ).toContain('<html lang="en">');
  });
});
