import React from "react";
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from "../../schema/languages";
import type { ContentImage } from "../Picture";

export interface SeoProps {
  /** This page's own title; the company name is added after it. */
  title: string;
  description: string;
  /** The page's path, e.g. "/hard_anodizing". */
  pathname: string;
  /** The published address, the company's name, the theme colour and the logo's address. */
  site: { url: string; company: { name: string }; themeColor: string; logoUrl: string | null };
  /** This page's own Content-Security-Policy (deploy/headers.ts pagePolicy), if known. */
  policy?: string | null;
  /** The picture shown when the page is shared. */
  image?: ContentImage;
  imageAlt?: string;
  /** The page's JSON-LD, written at build (src/build/structuredData.ts, in the page's context). */
  structuredData?: string | null;
  /** The page's language; English when not said. */
  language?: Language;
  /** The page's address in each language it is published in, for hreflang (none: no links). */
  alternates?: Partial<Record<Language, string>>;
}

/** Open Graph's form of a language's locale: "de_DE". */
const ogLocale = (language: Language) => LANGUAGES[language].locale.replace("-", "_");

/** The document head of a page, through Gatsby's Head API. */
export function Seo({
  title,
  description,
  pathname,
  site,
  policy,
  image,
  imageAlt,
  structuredData,
  language = DEFAULT_LANGUAGE,
  alternates = {},
}: SeoProps) {
  const name = site.company.name;
  const fullTitle = title === name ? title : `${title} | ${name}`;
  const url = new URL(pathname, site.url).href;
  const fallback = image?.childImageSharp?.gatsbyImageData.images.fallback?.src;
  const imageUrl = fallback ? new URL(fallback, site.url).href : site.logoUrl;
  const twins = Object.entries(alternates) as [Language, string][];
  // hreflang only where the page has a twin; x-default is the English, the site's own.
  const hreflang = twins.length > 1 ? twins : [];
  const english = alternates[DEFAULT_LANGUAGE];
  return (
    <>
      <html lang={language} />
      {policy && <meta httpEquiv="Content-Security-Policy" content={policy} />}
      <title>{fullTitle}</title>
      <meta name="description" content={description} />
      <link rel="canonical" href={url} />
      {hreflang.map(([twin, path]) => (
        <link key={twin} rel="alternate" hrefLang={twin} href={new URL(path, site.url).href} />
      ))}
      {hreflang.length > 0 && english && (
        <link rel="alternate" hrefLang="x-default" href={new URL(english, site.url).href} />
      )}
      <meta name="theme-color" content={site.themeColor} />
      <meta property="og:type" content="website" />
      <meta property="og:site_name" content={name} />
      <meta property="og:locale" content={ogLocale(language)} />
      {hreflang
        .filter(([twin]) => twin !== language)
        .map(([twin]) => (
          <meta key={twin} property="og:locale:alternate" content={ogLocale(twin)} />
        ))}
      <meta property="og:title" content={fullTitle} />
      <meta property="og:description" content={description} />
      <meta property="og:url" content={url} />
      {imageUrl && <meta property="og:image" content={imageUrl} />}
      {imageUrl && imageAlt && <meta property="og:image:alt" content={imageAlt} />}
      <meta name="twitter:card" content="summary_large_image" />
      <meta name="twitter:title" content={fullTitle} />
      <meta name="twitter:description" content={description} />
      {imageUrl && <meta name="twitter:image" content={imageUrl} />}
      {structuredData && <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: structuredData }} />}
    </>
  );
}
