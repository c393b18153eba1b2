// Written by src/cms/writeAdmin.ts when it bundles the previews: the site settings and the
// client logos and the request-for-quote file as content/ holds them, for previews of entries that show them;
// and their pages in each other language they are complete in (undefined where one is not).
declare module "preview-context" {
  type Files = { site: unknown; clients: unknown; enquiry: unknown };
  const context: Files & { translations: Record<string, Partial<Files>> };
  export default context;
}
