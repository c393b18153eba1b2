import React from "react";
import type { GatsbySSR } from "gatsby";
import { earlyScript } from "./src/browser/early";

// The early script (reveal-on-scroll, a menu tap before hydration) ends every page,
// ahead of Gatsby's own scripts; the build moves it into the page's one script file.
export const onRenderBody: GatsbySSR["onRenderBody"] = ({ setPostBodyComponents }) => {
  setPostBodyComponents([<script key="early" dangerouslySetInnerHTML={{ __html: earlyScript }} />]);
};
