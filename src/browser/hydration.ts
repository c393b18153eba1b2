// Whether React is hydrating the page the visitor landed on (its HTML came from the
// build), as opposed to rendering a page after a client-side navigation. gatsby-browser
// sets it before hydrating; Layout clears it once the first page has hydrated.
let hydrating = false;

export const isHydrating = () => hydrating;
export function setHydrating(value: boolean) {
  hydrating = value;
}
