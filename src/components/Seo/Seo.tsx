import React from "react";
import type { ContentImage } from "../Picture";
import { jsonLd, organization, servicePage, type SiteFacts } from "./structuredData";

export interface SeoProps {
  /** This page's own title; the company name is added after it. */
  title: string;
  description: string;
  /** The page's path, e.g. "/hard_anodizing". */
  pathname: string;
  site: SiteFacts & { themeColor: string };
  /** This page's own Content-Security-Policy (deploy/headers.ts pagePolicy), if known. */
  policy?: string | null;
  /** The picture shown when the page is shared. */
  image?: ContentImage;
  imageAlt?: string;
  /** "home" describes the company; "service" adds the Service (named `heading`) and its breadcrumb. */
  kind?: "home" | "service" | "other";
  heading?: string;
}

/** The document head of a page, through Gatsby's Head API. */
export function Seo({
  title,
  description,
  pathname,
  site,
  policy,
  image,
  imageAlt,
  kind = "other",
  heading,
}: SeoProps) {
  const name = site.company.name;
  const fullTitle = title === name ? title : `${title} | ${name}`;
  const url = new URL(pathname, site.url).href;
  const fallback = image?.childImageSharp?.gatsbyImageData.images.fallback?.src;
  const imageUrl = fallback ? new URL(fallback, site.url).href : site.logoUrl;
  const graph =
    kind === "other"
      ? []
      : [
          ...organization(site),
          ...(kind === "service" ? servicePage(site, { title: heading ?? title, description, pathname }) : []),
        ];
  return (
    <>
      <html lang="en" />
      {policy && <meta httpEquiv="Content-Security-Policy" content={policy} />}
      <title>{fullTitle}</title>
      <meta name="description" content={description} />
      <link rel="canonical" href={url} />
      <meta name="theme-color" content={site.themeColor} />
      <meta property="og:type" content="website" />
      <meta property="og:site_name" content={name} />
      <meta property="og:locale" content="en_IN" />
      <meta property="og:title" content={fullTitle} />
      <meta property="og:description" content={description} />
      <meta property="og:url" content={url} />
      {imageUrl && <meta property="og:image" content={imageUrl} />}
      {imageUrl && imageAlt && <meta property="og:image:alt" content={imageAlt} />}
      <meta name="twitter:card" content="summary_large_image" />
      <meta name="twitter:title" content={fullTitle} />
      <meta name="twitter:description" content={description} />
      {imageUrl && <meta name="twitter:image" content={imageUrl} />}
      {graph.length > 0 && <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLd(graph) }} />}
    </>
  );
}
