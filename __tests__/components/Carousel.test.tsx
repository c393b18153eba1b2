import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import React from "react";

import { Carousel } from "../../src/components/Carousel/Carousel";
import {
  carouselLabels,
  setReducedMotion,
  shownSlide,
  slideGroups,
  startSlideshows,
  carouselCodeLoaded,
} from "../helpers/fixtures";

const slides = ["First", "Second", "Third", "Fourth"].map((text) => <p key={text}>{text}</p>);

const renderCarousel = (interval = 2000) =>
  render(
    <Carousel label="Our work" interval={interval} transitionTime={300} labels={carouselLabels}>
      {slides}
    </Carousel>,
  );

const wait = (ms: number) => act(() => jest.advanceTimersByTime(ms));

/** The carousel as a visitor meets it: rendered, and started at the first idle moment. */
const renderRunning = (interval = 2000) => {
  const result = renderCarousel(interval);
  startSlideshows();
  return result;
};

describe("Carousel", () => {
  // The slideshow's code is a file of its own (a dynamic import).
  beforeAll(carouselCodeLoaded);

  beforeEach(() => {
    jest.useFakeTimers();
    setReducedMotion(false);
  });
  afterEach(() => jest.useRealTimers());

  it("is a labelled region whose slides are labelled by position", () => {
    renderRunning();
    expect(screen.getByRole("group", { name: "Our work" })).toHaveAttribute("aria-roledescription", "carousel");
    expect(slideGroups().map((s) => s.getAttribute("aria-label"))).toEqual(["1 of 4", "2 of 4", "3 of 4", "4 of 4"]);
  });

  it("renders each slide once (no clones) and hides all but the current one", () => {
    renderRunning();
    expect(screen.getAllByText("First", { selector: "p" })).toHaveLength(1);
    const hidden = slideGroups().filter((s) => s.getAttribute("aria-hidden"));
    expect(hidden).toHaveLength(3);
    hidden.forEach((slide) => expect(slide).toHaveAttribute("inert"));
  });

  it("starts at the browser's first idle moment: the first interval counts from there", () => {
    const idle: (() => void)[] = [];
    window.requestIdleCallback = (callback) => idle.push(() => callback({} as IdleDeadline)) as number;
    window.cancelIdleCallback = () => undefined;
    try {
      const { unmount } = renderCarousel(2000);
      wait(5000);
      expect(shownSlide()).toBe("1 of 4");
      act(() => idle.forEach((run) => run()));
      wait(1999);
      expect(shownSlide()).toBe("1 of 4");
      wait(1);
      expect(shownSlide()).toBe("2 of 4");
      unmount();
    } finally {
      // jsdom has neither: the carousel then starts after a 0 ms timer.
      delete (window as Partial<Window>).requestIdleCallback;
      delete (window as Partial<Window>).cancelIdleCallback;
    }
  });

  it("advances after exactly the interval and wraps from the last slide to the first", () => {
    renderRunning(2000);
    expect(shownSlide()).toBe("1 of 4");
    wait(1999);
    expect(shownSlide()).toBe("1 of 4");
    wait(1);
    expect(shownSlide()).toBe("2 of 4");
    wait(2000);
    expect(shownSlide()).toBe("3 of 4");
    wait(2000);
    expect(shownSlide()).toBe("4 of 4");
    wait(2000);
    expect(shownSlide()).toBe("1 of 4");
  });

  it("wraps backwards with the previous button and forwards with next", () => {
    renderRunning();
    fireEvent.click(screen.getByRole("button", { name: "Previous slide" }));
    expect(shownSlide()).toBe("4 of 4");
    fireEvent.click(screen.getByRole("button", { name: "Next slide" }));
    expect(shownSlide()).toBe("1 of 4");
  });

  it("goes to a slide from its dot, which says which slide it shows", () => {
    renderRunning();
    fireEvent.click(screen.getByRole("button", { name: "Go to slide 3 of 4" }));
    expect(shownSlide()).toBe("3 of 4");
    expect(screen.getByRole("button", { name: "Go to slide 3 of 4" })).toHaveAttribute("aria-current", "true");
  });

  it("pauses and plays from its control", () => {
    renderRunning(1500);
    fireEvent.click(screen.getByRole("button", { name: "Pause slideshow" }));
    wait(5000);
    expect(shownSlide()).toBe("1 of 4");
    fireEvent.click(screen.getByRole("button", { name: "Play slideshow" }));
    wait(1500);
    expect(shownSlide()).toBe("2 of 4");
  });

  it("pauses while the pointer is over it", () => {
    renderRunning(1500);
    const region = screen.getByRole("group", { name: "Our work" });
    fireEvent.mouseEnter(region);
    wait(5000);
    expect(shownSlide()).toBe("1 of 4");
    fireEvent.mouseLeave(region);
    wait(1500);
    expect(shownSlide()).toBe("2 of 4");
  });

  it("pauses while keyboard focus is inside it", () => {
    renderRunning(1500);
    act(() => screen.getByRole("button", { name: "Next slide" }).focus());
    wait(5000);
    expect(shownSlide()).toBe("1 of 4");
    act(() => screen.getByRole("button", { name: "Next slide" }).blur());
    wait(1500);
    expect(shownSlide()).toBe("2 of 4");
  });

  it("does not move by itself under reduced motion", () => {
    setReducedMotion(true);
    renderRunning(1500);
    wait(5000);
    expect(shownSlide()).toBe("1 of 4");
    expect(screen.getByRole("button", { name: "Play slideshow" })).toBeInTheDocument();
  });
});

describe("Carousel whose code cannot load", () => {
  it("shows every slide, one under the other, in a group named by its label", async () => {
    let Failing: typeof Carousel | undefined;
    await jest.isolateModulesAsync(async () => {
      jest.doMock("../../src/components/Carousel/Slideshow", () => {
        throw new Error("chunk failed to load");
      });
      const module = await import("../../src/components/Carousel/Carousel");
      await module.loadSlideshow();
      Failing = module.Carousel;
    });
    const FailingCarousel = Failing!;
    render(
      <FailingCarousel label="Our work" interval={2000} transitionTime={300} labels={carouselLabels}>
        {slides}
      </FailingCarousel>,
    );
    // React.lazy suspends once (the first slide shows meanwhile), then every slide shows.
    await waitFor(() => expect(screen.getByRole("group", { name: "Our work" })).toHaveTextContent("Second"));
    for (const text of ["First", "Second", "Third", "Fourth"])
      expect(screen.getByRole("group", { name: "Our work" })).toHaveTextContent(text);
    expect(screen.queryByRole("button")).toBeNull();
  });
});
