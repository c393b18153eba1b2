import React, { useEffect, useState } from "react";
import { SCROLL_TOP_THRESHOLD_PX } from "../../constants";
import { useHydrated } from "../../hooks/useHydrated";
import { scrollBehavior } from "../../hooks/useReducedMotion";
import * as styles from "./ScrollToTopButton.module.css";

interface Props {
  label: string;
}

/** The arrow that appears past 500 px of scroll and takes the visitor back to the top. */
export function ScrollToTopButton({ label }: Props) {
  const ready = useHydrated();
  const [scrolled, setScrolled] = useState(false);

  useEffect(() => {
    const update = () => setScrolled(window.scrollY > SCROLL_TOP_THRESHOLD_PX);
    update();
    window.addEventListener("scroll", update, { passive: true });
    return () => window.removeEventListener("scroll", update);
  }, []);

  const toTop = () => {
    window.scrollTo({ top: 0, behavior: scrollBehavior() });
    // Keep keyboard users at the top too, without cutting the smooth scroll short.
    document.getElementById("top")?.focus({ preventScroll: true });
  };

  return (
    <button
      type="button"
      className={`${styles.button} ${scrolled ? styles.visible : ""}`}
      aria-label={label}
      aria-hidden={!scrolled}
      tabIndex={scrolled ? 0 : -1}
      data-visible={scrolled}
      data-ready={ready}
      onClick={toTop}
    >
      <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
        <path d="M12 5l-7 7 1.4 1.4L11 8.8V20h2V8.8l4.6 4.6L19 12z" fill="currentColor" />
      </svg>
    </button>
  );
}
