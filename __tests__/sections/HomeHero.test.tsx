import { act, render, screen } from "@testing-library/react";
import React from "react";

import { HERO_INTERVAL_MS, HERO_SLIDE_COUNT } from "../../src/constants";
import { HomeHero } from "../../src/sections/HomeHero";
import {
  carouselLabels,
  fakeImage,
  setReducedMotion,
  shownSlide,
  slideGroups,
  startSlideshows,
  carouselCodeLoaded,
} from "../helpers/fixtures";
import { quoteActionsProps as actions } from "../helpers/site";

// The carousels' code is a file of its own (a dynamic import).
beforeAll(carouselCodeLoaded);

const slides = ["Welcome", "Anodising", "Conversion & Passivation", "Consultancy"].map((title) => ({
  title,
  text: `About ${title}`,
  image: fakeImage(title),
  imageAlt: `${title} photo`,
}));

const facts = ["Hard anodising to 150 microns", "Parts up to 2 m"];

describe("HomeHero", () => {
  beforeEach(() => setReducedMotion(false));

  it("is the #home section with four slides titled h2, under the page's h1: the company's name", () => {
    const { container } = render(<HomeHero slides={slides} label="Acme" labels={carouselLabels} actions={actions} />);
    expect(container.querySelector("section")).toHaveAttribute("id", "home");
    expect(HERO_SLIDE_COUNT).toBe(4);
    expect(slideGroups()).toHaveLength(4);
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("Acme");
    expect(screen.getByRole("heading", { level: 1 }).closest('[aria-roledescription="slide"]')).toBeNull();
    for (const slide of slides)
      expect(screen.getByRole("heading", { level: 2, name: slide.title, hidden: true })).toBeInTheDocument();
    for (const slide of slides) expect(container).toHaveTextContent(slide.text);
  });

  it("shows the key facts and the ways to ask for a price outside the turning slides", () => {
    render(<HomeHero slides={slides} label="Acme" labels={carouselLabels} actions={actions} facts={facts} />);
    for (const fact of facts) {
      expect(screen.getByText(fact).closest('[aria-roledescription="slide"]')).toBeNull();
    }
    expect(screen.getByRole("link", { name: "Ask for a price" })).toHaveAttribute("href", "/ask");
    expect(screen.getByRole("link", { name: /Ring us/ })).toHaveAttribute("href", "tel:+912012345678");
    const chat = screen.getByRole("link", { name: "Message us (opens in a new tab)" });
    expect(chat).toHaveAttribute("href", "https://wa.me/919000012345");
    expect(chat).toHaveAttribute("rel", "noopener noreferrer");
  });

  it("shows each slide for 2000 ms and wraps around", () => {
    jest.useFakeTimers();
    render(<HomeHero slides={slides} label="Acme" labels={carouselLabels} actions={actions} />);
    startSlideshows();
    expect(HERO_INTERVAL_MS).toBe(2000);
    for (const expected of ["2 of 4", "3 of 4", "4 of 4", "1 of 4"]) {
      act(() => jest.advanceTimersByTime(1999));
      expect(shownSlide()).not.toBe(expected);
      act(() => jest.advanceTimersByTime(1));
      expect(shownSlide()).toBe(expected);
    }
    jest.useRealTimers();
  });
});
