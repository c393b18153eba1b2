// Written by src/cms/writeAdmin.ts when it bundles the previews: the site settings and the
// client logos and the request-for-quote file as content/ holds them, for previews of entries that show them.
declare module "preview-context" {
  const context: { site: unknown; clients: unknown; enquiry: unknown };
  export default context;
}
