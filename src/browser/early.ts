// The site's early script: the only code that runs before React. It needs none of the
// app's bundles, so what it does works while they load on a slow phone, and if they
// never arrive. src/browser/earlyMain.ts runs these functions; the build bundles it into
// one file that ends every page (src/build/earlyScript.ts). The components import
// them too (useRevealOnScroll, Footer), to run again after a client-side navigation.
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

/**
 * The footer's map is another site's page. Its box carries the address (data-map-src)
 * and the title (data-map-title), and gets its frame only once the box comes within
 * 200 px of the viewport. Not even an empty frame is in the page's HTML: the browser
 * would build a document for it while parsing the page, which on a phone is the costliest
 * part of the parse. A lazy frame's own threshold is far larger, so on a short page the
 * browser would also fetch the map during load. Footer calls it again after each
 * client-side navigation. Returns a function that stops observing.
 */
export function loadMapWhenNear(doc: Document): () => void {
  const boxes = Array.from(doc.querySelectorAll<HTMLElement>("[data-map-src]"));
  const load = (box: HTMLElement) => {
    const address = box.getAttribute("data-map-src");
    box.removeAttribute("data-map-src");
    if (!address) return;
    const frame = doc.createElement("iframe");
    frame.title = box.getAttribute("data-map-title") ?? "";
    frame.referrerPolicy = "no-referrer-when-downgrade";
    frame.src = address;
    box.appendChild(frame);
  };
  if (typeof IntersectionObserver !== "function") {
    boxes.forEach(load);
    return () => undefined;
  }
  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        load(entry.target as HTMLElement);
        observer.unobserve(entry.target);
      }
    },
    { rootMargin: "200px 0px" },
  );
  boxes.forEach((box) => observer.observe(box));
  return () => observer.disconnect();
}
