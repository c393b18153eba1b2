import { render, screen } from "@testing-library/react";
import React from "react";
import { Colours } from "../../src/sections/Colours/Colours";
import { fakeImage } from "../helpers/fixtures";

describe("Colours", () => {
  it("names each colour as text beside its swatch; the swatch is only seen", () => {
    render(
      <Colours
        title="Colours"
        colours={[
          { name: "Gold", swatch: "#c8a24a", note: "Outdoor parts too" },
          { name: "Black", swatch: "#1c1c1e", photo: fakeImage("black") },
        ]}
      />,
    );
    const items = screen.getAllByRole("listitem");
    expect(items.map((item) => item.textContent)).toEqual(["GoldOutdoor parts too", "Black"]);
    const swatches = items.map((item) => item.querySelector("[aria-hidden='true']") as HTMLElement);
    expect(swatches[0].style.getPropertyValue("--swatch")).toBe("#c8a24a");
    // A photo on the swatch replaces the colour for the eye; its name is already the text.
    expect(swatches[1].querySelector("img")).toHaveAttribute("alt", "");
    expect(screen.queryByRole("img")).toBeNull();
  });
});
