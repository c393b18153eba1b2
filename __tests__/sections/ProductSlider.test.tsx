import { act, render, screen } from "@testing-library/react";
import React from "react";

import { ProductSlider } from "../../src/sections/ProductSlider/ProductSlider";
import {
  carouselLabels,
  fakeImage,
  setReducedMotion,
  shownSlide,
  startSlideshows,
  carouselCodeLoaded,
} from "../helpers/fixtures";

// The carousels' code is a file of its own (a dynamic import).
beforeAll(carouselCodeLoaded);

const slides = ["Pistons", "Cylinders", "Heat-sinks"].map((caption) => ({
  image: fakeImage(caption),
  imageAlt: `${caption} photo`,
  caption,
}));

describe("ProductSlider", () => {
  beforeEach(() => {
    setReducedMotion(false);
    jest.useFakeTimers();
  });
  afterEach(() => jest.useRealTimers());

  it("advances every 1500 ms unless its content says otherwise", () => {
    render(<ProductSlider title="Parts" slides={slides} labels={carouselLabels} />);
    startSlideshows();
    expect(screen.getByRole("heading", { level: 2, name: "Parts" })).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1499));
    expect(shownSlide()).toBe("1 of 3");
    act(() => jest.advanceTimersByTime(1));
    expect(shownSlide()).toBe("2 of 3");
  });

  it("follows an interval from content (the conversion coating slider's 3000 ms)", () => {
    render(
      <ProductSlider title="Parts" slides={slides} interval={3000} transitionTime={2000} labels={carouselLabels} />,
    );
    startSlideshows();
    act(() => jest.advanceTimersByTime(2999));
    expect(shownSlide()).toBe("1 of 3");
    act(() => jest.advanceTimersByTime(1));
    expect(shownSlide()).toBe("2 of 3");
  });

  it("shows each photo with its description and caption", () => {
    render(<ProductSlider title="Parts" slides={slides} labels={carouselLabels} />);
    expect(screen.getByRole("img", { name: "Pistons photo" })).toBeInTheDocument();
    expect(screen.getByText("Pistons")).toBeInTheDocument();
  });
});
