import { render, screen } from "@testing-library/react";
import React from "react";
import { Sections, type SectionData } from "../../src/sections/Sections";
import { carouselLabels, fakeImage, setReducedMotion } from "../helpers/fixtures";

const clients = {
  eyebrow: "our clients",
  text: "You can be next.",
  logos: [{ name: "Client A", logo: fakeImage() }],
  contact: { label: "Contact us", url: "https://mail.example.test/" },
  newTabLabel: "opens in a new tab",
};

const sections: SectionData[] = [
  { type: "statement", heading: "Welcome", title: "Hard anodising", paragraphs: ["Up to 600HV."] },
  {
    type: "productSlider",
    heading: "Parts",
    slides: [
      { image: fakeImage(), imageAlt: "Piston" },
      { image: fakeImage(), imageAlt: "Gear" },
    ],
  },
  { type: "applications", heading: "Areas of application", items: ["Railways-metro", "Defence"] },
  { type: "advantages", heading: "Advantages", points: [{ title: "Hard", text: "Very." }] },
  { type: "serviceCards", heading: "What we provide", cards: [] },
  { type: "about", heading: "About", title: "About anodising", paragraphs: ["Grown from the metal."] },
  { type: "clients" },
] as SectionData[];

describe("Sections", () => {
  beforeEach(() => setReducedMotion(false));

  it("renders each section type, in the order the content lists them", () => {
    render(<Sections sections={sections} labels={carouselLabels} clients={clients} />);
    expect(screen.getAllByRole("heading", { level: 2 }).map((h) => h.textContent)).toEqual([
      "Hard anodising",
      "Parts",
      "Areas of application",
      "Advantages",
      "What we provide",
      "About anodising",
      "our clients",
    ]);
    expect(screen.getByText("Railways-metro")).toBeInTheDocument();
  });

  it("throws on a section type it does not know, for the error page to show", () => {
    jest.spyOn(console, "error").mockImplementation(() => undefined);
    expect(() =>
      render(<Sections sections={[{ type: "gallery" }]} labels={carouselLabels} clients={clients} />),
    ).toThrow('unknown type "gallery"');
  });
});
