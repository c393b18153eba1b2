import fs from "node:fs";
import path from "node:path";
import type { GatsbyNode } from "gatsby";
import { compileHintBanner } from "./src/build/compileHints";
import { createContentNodes } from "./src/build/contentNodes";
import { languagePages, type ContentLanguages } from "./src/build/languagePages";
import { DEFAULT_LANGUAGE, type Language } from "./src/schema/languages";
import { EARLY_SCRIPT_CONSTANT, bundleEarlyScript } from "./src/build/earlyScript";
import { finishPagesInBuild } from "./src/build/finishPages";
import { writeCompanyPdfs } from "./src/build/companyPdfs";
import { pageStructuredData } from "./src/build/structuredData";
import { openingHoursText } from "./src/components/Footer/openingHours";
import { writeEnquirySettings } from "./src/build/enquirySettings";
import { NOTICES, noticePath, type Notice } from "./src/enquiry/pages";
import { HELP_PATH, productionBackend } from "./src/cms/config";
import { ADMIN_DIR, writeAdmin } from "./src/cms/writeAdmin";
import { contentTypes } from "./src/schema/graphql";
import { CONTENT_ERROR, loadContent } from "./src/schema/load";
import { contentReport, formatProblems, formatWarning } from "./src/schema/report";

// Check every content file before Gatsby reads any of them, so a bad file stops the
// build with one message naming the file and the field, and nothing is written.
export const onPreInit: GatsbyNode["onPreInit"] = ({ reporter, store }) => {
  reporter.setErrorMap({
    [CONTENT_ERROR]: {
      text: (context: { message: string }) => context.message,
      level: "ERROR",
      category: "USER",
    },
  });
  const loaded = loadContent(store.getState().program.directory);
  if (loaded.problems.length > 0) {
    reporter.panic({ id: CONTENT_ERROR, context: { message: formatProblems(loaded.problems) } });
  }
  for (const warning of contentReport(loaded).warnings) reporter.warn(formatWarning(warning));
};

// The early script, bundled before anything is compiled; the page renderer gets it as a
// constant (below), so rendering reads no file (Gatsby would then re-render every page
// on every build, incremental ones included).
let earlyScript: string | undefined;
export const onPreBootstrap: GatsbyNode["onPreBootstrap"] = async ({ store }) => {
  earlyScript = await bundleEarlyScript(store.getState().program.directory);
};

/**
 * Modules the visitors' scripts never use, each replaced by a stand-in in the browser's
 * bundles only (the page renderer keeps them):
 * - the internal Partytown plugin's gatsby-browser: it works only under `gatsby develop`,
 *   yet requires gatsby-script and Partytown's snippet in production;
 * - the service worker's registration, required only when a plugin asks for one (none does);
 * - gatsby-script (the site has no <Script>) and slices (it has none), which Gatsby's
 *   browser entry names whether a site uses them or not (eslint refuses both in src/);
 * - the carousel's thumbnail strip, swipe handler and animations, which no carousel here
 *   uses (its cross-fade is src/components/Carousel/fade.ts).
 * Together about 6.7 KB of a page's gzipped JavaScript (e2e/budget.spec.ts).
 */
const UNUSED_RUNTIME = path.resolve(__dirname, "src/build/unusedRuntime.js");
const UNUSED_CAROUSEL_PART = path.resolve(__dirname, "src/build/unusedCarouselParts.js");
const UNUSED_MODULES: [RegExp, string][] = [
  [/gatsby[\\/]dist[\\/]internal-plugins[\\/]partytown[\\/]gatsby-browser\.js$/, UNUSED_RUNTIME],
  [/[\\/]\.cache[\\/]register-service-worker\.js$/, UNUSED_RUNTIME],
  [/gatsby-script[\\/]dist[\\/]index\.modern\.mjs$/, UNUSED_RUNTIME],
  [/[\\/]\.cache[\\/]slice\.js$/, UNUSED_RUNTIME],
  [/react-responsive-carousel[\\/]lib[\\/]js[\\/]components[\\/]Thumbs\.js$/, UNUSED_CAROUSEL_PART],
  [/react-easy-swipe[\\/]lib[\\/]index\.js$/, UNUSED_CAROUSEL_PART],
  [/react-responsive-carousel[\\/]lib[\\/]js[\\/]components[\\/]Carousel[\\/]animations\.js$/, UNUSED_CAROUSEL_PART],
];

