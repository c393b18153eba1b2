import { act, render, screen } from "@testing-library/react";
import React from "react";
import { Carousel, type CarouselLabels } from "../../src/components/Carousel";

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

/** The shared client logos and their text, as a page hands them to its `clients` sections. */
export const clientsProps = {
  title: "our clients",
  text: "You can be next.",
  logos: [{ name: "Client A", logo: fakeImage() }],
  contact: { label: "Contact us", url: "https://mail.example.test/" },
  newTabLabel: "opens in a new tab",
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

/**
 * Resolves once a carousel's code (a React.lazy component) has loaded and rendered once,
 * so the tests after it render the slideshow at once: React.lazy suspends only the first
 * time. For a beforeAll, with real timers.
 */
export async function carouselCodeLoaded() {
  const slides = [React.createElement("p", { key: 1 }, "One"), React.createElement("p", { key: 2 }, "Two")];
  const { unmount } = render(
    React.createElement(Carousel, {
      label: "Warm-up",
      interval: 1000,
      transitionTime: 0,
      labels: carouselLabels,
      children: slides,
    }),
  );
  // The import is a module load: on a loaded CI machine it took over the 1 s findBy waits
  // by default (the whole Carousel suite failed at load 11). Wait as long as the hook may.
  await screen.findByRole("button", { name: carouselLabels.nextSlide }, { timeout: 25_000 });
  unmount();
}
