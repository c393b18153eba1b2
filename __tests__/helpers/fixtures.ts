import { act } from "@testing-library/react";
import type { CarouselLabels } from "../../src/components/Carousel";

/** An image as GraphQL hands it to components, small enough to read in a test. */
export const fakeImage = (name = "photo") => ({
  childImageSharp: {
    gatsbyImageData: {
      layout: "constrained" as const,
      width: 300,
      height: 200,
      images: { fallback: { src: `/static/${name}.jpg` }, sources: [] },
    },
  },
});

export const carouselLabels: CarouselLabels = {
  previousSlide: "Previous slide",
  nextSlide: "Next slide",
  goToSlide: "Go to slide",
  pause: "Pause slideshow",
  play: "Play slideshow",
  slideOf: "{current} of {total}",
};

/** Makes `prefers-reduced-motion: reduce` match (or not) for the hooks that ask. */
export function setReducedMotion(reduce: boolean) {
  Object.defineProperty(window, "matchMedia", {
    configurable: true,
    writable: true,
    value: (query: string) => ({
      matches: reduce && query.includes("reduce"),
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }),
  });
}

/** Every carousel slide on the page, shown or hidden. */
export const slideGroups = () => Array.from(document.querySelectorAll<HTMLElement>('[aria-roledescription="slide"]'));

/** The label ("2 of 4") of the slide screen readers can reach. */
export const shownSlide = () =>
  slideGroups()
    .find((slide) => !slide.hasAttribute("aria-hidden"))
    ?.getAttribute("aria-label");

/**
 * Lets the carousels on the screen start: they wait for the browser's first idle
 * moment, which in jsdom (no requestIdleCallback) is a 0 ms timer. Fake timers only.
 */
export const startSlideshows = () => act(() => jest.advanceTimersByTime(0));
