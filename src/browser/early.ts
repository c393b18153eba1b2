// The site's early script: the only code that runs before React. It needs none of the
// app's bundles, so what it does works while they load on a slow phone, and if they
// never arrive. gatsby-ssr.tsx writes it into every page as the text of these two
// functions (so each must use nothing from outside its own body); the build then moves
// it into the page's first script file (src/build/inlineScripts.ts).
// The class names and attributes are the contract with the components and global.css.

/**
 * Reveal on scroll: each `.reveal` element gains `show` the first time it enters the
 * viewport (global.css fades it in). Layout calls it again after each client-side
 * navigation, for the new page's sections. Returns a function that stops observing.
 */
export function revealOnScroll(doc: Document): () => void {
  const elements = Array.from(doc.querySelectorAll(".reveal:not(.show)"));
  if (typeof IntersectionObserver !== "function") {
    elements.forEach((element) => element.classList.add("show"));
    return () => undefined;
  }
  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        entry.target.classList.add("show");
        observer.unobserve(entry.target);
      }
    },
    { rootMargin: "0px 0px -10% 0px" },
  );
  elements.forEach((element) => observer.observe(element));
  return () => observer.disconnect();
}

/**
 * A tap on the menu toggle before React has hydrated the navigation bar opens (or
 * closes) the menu: the menu shows whenever its toggle says aria-expanded="true"
 * (Navbar.module.css), and the toggle carries both of its labels. Navbar reads the
 * state back when it hydrates. Once the bar is data-ready, React alone handles taps;
 * until then the tap goes no further, since React, partway through hydrating, may be
 * listening already and must not toggle the menu a second time.
 */
export function menuBeforeHydration(doc: Document): void {
  doc.addEventListener(
    "click",
    (event) => {
      const target = event.target instanceof Element ? event.target : null;
      const toggle = target?.closest<HTMLElement>("[data-menu-toggle]");
      if (!toggle || toggle.closest('[data-ready="true"]')) return;
      event.stopPropagation();
      const open = toggle.getAttribute("aria-expanded") !== "true";
      toggle.setAttribute("aria-expanded", String(open));
      toggle.setAttribute("aria-label", (open ? toggle.dataset.closeLabel : toggle.dataset.openLabel) ?? "");
    },
    true,
  );
}

/** The script's text, as gatsby-ssr.tsx writes it into each page. */
export const earlyScript = `(${revealOnScroll.toString()})(document);(${menuBeforeHydration.toString()})(document);`;