// Every style is a CSS module (scoped), so the order in which pages import them does
// not matter; this silences mini-css-extract-plugin's "Conflicting order" warnings.
// The production scripts carry V8's compile hint (src/build/compileHints.ts).
/** A production build's CSS-module class names: a short hash ("a1b2c3"), not "Navbar-module--bar--a1b2c". */
const SHORT_CLASS_NAMES = "[hash:base64:6]";

/**
 * Names every CSS-module class by a short hash in a production build, in the page
 * renderer and the browser's bundles alike (they must agree). Each name is written in
 * the JavaScript that maps classes, the HTML and the CSS: about 1 KB of each page's
 * gzipped JavaScript. `gatsby develop` keeps the readable names.
 */
function shortenClassNames(rules: unknown[]) {
  for (const rule of rules) {
    if (!rule || typeof rule !== "object") continue;
    const { loader, options, use, oneOf, rules: nested } = rule as Record<string, unknown>;
    const modules = (options as { modules?: unknown } | undefined)?.modules;
    if (typeof loader === "string" && loader.includes("css-loader") && modules && typeof modules === "object") {
      (modules as { localIdentName: string }).localIdentName = SHORT_CLASS_NAMES;
    }
    for (const list of [use, oneOf, nested]) if (Array.isArray(list)) shortenClassNames(list);
  }
}

export const onCreateWebpackConfig: GatsbyNode["onCreateWebpackConfig"] = ({ getConfig, actions, stage, plugins }) => {
  if (stage === "build-html") {
    const config = getConfig();
    shortenClassNames(config.module?.rules ?? []);
    actions.replaceWebpackConfig(config);
  }
  if (stage === "build-html" || stage === "develop-html") {
    if (earlyScript === undefined) throw new Error("The early script was not bundled before the page renderer.");
    actions.setWebpackConfig({ plugins: [plugins.define({ [EARLY_SCRIPT_CONSTANT]: JSON.stringify(earlyScript) })] });
    return;
  }
  if (stage !== "build-javascript" && stage !== "develop") return;
  const config = getConfig();
  for (const plugin of config.plugins ?? []) {
    if (plugin?.constructor?.name === "MiniCssExtractPlugin") plugin.options.ignoreOrder = true;
  }
  if (stage === "build-javascript") {
    shortenClassNames(config.module?.rules ?? []);
    config.plugins.push(plugins.banner(compileHintBanner));
    for (const [unused, standIn] of UNUSED_MODULES) {
      config.plugins.push(plugins.normalModuleReplacement(unused, standIn));
    }
    // Code two templates share (the home and service pages' section components) stays in
    // each template's own chunk, not a chunk of its own: a page loads one template, so it
    // gets the same bytes in one script fewer (e2e/budget.spec.ts counts them).
    const groups = config.optimization?.splitChunks?.cacheGroups;
    if (groups?.shared) groups.shared = false;
    // The maps are still written (scripts/check-build.ts reads them), but no script names
    // its map: visitors never ask for one, and each line cost a page about 40 bytes gzipped.
    config.devtool = "hidden-source-map";
  }
  actions.replaceWebpackConfig(config);
};

export const onCreateNode: GatsbyNode["onCreateNode"] = createContentNodes;

export const createSchemaCustomization: GatsbyNode["createSchemaCustomization"] = ({ actions, schema }) => {
  const { typeDefs, unions } = contentTypes();
  actions.createTypes([
    typeDefs,
    ...unions.map(({ name, members }) =>
      schema.buildUnionType({
        name,
        types: Object.values(members),
        resolveType: (value: { type: string }) => members[value.type],
      }),
    ),
  ]);
};

/**
 * Each plant's opening hours as one line in the file's language ("Mon–Sat 09:00–18:00"),
 * worked out here at build: the footer shows the words, and no visitor's browser loads
 * the code that writes them (e2e/budget.spec.ts).
 */
