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

// Without JavaScript nothing reveals, opens or advances, so show everything at once:
// revealed sections, the folded menu and drop-down, and every carousel slide in turn.
export const NO_JS_CSS = [
  ".reveal{opacity:1!important;transform:none!important}",
  "#site-menu,#site-menu ul{max-height:none!important;opacity:1!important;visibility:visible!important;position:static!important}",
  "button[aria-controls=site-menu]{display:none!important}",
  ".carousel .slide{position:relative!important;opacity:1!important;z-index:auto!important}",
  ".carousel .control-dots,[aria-roledescription=carousel]>div+div{display:none!important}",
].join("");

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
      <noscript>
        <style>{NO_JS_CSS}</style>
      </noscript>
    </>
  );
}
