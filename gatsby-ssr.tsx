import React from "react";
import type { GatsbySSR } from "gatsby";
import { pagePolicy } from "./deploy/headers";
import { readSiteSettings } from "./src/schema/load";

// Each page's own Content-Security-Policy, first in its head: the server's policy
// (deploy/nginx/public-policy.conf) naming the one host this build's pages frame, the
// map in content/site.yaml. Written at build time only; nothing of it reaches browsers' JS.
export const onRenderBody: GatsbySSR["onRenderBody"] = ({ setHeadComponents }) => {
  const policy = pagePolicy(readSiteSettings(process.cwd()).mapEmbedUrl);
  setHeadComponents([<meta key="content-security-policy" httpEquiv="Content-Security-Policy" content={policy} />]);
};
