import { act, fireEvent, render, screen } from "@testing-library/react";
import React from "react";
import { ScrollToTopButton } from "../../src/components/ScrollToTopButton";
import { SCROLL_TOP_THRESHOLD_PX } from "../../src/constants";
import { setReducedMotion } from "../helpers/fixtures";

const scrollTo = (y: number) =>
  act(() => {
    Object.defineProperty(window, "scrollY", { configurable: true, value: y });
    window.dispatchEvent(new Event("scroll"));
  });

describe("ScrollToTopButton", () => {
  beforeEach(() => setReducedMotion(false));
  const arrow = () => screen.getByLabelText("Back to top");

  it("is hidden at 500 px of scroll or less and shown past it", () => {
    expect(SCROLL_TOP_THRESHOLD_PX).toBe(500);
    render(<ScrollToTopButton label="Back to top" />);
    expect(arrow()).toHaveAttribute("data-visible", "false");
    expect(arrow()).toHaveAttribute("tabindex", "-1");
    scrollTo(500);
    expect(arrow()).toHaveAttribute("data-visible", "false");
    scrollTo(501);
    expect(arrow()).toHaveAttribute("data-visible", "true");
    expect(arrow()).toHaveAttribute("tabindex", "0");
    expect(screen.getByRole("button", { name: "Back to top" })).toBeVisible();
    scrollTo(20);
    expect(arrow()).toHaveAttribute("data-visible", "false");
  });

  it("scrolls smoothly to the top when pressed", () => {
    const spy = jest.fn();
    window.scrollTo = spy as unknown as typeof window.scrollTo;
    render(<ScrollToTopButton label="Back to top" />);
    scrollTo(900);
    fireEvent.click(arrow());
    expect(spy).toHaveBeenCalledWith({ top: 0, behavior: "smooth" });
  });

  it("jumps without animation under reduced motion", () => {
    setReducedMotion(true);
    const spy = jest.fn();
    window.scrollTo = spy as unknown as typeof window.scrollTo;
    render(<ScrollToTopButton label="Back to top" />);
    scrollTo(900);
    fireEvent.click(arrow());
    expect(spy).toHaveBeenCalledWith({ top: 0, behavior: "auto" });
  });
});
