// Whether React is hydrating the page the visitor landed on (its HTML came from the
// build), as opposed to rendering a page after a client-side navigation. gatsby-browser
// sets it before hydrating and clears it when Gatsby reports the first render done,
// after the page's first pass (Islands hydrate after that: keep ServerHtml out of them).
let hydrating = false;

export const isHydrating = () => hydrating;
export function setHydrating(value: boolean) {
  hydrating = value;
}
