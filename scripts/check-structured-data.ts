// `npm run check:structured-data [-- --show]`: reads every built page's JSON-LD and checks
// it two ways. Against the schema.org vocabulary: each page's documents are type-checked
// by the TypeScript compiler against schema-dts (Google's typings generated from
// schema.org), so an unknown type, a property the type does not have or a value of the
// wrong kind fails. Against the content (read through the build's own loader): the
// company's VAT number, one LocalBusiness per plant with its own @id, address parts, map
// position and hours as content gives them, a Service per service page of the kind its
// heading names, every @id reference answered on the page, and no FAQPage (issue 55).
// --show prints the home page's Organization and first plant.
import fs from "node:fs";
import { parse } from "node-html-parser";
import { listedPages, site, headingOf } from "../e2e/content";
import { builtRoutes, checker, pageFile } from "./lib/builtPages";
import { vocabularyProblems } from "./lib/schemaVocabulary";

type Json = Record<string, unknown>;
const { check, report } = checker("structured-data");

/** The JSON-LD documents of a built page. */
function documentsOf(route: string): Json[] {
  const doc = parse(fs.readFileSync(pageFile(route), "utf8"));
  return doc.querySelectorAll('script[type="application/ld+json"]').map((script) => JSON.parse(script.textContent));
}

/** Every node of a page's documents, however deep, with an @type. */
function nodesOf(value: unknown, found: Json[] = []): Json[] {
  if (Array.isArray(value)) value.forEach((item) => nodesOf(item, found));
  else if (value && typeof value === "object") {
    const node = value as Json;
    if (node["@type"]) found.push(node);
    Object.values(node).forEach((inner) => nodesOf(inner, found));
  }
  return found;
}

/** Every { "@id": … } that only points at a node elsewhere. */
function references(value: unknown, found: string[] = []): string[] {
  if (Array.isArray(value)) value.forEach((item) => references(item, found));
  else if (value && typeof value === "object") {
    const node = value as Json;
    if (Object.keys(node).length === 1 && typeof node["@id"] === "string") found.push(node["@id"]);
    else Object.values(node).forEach((inner) => references(inner, found));
  }
  return found;
}

function main() {
  const routes = builtRoutes();
  const documents = new Map(routes.map((route) => [route, documentsOf(route)]));

  for (const [route, problems] of vocabularyProblems(documents)) {
    check(route, "its structured data fits the schema.org vocabulary", problems.length === 0, problems.join("; "));
  }

  for (const route of routes) {
    const docs = documents.get(route)!;
    const nodes = nodesOf(docs);
    const ids = new Set(nodes.map((node) => node["@id"]).filter(Boolean));
    const dangling = references(docs).filter((id) => !ids.has(id));
    check(route, "every @id it refers to is described on the page", dangling.length === 0, dangling.join(", "));
    check(route, "no FAQPage (FAQ rich results ended in May 2026)", !nodes.some((node) => node["@type"] === "FAQPage"));
  }

  for (const planned of listedPages) {
    const route = planned.path;
    if (!documents.has(route)) {
      check(route, "is built", false);
      continue;
    }
    const nodes = nodesOf(documents.get(route)!);
    const ofType = (type: string) => nodes.filter((node) => node["@type"] === type);
    if (planned.template === "home" || planned.template === "service") {
      const [organization] = ofType("Organization");
      check(route, "describes the company, with its GSTIN as vatID", organization?.vatID === site.gstin);
      if (site.company.legalName)
        check(route, "gives the registered name", organization?.legalName === site.company.legalName);
      const plants = ofType("LocalBusiness");
      check(route, "one LocalBusiness per plant", plants.length === site.units.length, `${plants.length}`);
      check(
        route,
        "each plant has its own @id",
        new Set(plants.map((plant) => plant["@id"])).size === site.units.length,
      );
      site.units.forEach((unit, index) => {
        const plant = plants[index] ?? {};
        const address = (plant.address ?? {}) as Json;
        const what = `plant "${unit.name}"`;
        if (unit.postalCode)
          check(
            route,
            `${what}: postal code and town`,
            address.postalCode === unit.postalCode && address.addressLocality === unit.locality,
          );
        if (unit.latitude != null) {
          const geo = (plant.geo ?? {}) as Json;
          check(route, `${what}: map position`, geo.latitude === unit.latitude && geo.longitude === unit.longitude);
        }
        if (unit.hours?.length) {
          const hours = (plant.openingHoursSpecification ?? []) as Json[];
          check(
            route,
            `${what}: opening hours`,
            hours.length === unit.hours.length && hours.every((spec, at) => spec.opens === unit.hours![at].opens),
          );
        }
        check(
          route,
          `${what}: belongs to the company`,
          (plant.parentOrganization as Json)?.["@id"] === organization?.["@id"],
        );
      });
    }
    if (planned.template === "service") {
      const [service] = ofType("Service");
      check(route, "describes its Service, of the kind its heading names", service?.serviceType === headingOf(planned));
    }
  }

  if (process.argv.includes("--show")) {
    const home = nodesOf(documents.get("/") ?? []);
    console.log(
      JSON.stringify(
        home.find((node) => node["@type"] === "Organization"),
        null,
        2,
      ),
    );
    console.log(
      JSON.stringify(
        home.find((node) => node["@type"] === "LocalBusiness"),
        null,
        2,
      ),
    );
  }
  process.exit(report() > 0 ? 1 : 0);
}

main();
