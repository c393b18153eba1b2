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

// The carousels' code is a file of its own (a dynamic import).
beforeAll(carouselCodeLoaded);

const slides = ["Welcome", "Anodising", "Conversion & Passivation", "Consultancy"].map((title) => ({
  title,
  text: `About ${title}`,
  image: fakeImage(title),
  imageAlt: `${title} photo`,
}));

const enquiry = {
  slug: "ask",
  linkLabel: "Ask for a price",
  alternatives: {
    callLabel: "Ring us",
    phone: "+91 20 1234 5678",
    whatsappLabel: "Message us",
    whatsapp: "+91 90000 12345",
  },
};
const actions = { enquiry, newTabLabel: "opens in a new tab" };
const facts = ["Hard anodising to 150 microns", "Parts up to 2 m"];

describe("HomeHero", () => {
  beforeEach(() => setReducedMotion(false));

  it("is the #home section with four titled slides, the first title the page's h1", () => {
    const { container } = render(<HomeHero slides={slides} label="Acme" labels={carouselLabels} actions={actions} />);
    expect(container.querySelector("section")).toHaveAttribute("id", "home");
    expect(HERO_SLIDE_COUNT).toBe(4);
    expect(slideGroups()).toHaveLength(4);
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("Welcome");
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
