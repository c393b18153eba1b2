import { startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import type { GatsbyBrowser } from "gatsby";

// Hydrate in a transition: React then works in slices of a few milliseconds and yields
// to the browser between them, instead of one long task that blocks input on a slow
// phone (Lighthouse's total blocking time). The page is already readable from its HTML.
export const replaceHydrateFunction: GatsbyBrowser["replaceHydrateFunction"] = () => (element, container) => {
  startTransition(() => {
    hydrateRoot(container as Element, element);
  });
};
