// Stands in for the parts of Gatsby's browser runtime this site never uses, in the
// visitors' scripts only (gatsby-node.ts, UNUSED_MODULES). Plain JavaScript:
// webpack keeps the loaders of the module it replaces (one is in node_modules).

/** Gatsby's <Slice>, which gatsby-browser-entry names: the site has no slices. */
export function Slice() {
  throw new Error("This site has no Gatsby slices (gatsby-node.ts, UNUSED_MODULES).");
}
