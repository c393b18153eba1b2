import { render, screen, within } from "@testing-library/react";
import React from "react";
import { Clients } from "../../src/sections/Clients/Clients";
import { fakeImage } from "../helpers/fixtures";

const logos = Array.from({ length: 10 }, (_, i) => ({ name: `Client ${i + 1}`, logo: fakeImage(`client-${i}`) }));

describe("Clients", () => {
  beforeEach(() =>
    render(
      <Clients
        anchor="clients"
        title="our clients"
        text="We did a great job with these companies. You can be next to work-with."
        logos={logos}
        contact={{ label: "Contact us", url: "https://mail.example.test/compose?to=a@b.test" }}
        newTabLabel="opens in a new tab"
      />,
    ),
  );

  it("is the section its anchor names, with its heading and text", () => {
    const section = screen.getByRole("region", { name: "our clients" });
    expect(section).toHaveAttribute("id", "clients");
    expect(section).toHaveTextContent("We did a great job with these companies. You can be next to work-with.");
  });

  it("shows the ten logos in two rows of five, each named", () => {
    const rows = screen.getAllByRole("list");
    expect(rows).toHaveLength(2);
    rows.forEach((row) => expect(within(row).getAllByRole("listitem")).toHaveLength(5));
    logos.forEach((client) => expect(screen.getByRole("img", { name: client.name })).toBeInTheDocument());
  });

  it("has a 'Contact us' button opening the web-mail compose window in a new tab", () => {
    const button = screen.getByRole("link", { name: /^Contact us/ });
    expect(button).toHaveAttribute("href", "https://mail.example.test/compose?to=a@b.test");
    expect(button).toHaveAttribute("target", "_blank");
    expect(button).toHaveAttribute("rel", "noopener noreferrer");
  });
});
