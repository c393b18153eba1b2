import { useEffect, useState } from "react";

/**
 * False in the server's HTML and until React runs this component in the browser, then
 * true. Widgets show it as `data-ready`, so tests (and styles) can wait for the moment
 * a widget answers clicks and keys, however late it hydrates.
 */
export function useHydrated() {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
