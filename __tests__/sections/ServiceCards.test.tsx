import { render, screen, within } from "@testing-library/react";
import React from "react";
import { ServiceCards } from "../../src/sections/ServiceCards/ServiceCards";
import { fakeImage } from "../helpers/fixtures";

const card = (title: string, link: string, linkLabel = "Learn More") => ({
  title,
  text: `${title} in brief.`,
  image: fakeImage(title),
  imageAlt: `${title} photo`,
  link,
  linkLabel,
});

describe("ServiceCards", () => {
  it("shows its headings and a 'Learn More' link per card, through Gatsby's Link", () => {
    render(
      <ServiceCards
        eyebrow="What do we provide?"
        title="Our Services"
        cards={[
          card("Anodising", "/anodizing"),
          card("Conversion", "/conversion_coating"),
          card("Consultancy", "/consultancy"),
        ]}
        teaser={card("Soft & Colour Anodising", "/soft_anodizing", "Know more!")}
      />,
    );
    expect(screen.getByText("What do we provide?")).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 2, name: "Our Services" })).toBeInTheDocument();
    const links = screen.getAllByRole("link", { name: /^Learn More/ });
    expect(links.map((link) => link.getAttribute("href"))).toEqual([
      "/anodizing",
      "/conversion_coating",
      "/consultancy",
    ]);
    links.forEach((link) => expect(link).toHaveAttribute("data-gatsby-link", "true"));
    const teaser = screen.getByRole("link", { name: /^Know more!/ });
    expect(teaser).toHaveAttribute("href", "/soft_anodizing");
    expect(teaser).toHaveAttribute("data-gatsby-link", "true");
    expect(within(teaser).getByText(/Soft & Colour Anodising/)).toBeInTheDocument();
  });
});