export const createResolvers: GatsbyNode["createResolvers"] = ({ createResolvers: add }) => {
  type Site = { language: string; units: { hours?: { days: string[]; opens: string; closes: string }[] | null }[] };
  add({
    SiteYaml: {
      openingHours: {
        type: "[String]!",
        resolve: (site: Site) =>
          site.units.map((unit) => (unit.hours?.length ? openingHoursText(unit.hours, site.language) : null)),
      },
    },
  });
};

// The editor at /admin, for `gatsby develop` (npm run cms) and `gatsby build` alike.
export const onPostBootstrap: GatsbyNode["onPostBootstrap"] = async ({ store }) => {
  const { program, config } = store.getState();
  await writeAdmin({
    projectDir: program.directory,
    publicDir: path.join(program.directory, "public"),
    siteUrl: config.siteMetadata.siteUrl,
    companyName: config.siteMetadata.title,
    production: productionBackend(process.env),
  });
};

// The development server serves public/ but not a folder's index.html: open the editor's.
export const onCreateDevServer: GatsbyNode["onCreateDevServer"] = ({ app, store }) => {
  const adminDir = path.join(store.getState().program.directory, "public", ADMIN_DIR);
  type Response = { sendFile(file: string): void };
  app.get([`/${ADMIN_DIR}`, `/${ADMIN_DIR}/`], (_request: unknown, response: Response) =>
    response.sendFile(path.join(adminDir, "index.html")),
  );
  // The staff's guide the editor links to (src/cms/writeHelp.ts).
  app.get(`/${ADMIN_DIR}/${HELP_PATH}`, (_request: unknown, response: Response) =>
    response.sendFile(path.join(adminDir, HELP_PATH, "index.html")),
  );
};

interface PagesQuery {
  logo: { company: { logo: { publicURL: string | null } } } | null;
  allSiteYaml: { nodes: { language: Language }[] };
  allHomeYaml: { nodes: { language: Language }[] };
  allClientsYaml: { nodes: { language: Language }[] };
  allEnquiryYaml: { nodes: { language: Language; slug: string; privacy: { slug: string } }[] };
  allServiceYaml: { nodes: { language: Language; slug: string }[] };
  allStandardYaml: { nodes: { language: Language; slug: string }[] };
  allEstimateYaml: { nodes: { language: Language; slug: string }[] };
}

/** The languages each content file has a node in (only complete ones have: contentNodes.ts). */
function contentLanguages(data: PagesQuery): ContentLanguages {
  const languages = (nodes: { language: Language }[]) => nodes.map((node) => node.language);
  const english = data.allEnquiryYaml.nodes.find((node) => node.language === DEFAULT_LANGUAGE);
  if (!english) throw new Error("content/enquiry.yaml was not loaded.");
  const desk = data.allEstimateYaml.nodes.find((node) => node.language === DEFAULT_LANGUAGE);
  const pagesOf = (nodes: { language: Language; slug: string }[]) =>
    [...new Set(nodes.map((node) => node.slug))]
      .sort()
      .map((slug) => ({ slug, languages: languages(nodes.filter((node) => node.slug === slug)) }));
  return {
    site: languages(data.allSiteYaml.nodes),
    home: languages(data.allHomeYaml.nodes),
    clients: languages(data.allClientsYaml.nodes),
    enquiry: { slug: english.slug, privacySlug: english.privacy.slug, languages: languages(data.allEnquiryYaml.nodes) },
    services: pagesOf(data.allServiceYaml.nodes),
    standards: pagesOf(data.allStandardYaml.nodes),
    ...(desk ? { estimate: { slug: desk.slug, languages: languages(data.allEstimateYaml.nodes) } } : {}),
  };
}

/**
 * Every page in every language it is published in (src/build/languagePages.ts): the home
 * page, one page per content/services/*.yaml and per content/standards/*.yaml from a
 * template each, the request-for-quote form (and its copy per standard, the specification
 * filled) and its privacy notice where content/enquiry.yaml says, the not-found page; and
 * the enquiry service's pages.
 */
