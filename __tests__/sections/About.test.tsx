import { render, screen } from "@testing-library/react";
import React from "react";
import { About } from "../../src/sections/About/About";
import { fakeImage } from "../helpers/fixtures";

describe("About", () => {
  it("carries its anchor as its id, its copy, claims, core values and the Hard Anodising teaser", () => {
    render(
      <About
        anchor="aboutUs"
        eyebrow="About us"
        title="Over 10 years"
        paragraphs={["We anodise.", "Two plants near Pune."]}
        image={fakeImage()}
        imageAlt="A heat-sink"
        claims={[{ title: "10+ years", text: "Over 10 years of track record." }]}
        coreValues={{ title: "Our core values", values: [{ title: "Trust", text: "Long relationships." }] }}
        teaser={{
          title: "Hard Anodising",
          text: "30 to 150 microns.",
          image: fakeImage("hard"),
          imageAlt: "A piston",
          link: "/hard_anodizing",
          linkLabel: "Know more!",
        }}
      />,
    );
    const section = screen.getByRole("region", { name: "Over 10 years" });
    expect(section).toHaveAttribute("id", "aboutUs");
    expect(section).toHaveTextContent("Two plants near Pune.");
    expect(section).toHaveTextContent("Over 10 years of track record.");
    expect(screen.getByRole("heading", { name: "Our core values" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: /^Know more!/ })).toHaveAttribute("href", "/hard_anodizing");
    expect(screen.getByRole("img", { name: "A heat-sink" })).toBeInTheDocument();
  });
});
