import React from "react";
import type { GatsbySSR } from "gatsby";
/** The bundled early script: gatsby-node.ts defines it for the page renderer (src/build/earlyScript.ts). */
declare const EARLY_SCRIPT: string;

// The early script (reveal-on-scroll, a menu tap before hydration, the map when near)
// ends every page, ahead of Gatsby's own scripts; the build moves it into the page's
// first script file.
export const onRenderBody: GatsbySSR["onRenderBody"] = ({ setPostBodyComponents }) => {
  setPostBodyComponents([<script key="early" dangerouslySetInnerHTML={{ __html: EARLY_SCRIPT }} />]);
};

// The web app manifest only on the home page, its start_url: Chrome fetches a page's
// manifest and an icon from it on every load to judge whether the site can be
// installed, and installing starts from the home page.
const MANIFEST_LINK = "gatsby-plugin-manifest-link";
export const onPreRenderHTML: GatsbySSR["onPreRenderHTML"] = ({
  pathname,
  getHeadComponents,
  replaceHeadComponents,
}) => {
  if (pathname === "/") return;
  replaceHeadComponents(
    getHeadComponents().filter((component) => !(React.isValidElement(component) && component.key === MANIFEST_LINK)),
  );
};
