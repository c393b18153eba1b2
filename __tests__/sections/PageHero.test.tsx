import { render, screen } from "@testing-library/react";
import React from "react";
import { PageHero } from "../../src/sections/PageHero";
import { fakeImage } from "../helpers/fixtures";
import { quoteActionsProps as actions } from "../helpers/site";

describe("PageHero", () => {
  it("holds the page's h1, its key facts and the three ways to ask for a price", () => {
    render(
      <PageHero
        title="Hard Anodising"
        text="Thick layers."
        facts={["Up to 150 microns", "MIL-A-8625 Type III"]}
        image={fakeImage("hero")}
        imageAlt="A cylinder"
        actions={{ ...actions, service: "hard" }}
      />,
    );
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("Hard Anodising");
    expect(screen.getAllByRole("listitem").map((item) => item.textContent)).toEqual([
      "Up to 150 microns",
      "MIL-A-8625 Type III",
    ]);
    expect(screen.getByRole("link", { name: "Ask for a price" })).toHaveAttribute("href", "/ask?service=hard");
    expect(screen.getByRole("link", { name: /Ring us/ })).toHaveAttribute("href", "tel:+912012345678");
    expect(screen.getByRole("link", { name: "Message us (opens in a new tab)" })).toHaveAttribute("target", "_blank");
  });

  it("draws no empty list when the content names no facts", () => {
    render(<PageHero title="Consultancy" image={fakeImage("hero")} imageAlt="" actions={actions} />);
    expect(screen.queryByRole("list")).toBeNull();
  });
});
