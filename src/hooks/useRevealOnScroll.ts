import { useEffect } from "react";
import { revealOnScroll } from "../browser/early";

/**
 * Reveal-on-scroll for the sections of each page React shows. On the page a visitor
 * lands on, the early script has started it before React runs; after a client-side
 * navigation this starts it for the new page's sections.
 */
export function useRevealOnScroll() {
  useEffect(() => revealOnScroll(document), []);
}
