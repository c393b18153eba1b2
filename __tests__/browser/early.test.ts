import { loadMapWhenNear, menuBeforeHydration, revealOnScroll } from "../../src/browser/early";

describe("the early script", () => {
  afterEach(() => {
    document.body.innerHTML = "";
  });

  it("reveals every marked section at once where the browser has no IntersectionObserver", () => {
    document.body.innerHTML = '<section class="reveal"></section><section class="reveal show"></section><p></p>';
    revealOnScroll(document);
    expect([...document.querySelectorAll("section")].map((s) => s.className)).toEqual(["reveal show", "reveal show"]);
  });

  it("observes each marked section until it comes into view, then reveals it and stops", () => {
    const observed: Element[] = [];
    let report: (entries: Partial<IntersectionObserverEntry>[]) => void = () => undefined;
    const unobserve = jest.fn();
    const previous = window.IntersectionObserver;
    window.IntersectionObserver = jest.fn((callback) => {
      report = (entries) => callback(entries as IntersectionObserverEntry[], {} as IntersectionObserver);
      return { observe: (el: Element) => observed.push(el), unobserve, disconnect: jest.fn() };
    }) as unknown as typeof IntersectionObserver;
    try {
      document.body.innerHTML = '<section class="reveal"></section><section class="reveal"></section>';
      revealOnScroll(document);
      expect(observed).toHaveLength(2);
      report([
        { target: observed[0], isIntersecting: true },
        { target: observed[1], isIntersecting: false },
      ]);
      expect(observed.map((s) => s.classList.contains("show"))).toEqual([true, false]);
      expect(unobserve).toHaveBeenCalledWith(observed[0]);
    } finally {
      window.IntersectionObserver = previous;
    }
  });

  it("opens and closes the menu on a tap before hydration, swapping the toggle's label, and keeps the tap from React", () => {
    document.body.innerHTML =
      '<header data-ready="false"><button data-menu-toggle aria-expanded="false" aria-label="Menu" ' +
      'data-open-label="Menu" data-close-label="Close"></button></header>';
    const reactRoot = jest.fn();
    document.body.addEventListener("click", reactRoot);
    menuBeforeHydration(document);
    const toggle = document.querySelector("button")!;
    toggle.click();
    expect([toggle.getAttribute("aria-expanded"), toggle.getAttribute("aria-label")]).toEqual(["true", "Close"]);
    toggle.click();
    expect([toggle.getAttribute("aria-expanded"), toggle.getAttribute("aria-label")]).toEqual(["false", "Menu"]);
    expect(reactRoot).not.toHaveBeenCalled();
  });

  it("leaves taps to React once the bar is ready", () => {
    document.body.innerHTML =
      '<header data-ready="true"><button data-menu-toggle aria-expanded="false"></button></header>';
    const reactRoot = jest.fn();
    document.body.addEventListener("click", reactRoot);
    menuBeforeHydration(document);
    document.querySelector("button")!.click();
    expect(document.querySelector("button")!.getAttribute("aria-expanded")).toBe("false");
    expect(reactRoot).toHaveBeenCalledTimes(1);
  });

  const mapBox = '<div data-map-src="https://maps.example.test/embed" data-map-title="Map of Unit I"></div>';

  it("frames the map at once where the browser has no IntersectionObserver", () => {
    document.body.innerHTML = mapBox;
    loadMapWhenNear(document);
    const frame = document.querySelector("div > iframe")!;
    expect(frame.getAttribute("src")).toBe("https://maps.example.test/embed");
    expect(frame.getAttribute("title")).toBe("Map of Unit I");
    expect(document.querySelector("[data-map-src]")).toBeNull();
    // Called again (a client-side navigation), it frames nothing twice.
    loadMapWhenNear(document);
    expect(document.querySelectorAll("iframe")).toHaveLength(1);
  });

  it("frames the map only once its box comes near the viewport", () => {
    const observed: Element[] = [];
    let report: (entries: Partial<IntersectionObserverEntry>[]) => void = () => undefined;
    let margin: string | undefined;
    const previous = window.IntersectionObserver;
    window.IntersectionObserver = jest.fn((callback, options) => {
      margin = options?.rootMargin;
      report = (entries) => callback(entries as IntersectionObserverEntry[], {} as IntersectionObserver);
      return { observe: (el: Element) => observed.push(el), unobserve: jest.fn(), disconnect: jest.fn() };
    }) as unknown as typeof IntersectionObserver;
    try {
      document.body.innerHTML = mapBox;
      loadMapWhenNear(document);
      const box = document.querySelector("div")!;
      expect(observed).toEqual([box]);
      expect(margin).toBe("200px 0px");
      report([{ target: box, isIntersecting: false }]);
      expect(document.querySelector("iframe")).toBeNull();
      report([{ target: box, isIntersecting: true }]);
      expect(box.querySelector("iframe")!.getAttribute("src")).toBe("https://maps.example.test/embed");
    } finally {
      window.IntersectionObserver = previous;
    }
  });
});
