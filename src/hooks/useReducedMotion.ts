import { useEffect, useState } from "react";

const QUERY = "(prefers-reduced-motion: reduce)";

/** How a scroll the visitor asked for should move: smoothly, unless they prefer less motion. */
export const scrollBehavior = (): ScrollBehavior => (window.matchMedia?.(QUERY).matches ? "auto" : "smooth");

/** Whether the visitor asked for less motion; false on the server and before mount. */
export function useReducedMotion(): boolean {
  const [reduced, setReduced] = useState(false);
  useEffect(() => {
    if (typeof window.matchMedia !== "function") return undefined;
    const media = window.matchMedia(QUERY);
    const update = () => setReduced(media.matches);
    update();
    media.addEventListener("change", update);
    return () => media.removeEventListener("change", update);
  }, []);
  return reduced;
}
