import { startTransition, type ReactElement } from "react";
import { createRoot, hydrateRoot, type Root } from "react-dom/client";
import type { GatsbyBrowser } from "gatsby";
import { setHydrating } from "./src/browser/hydration";

// Hydrate in a transition: React then works in slices of a few milliseconds and yields
// to the browser between them, instead of one long task that blocks input on a slow
// phone (Lighthouse's total blocking time). The page is already readable from its HTML,
// and the parts without behaviour are not hydrated at all (ServerHtml).
// Where there is no server HTML (the development server, its loading indicator) React
// renders instead. Gatsby calls the returned function to clean up.
function hydrate(element: ReactElement, container: Element | DocumentFragment): () => void {
  const target = container as Element;
  let root: Root | undefined;
  if (target.hasChildNodes()) {
    setHydrating(true);
    startTransition(() => {
      root = hydrateRoot(target, element);
    });
  } else {
    root = createRoot(target);
    root.render(element);
  }
  return () => root?.unmount();
}

// Gatsby 5 calls the function this returns with the app and its container, and keeps what
// it returns to unmount; its type still names React 17's render() (Renderer), hence the cast.
export const replaceHydrateFunction = (() => hydrate) as unknown as GatsbyBrowser["replaceHydrateFunction"];

// Gatsby starts its runtime in the task that evaluates its last script, and goes straight
// on to fetch the page's data. Waiting for a new task here splits that work in two, so
// neither blocks input for long on a slow phone.
export const onClientEntry: GatsbyBrowser["onClientEntry"] = () =>
  new Promise<void>((resolve) => {
    setTimeout(resolve, 0);
  });

// Gatsby calls this once the first page has been hydrated (an effect of its root).
export const onInitialClientRender: GatsbyBrowser["onInitialClientRender"] = () => setHydrating(false);
