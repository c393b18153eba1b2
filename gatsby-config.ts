import path from "node:path";
import type { GatsbyConfig } from "gatsby";
import { gatsbyHeaders, pagePolicy } from "./deploy/headers";
import type { Express } from "express";
import proxy from "express-http-proxy";
import { BACKEND_PATH, LOCAL_BACKEND_PORT } from "./src/cms/config";
import { CONTENT_SOURCE } from "./src/build/contentNodes";
import { SITEMAP_EXCLUDES, SITEMAP_QUERY, serializeSitemapPage, sitemapPages } from "./src/build/sitemap";
import { readSiteSettings } from "./src/schema/siteSettings";

const site = readSiteSettings(process.cwd());

const config: GatsbyConfig = {
  // The published address, the operator's (SITE_URL; src/schema/siteAddress.ts): canonical
  // links, sitemap, robots.txt, structured data, the printed pages.
  // pagePolicy: each page's own Content-Security-Policy, naming this build's map host
  // (deploy/headers.ts), and the server's address when pages are served from a CDN (the
  // publisher sets GATSBY_SERVER_URL with the mirror on); Seo writes it into every page's head.
  siteMetadata: {
    siteUrl: site.url,
    title: site.name,
    pagePolicy: pagePolicy(site.mapEmbedUrl, process.env.GATSBY_SERVER_URL),
  },
  // Writes src/gatsby-types.d.ts (the Queries namespace) on build too, for the type-check.
  graphqlTypegen: { generateOnBuild: true },
  // The spec's routes have no trailing slash: /hard_anodizing, not /hard_anodizing/.
  trailingSlash: "never",
  // Security and caching headers for hosts with a Gatsby adapter (deploy/headers.ts).
  headers: gatsbyHeaders,
  // `npm run cms`: the editor's backend (server/editor/, on 127.0.0.1) at the same origin
  // as the site, as nginx serves it on the server. `gatsby develop` only. (Gatsby's own
  // `proxy` option turns the backend's 4xx answers into 500s, hiding its messages.)
  developMiddleware: (app: Express) => {
    app.use(
      BACKEND_PATH,
      proxy(`http://127.0.0.1:${LOCAL_BACKEND_PORT}`, { proxyReqPathResolver: (request) => request.originalUrl }),
    );
  },
  // No gatsby-plugin-image in the list: Picture renders gatsby-transformer-sharp's image
  // data as a plain <picture>, so the plugin's loader script and styles are not needed.
  plugins: [
    {
      resolve: "gatsby-plugin-sharp",
      options: {
        defaults: {
          formats: ["auto", "webp", "avif"],
          placeholder: "dominantColor",
          quality: 70,
        },
      },
    },
    "gatsby-transformer-sharp",
    {
      resolve: "gatsby-source-filesystem",
      // Each content file becomes a node per language (gatsby-node.ts, src/build/contentNodes.ts).
      options: { name: CONTENT_SOURCE, path: path.resolve("content") },
    },
    // sitemap-index.xml (gatsby-node copies it to sitemap.xml), with each page's twins in
    // the other languages; the 404 pages and the enquiry service's are left out.
    {
      resolve: "gatsby-plugin-sitemap",
      options: {
        query: SITEMAP_QUERY,
        excludes: SITEMAP_EXCLUDES,
        resolvePages: sitemapPages,
        serialize: serializeSitemapPage,
      },
    },
    {
      resolve: "gatsby-plugin-manifest",
      options: {
        name: site.name,
        short_name: site.shortName,
        start_url: "/",
        background_color: "#ffffff",
        theme_color: site.themeColor,
        // Each page writes its own theme-color meta tag (Seo).
        theme_color_in_head: false,
        display: "minimal-ui",
        icon: site.logo,
        // No apple-touch-icon links on every page (eight of them): iOS reads the manifest.
        legacy: false,
      },
    },
  ],
};

export default config;