export const createPages: GatsbyNode["createPages"] = async ({ graphql, actions, reporter, store }) => {
  const result = await graphql<PagesQuery>(`
    query ContentPages {
      logo: siteYaml(language: { eq: "en" }) {
        company {
          logo {
            publicURL
          }
        }
      }
      allSiteYaml {
        nodes {
          language
        }
      }
      allHomeYaml {
        nodes {
          language
        }
      }
      allClientsYaml {
        nodes {
          language
        }
      }
      allServiceYaml {
        nodes {
          language
          slug
        }
      }
      allStandardYaml {
        nodes {
          language
          slug
        }
      }
      allEnquiryYaml {
        nodes {
          language
          slug
          privacy {
            slug
          }
        }
      }
      allEstimateYaml {
        nodes {
          language
          slug
        }
      }
    }
  `);
  if (result.errors || !result.data) {
    reporter.panicOnBuild("Could not read the pages from content/.", result.errors);
    return;
  }
  const template = (name: string) => path.resolve(`src/templates/${name}.tsx`);
  const plan = languagePages(contentLanguages(result.data));
  // The JSON-LD of the home and service pages, written here (src/build/structuredData.ts).
  const { program, config } = store.getState();
  const { files } = loadContent(program.directory);
  const logo = result.data.logo?.company.logo.publicURL;
  const siteUrl: string = config.siteMetadata.siteUrl;
  for (const planned of plan) {
    const { template: name, path: pagePath, slug, page } = planned;
    // A standard's copy of the form is not listed in the sitemap: the form stands for it.
    const unlisted = name === "enquiry" && slug !== undefined;
    const structuredData = pageStructuredData(files, planned, siteUrl, logo ? new URL(logo, siteUrl).href : null);
    actions.createPage({
      path: pagePath,
      component: template(name),
      context: { ...page, slug, unlisted, structuredData },
    });
  }
  // The enquiry service's pages, in each language the form is in (no twins: never listed).
  for (const form of plan.filter((page) => page.template === "enquiry" && !page.slug)) {
    const { language, published } = form.page;
    for (const notice of Object.keys(NOTICES) as Notice[]) {
      actions.createPage({
        path: noticePath(notice, language),
        component: template("enquiryNotice"),
        context: { notice, language, alternates: {}, published },
      });
    }
  }
};

/**
 * robots.txt names the sitemap at the site's real address; sitemap.xml is the usual name
 * for it. Gatsby's inline scripts move to files, for a script-src 'self' policy.
 */
export const onPostBuild: GatsbyNode["onPostBuild"] = async ({ store, reporter }) => {
  const { program, config } = store.getState();
  const publicDir = path.join(program.directory, "public");
  // The capability statement and the supplier data sheet, from the same content.
  try {
    const written = await writeCompanyPdfs(
      loadContent(program.directory).files,
      { public: publicDir, cache: path.join(program.directory, ".cache", "company-pdfs") },
      config.siteMetadata.siteUrl,
    );
    for (const pdf of written)
      reporter.info(
        `${pdf.drawn ? "Drew" : "Kept (content unchanged)"} ${pdf.path}: ${Math.ceil(pdf.bytes / 1024)} KB, ${pdf.pages} page(s).`,
      );
  } catch (error) {
    reporter.panic({ id: CONTENT_ERROR, context: { message: (error as Error).message } });
  }
  // gatsby-config took the address from SITE_URL (the operator's).
  const url = config.siteMetadata.siteUrl;
  fs.copyFileSync(path.join(publicDir, "sitemap-index.xml"), path.join(publicDir, "sitemap.xml"));
  fs.writeFileSync(
    path.join(publicDir, "robots.txt"),
    `User-agent: *\nAllow: /\nDisallow: /admin/\n\nSitemap: ${url}/sitemap.xml\n`,
  );
  writeEnquirySettings(program.directory, publicDir);
  const moved = finishPagesInBuild(publicDir, [ADMIN_DIR]);
  reporter.info(`Moved the inline scripts into ${moved} files (Content-Security-Policy: script-src 'self').`);
};
