// Writes the editor to <public>/admin/: Decap's prebuilt bundle (it carries its own
// React, so nothing of it reaches the public pages' bundles), the configuration derived
// from the content schema, the preview bundle built from src/cms/preview.tsx, and the
// staff's guide (docs/editing.md) at /admin/help/.
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { parseYaml, stringifyYaml } from "../schema/yaml";
import { clientsSchema, enquirySchema, siteSchema } from "../schema/content";
import type { ObjectField } from "../schema/fields";
import { byLanguage, englishOf } from "../schema/languageFile";
import { TRANSLATIONS, type Language } from "../schema/languages";
import { translate } from "../schema/translation";
import { ADMIN_PATH, cmsConfig, type ProductionBackend } from "./config";
import { previewEntry } from "./previewData";
import { writeHelp } from "./writeHelp";

export const ADMIN_DIR = ADMIN_PATH.slice(1);

// decap-cms.js plus the chunks and WebAssembly it loads on demand; not the source maps.
const DECAP_FILE = /^(\d+\.)?decap-cms\.js(\.LICENSE\.txt)?$|\.wasm$/;

interface Options {
  projectDir: string;
  publicDir: string;
  siteUrl: string;
  companyName: string;
  production?: ProductionBackend;
}

// Absolute addresses, so the editor loads at /admin as well as at /admin/.
const page = (companyName: string) => `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="robots" content="noindex, nofollow" />
    <title>Content editor · ${companyName.replace(/[<&>"]/g, "")}</title>
    <link href="${ADMIN_PATH}/config.yml" type="text/yaml" rel="cms-config-url" />
  </head>
  <body>
    <script src="${ADMIN_PATH}/decap-cms.js"></script>
    <script src="${ADMIN_PATH}/preview.js"></script>
  </body>
</html>
`;

/** Image paths one file's data names (relative to content/, where site and clients live). */
function imagePaths(schema: ObjectField, data: unknown): string[] {
  const paths: string[] = [];
  previewEntry(schema, data, (image) => {
    paths.push(image);
    return image;
  });
  return paths;
}

/** A content file's English (the previews' context: the logos, the form's link). */
const readYaml = (file: string) => englishOf(parseYaml(fs.readFileSync(file, "utf8")));

/** A content file's page in each language it is complete in (a German preview's context). */
function translationsOf(file: string, schema: ObjectField): Partial<Record<Language, unknown>> {
  const split = byLanguage(parseYaml(fs.readFileSync(file, "utf8")));
  if ("problem" in split) return {};
  return Object.fromEntries(
    (Object.entries(split.translations) as [Language, unknown][]).flatMap(([language, words]) => {
      const page = translate(schema, split.english, words, language);
      return page.missing.length || page.problems.length ? [] : [[language, page.data]];
    }),
  );
}

export async function writeAdmin({ projectDir, publicDir, siteUrl, companyName, production }: Options) {
  const adminDir = path.join(publicDir, ADMIN_DIR);
  fs.rmSync(adminDir, { recursive: true, force: true });
  fs.mkdirSync(adminDir, { recursive: true });
  writeHelp(projectDir, adminDir, companyName);

  const decapDist = path.join(
    path.dirname(createRequire(path.join(projectDir, "package.json")).resolve("decap-cms/package.json")),
    "dist",
  );
  for (const name of fs.readdirSync(decapDist).filter((file) => DECAP_FILE.test(file))) {
    fs.copyFileSync(path.join(decapDist, name), path.join(adminDir, name));
  }

  const config = cmsConfig({ siteUrl, production });
  fs.writeFileSync(
    path.join(adminDir, "config.yml"),
    `# Written by the build from src/cms/config.ts (itself from src/schema/content.ts): do not edit.\n${stringifyYaml(config)}`,
  );
  fs.writeFileSync(path.join(adminDir, "index.html"), page(companyName));

  // Previews of the home and service pages show the site settings, client logos and the form's link too.
  const contentDir = path.join(projectDir, "content");
  const site = readYaml(path.join(contentDir, "site.yaml"));
  const clients = readYaml(path.join(contentDir, "clients.yaml"));
  const enquiry = readYaml(path.join(contentDir, "enquiry.yaml"));
  const translations = Object.fromEntries(
    TRANSLATIONS.map((language) => {
      const of = (name: string, schema: ObjectField) => translationsOf(path.join(contentDir, name), schema)[language];
      return [
        language,
        {
          site: of("site.yaml", siteSchema),
          clients: of("clients.yaml", clientsSchema),
          enquiry: of("enquiry.yaml", enquirySchema),
        },
      ];
    }),
  );
  for (const image of [...imagePaths(siteSchema, site), ...imagePaths(clientsSchema, clients)]) {
    const target = path.join(adminDir, "context", image);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.copyFileSync(path.join(contentDir, image), target);
  }

  // Loaded here, not at the top: jest's jsdom tests import gatsby-node, and esbuild
  // refuses to load under jsdom.
  const esbuild = await import("esbuild");
  await esbuild.build({
    entryPoints: [path.join(projectDir, "src/cms/preview.tsx")],
    outfile: path.join(adminDir, "preview.js"),
    bundle: true,
    minify: true,
    format: "iife",
    target: "es2020",
    legalComments: "none",
    logLevel: "warning",
    // As Gatsby's webpack does for the pages: the preview's form names the same address.
    define: {
      "process.env.NODE_ENV": '"production"',
      "process.env.GATSBY_SERVER_URL": JSON.stringify(process.env.GATSBY_SERVER_URL ?? ""),
    },
    alias: { gatsby: path.join(projectDir, "src/cms/gatsbyShim.tsx") },
    plugins: [
      {
        name: "preview-context",
        setup(build) {
          build.onResolve({ filter: /^preview-context$/ }, () => ({ path: "preview-context", namespace: "preview" }));
          build.onLoad({ filter: /.*/, namespace: "preview" }, () => ({
            contents: JSON.stringify({ site, clients, enquiry, translations }),
            loader: "json",
          }));
        },
      },
    ],
  });
}
