import { render, screen } from "@testing-library/react";
import React from "react";
import { QuoteActions } from "../../src/components/QuoteActions";
import { quoteActionsProps as actions } from "../helpers/site";

const estimate = { slug: "check", linkLabel: "Check your part" };

describe("QuoteActions' link to the estimate desk", () => {
  it("chooses a service page's process in advance", () => {
    render(<QuoteActions {...actions} service="hard" estimate={estimate} />);
    expect(screen.getByRole("link", { name: "Check your part" })).toHaveAttribute("href", "/check?service=hard");
  });

  it("chooses a standard page's standard in advance", () => {
    render(<QuoteActions {...actions} standard="std-one" estimate={estimate} />);
    expect(screen.getByRole("link", { name: "Check your part" })).toHaveAttribute("href", "/check?standard=std-one");
  });

  it("leads to the desk alone from the home page", () => {
    render(<QuoteActions {...actions} estimate={estimate} />);
    expect(screen.getByRole("link", { name: "Check your part" })).toHaveAttribute("href", "/check");
  });

  it("is left out when the site has no estimate desk", () => {
    render(<QuoteActions {...actions} estimate={null} />);
    expect(screen.queryByRole("link", { name: "Check your part" })).toBeNull();
    expect(screen.getAllByRole("link")).toHaveLength(3);
  });
});
