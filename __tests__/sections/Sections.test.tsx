import { render, screen } from "@testing-library/react";
import React from "react";
import { today } from "../../src/schema/expiry";
import { Sections, type SectionData } from "../../src/sections/Sections";
import { carouselLabels, fakeImage, setReducedMotion, carouselCodeLoaded, clientsProps } from "../helpers/fixtures";

// The carousels' code is a file of its own (a dynamic import).
beforeAll(carouselCodeLoaded);

const sections: SectionData[] = [
  {
    __typename: "StatementSection",
    anchor: "welcome",
    eyebrow: "Welcome",
    title: "Hard anodising",
    paragraphs: ["Up to 600HV."],
  },
  {
    __typename: "ProductSliderSection",
    anchor: null,
    title: "Parts",
    slides: [
      { image: fakeImage(), imageAlt: "Piston", caption: null },
      { image: fakeImage(), imageAlt: "Gear", caption: null },
    ],
    interval: null,
    transitionTime: null,
  },
  {
    __typename: "ApplicationsSection",
    anchor: null,
    title: "Areas of application",
    intro: null,
    items: ["Railways-metro", "Defence"],
  },
  {
    __typename: "PointsSection",
    anchor: null,
    title: "Advantages",
    intro: null,
    points: [{ title: "Hard", text: "Very." }],
    tone: "mist",
  },
  { __typename: "ServiceCardsSection", anchor: null, eyebrow: null, title: "What we provide", cards: [], teaser: null },
  {
    __typename: "AboutSection",
    anchor: null,
    eyebrow: "About",
    title: "About anodising",
    paragraphs: ["Grown from the metal."],
    image: null,
    imageAlt: null,
    claims: null,
    coreValues: null,
    teaser: null,
  },
  { __typename: "ClientsSection", anchor: "clients" },
];

describe("Sections", () => {
  beforeEach(() => setReducedMotion(false));

  it("renders each section type, in the order the content lists them", () => {
    render(<Sections sections={sections} labels={carouselLabels} clients={clientsProps} today={today()} />);
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
    // Anchors from content become the sections' ids; the clients take the shared logos.
    expect(screen.getByRole("region", { name: "Hard anodising" })).toHaveAttribute("id", "welcome");
    expect(screen.getByRole("region", { name: "our clients" })).toHaveAttribute("id", "clients");
  });

  it("throws on a section type it does not know, for the error page to show", () => {
    jest.spyOn(console, "error").mockImplementation(() => undefined);
    expect(() =>
      render(
        <Sections
          sections={[{ __typename: "GallerySection" } as unknown as SectionData]}
          labels={carouselLabels}
          clients={clientsProps}
          today={today()}
        />,
      ),
    ).toThrow('unknown type "GallerySection"');
  });
});
