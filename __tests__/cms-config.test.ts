import { cmsCollections, cmsConfig, cmsField, productionBackend } from "../src/cms/config";
import { contentFiles } from "../src/schema/content";
import type { Field } from "../src/schema/fields";
import { GSTIN, PHONE } from "../src/schema/patterns";

type CmsField = {
  name: string;
  label?: string;
  required?: boolean;
  pattern?: string[];
  min?: number;
  max?: number;
  fields?: CmsField[];
  field?: CmsField;
  types?: { name: string; fields?: CmsField[] }[];
};

/** Every path the schema names, e.g. "contacts.phone", "sections.productSlider.interval". */
function schemaPaths(field: Field, at: string): string[] {
  switch (field.kind) {
    case "object":
      return Object.entries(field.fields).flatMap(([key, inner]) => [
        `${at}${key}`,
        ...schemaPaths(inner, `${at}${key}.`),
      ]);
    case "list":
      return field.of.kind === "object" ? schemaPaths(field.of, at) : [];
    case "sections":
      return Object.entries(field.types).flatMap(([type, shape]) => schemaPaths(shape, `${at}${type}.`));
    default:
      return [];
  }
}

function cmsPaths(fields: CmsField[], at: string): string[] {
  return fields.flatMap((f) => [
    `${at}${f.name}`,
    ...cmsPaths(f.fields ?? [], `${at}${f.name}.`),
    ...(f.types ?? []).flatMap((t) => cmsPaths(t.fields ?? [], `${at}${f.name}.${t.name}.`)),
  ]);
}

const find = (fields: CmsField[], name: string) => fields.find((f) => f.name === name)!;

describe("the editor's configuration", () => {
  const collections = cmsCollections() as unknown as {
    name: string;
    folder?: string;
    create?: boolean;
    files?: { file: string; fields: CmsField[] }[];
    fields?: CmsField[];
  }[];

  it("covers every content file: one file each, and a folder where staff can add service and standard pages", () => {
    expect(collections.map((c) => c.name)).toEqual([
      "site",
      "home",
      "clients",
      "enquiry",
      "services",
      "standards",
      "capability",
      "estimate",
    ]);
    expect(collections.slice(0, 4).map((c) => c.files?.[0].file)).toEqual([
      "content/site.yaml",
      "content/home.yaml",
      "content/clients.yaml",
      "content/enquiry.yaml",
    ]);
    expect(collections[4]).toMatchObject({ folder: "content/services", create: true });
    expect(collections[5]).toMatchObject({ folder: "content/standards", create: true });
    expect(collections[6].files?.[0].file).toBe("content/capability.yaml");
    expect(collections[7].files?.[0].file).toBe("content/estimate.yaml");
  });

  it("covers every field of the content schema, and no other", () => {
    contentFiles.forEach((kind, i) => {
      const fields = (collections[i].files?.[0].fields ?? collections[i].fields) as CmsField[];
      expect(cmsPaths(fields, "").sort()).toEqual(schemaPaths(kind.schema, "").sort());
    });
  });

  it("refuses what the build refuses: required fields, formats and list sizes", () => {
    const site = collections[0].files![0].fields;
    expect(find(site, "gstin").pattern).toEqual([GSTIN.regex, GSTIN.message]);
    expect(find(find(site, "contacts").fields!, "phone").pattern).toEqual([PHONE.regex, PHONE.message]);
    expect(find(find(site, "contacts").fields!, "role").required).toBe(false);
    const slides = find(find(collections[1].files![0].fields, "hero").fields!, "slides");
    expect([slides.min, slides.max]).toEqual([4, 4]);
    const logos = find(collections[2].files![0].fields, "logos");
    expect([logos.min, logos.max]).toEqual([10, 10]);
  });

  it("stores uploaded images beside the content file, where the build finds them", () => {
    const folders = collections.map((c) => {
      const { media_folder, public_folder } = (c.files?.[0] ?? c) as { media_folder?: string; public_folder?: string };
      return [c.name, media_folder, public_folder];
    });
    expect(folders).toEqual([
      ["site", "images", "images"],
      ["home", "images", "images"],
      ["clients", "images/clients", "images/clients"],
      ["enquiry", "images", "images"],
      ["services", "images", "images"],
      ["standards", "images", "images"],
      ["capability", "images", "images"],
      ["estimate", "images", "images"],
    ]);
    expect(cmsField("logo", { kind: "image", label: "Logo", required: true })).toMatchObject({
      widget: "image",
      choose_url: false,
    });
  });

  it("stores PDFs in documents/ beside the content file, and asks for dates as days", () => {
    expect(cmsField("file", { kind: "pdf", label: "File", required: true })).toMatchObject({
      widget: "file",
      choose_url: false,
      media_folder: "documents",
      public_folder: "documents",
    });
    expect(cmsField("validUntil", { kind: "date", label: "Valid until", required: false })).toMatchObject({
      widget: "datetime",
      date_format: "YYYY-MM-DD",
      time_format: false,
    });
  });

  it("never says a field is optional in its label: the editor writes '(optional)' itself", () => {
    const labels = (fields: CmsField[]): string[] =>
      fields.flatMap((f) => [
        ...(f.required === false ? [f.label ?? ""] : []),
        ...labels(f.fields ?? []),
        ...(f.types ?? []).flatMap((t) => labels(t.fields ?? [])),
      ]);
    const all = collections.flatMap((c) => labels((c.files?.[0].fields ?? c.fields) as CmsField[]));
    expect(all.length).toBeGreaterThan(0);
    expect(all.filter((label) => /optional/i.test(label))).toEqual([]);
  });

  it("talks to the project's own backend, same-origin at /api/v1, unless another is named", () => {
    expect(cmsConfig({ siteUrl: "https://x.in" }).backend).toMatchObject({
      name: "proxy",
      proxy_url: "/api/v1",
      branch: "main",
    });
    expect(productionBackend({})).toBeUndefined();
    expect(productionBackend({ CMS_BACKEND: "github", CMS_REPO: "acme/site" })).toEqual({
      name: "github",
      repo: "acme/site",
      branch: "main",
    });
    expect(productionBackend({ CMS_BACKEND: "git-gateway", CMS_BRANCH: "live" })).toEqual({
      name: "git-gateway",
      branch: "live",
    });
    expect(() => productionBackend({ CMS_BACKEND: "github" })).toThrow("CMS_REPO");
    expect(() => productionBackend({ CMS_BACKEND: "ftp" })).toThrow('not "ftp"');
  });
});
