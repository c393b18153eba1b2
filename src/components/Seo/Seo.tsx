import React from "react";

export interface SeoProps {
  /** This page's own title; the company name is added after it. */
  title: string;
  description: string;
  /** The page's path, e.g. "/hard_anodizing". */
  pathname: string;
  siteName: string;
  siteUrl: string;
  themeColor: string;
}

/** The document head of a page, through Gatsby's Head API. */
export function Seo({ title, description, pathname, siteName, siteUrl, themeColor }: SeoProps) {
  const fullTitle = title === siteName ? title : `${title} | ${siteName}`;
  const canonical = new URL(pathname, siteUrl).href;
  return (
    <>
      <html lang="en" />
      <title>{fullTitle}</title>
      <meta name="description" content={description} />
      <link rel="canonical" href={canonical} />
      <meta name="theme-color" content={themeColor} />
    </>
  );
}
