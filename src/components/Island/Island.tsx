import React, { Suspense } from "react";
import { InsideIsland } from "./insideIsland";

interface Props {
  children: React.ReactNode;
  /** What shows while its code is still loading after a client-side navigation. */
  fallback?: React.ReactNode;
}

/**
 * A part of the page with behaviour (the navigation bar, a carousel, the scroll-to-top
 * arrow, the quote form). React 18 hydrates each Suspense boundary in a pass of its own
 * after the rest of the page, so a slow phone does the work in several short tasks, not
 * one long one; until then the build's HTML shows, and a click on it makes React
 * hydrate it at once. Only a carousel suspends (until its code is here): on the page a
 * visitor lands on, the build's HTML stays meanwhile; after a client-side navigation
 * the fallback shows.
 */
export function Island({ children, fallback = null }: Props) {
  return (
    <InsideIsland.Provider value={true}>
      <Suspense fallback={fallback}>{children}</Suspense>
    </InsideIsland.Provider>
  );
}
