import React, { Suspense } from "react";

interface Props {
  children: React.ReactNode;
}

/**
 * A part of the page with behaviour (the navigation bar, a carousel, the scroll-to-top
 * arrow, the quote form). React 18 hydrates each Suspense boundary in a pass of its own
 * after the rest of the page, so a slow phone does the work in several short tasks, not
 * one long one; until then the build's HTML shows, and a click on it makes React
 * hydrate it at once. Nothing inside suspends: the fallback is never shown.
 */
export function Island({ children }: Props) {
  return <Suspense fallback={null}>{children}</Suspense>;
}
