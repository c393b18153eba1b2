import { render, screen, within } from "@testing-library/react";
import React from "react";
import { Footer, telHref } from "../../src/components/Footer";
import { openingHoursText } from "../../src/components/Footer/openingHours";
import { footerProps } from "../helpers/site";

describe("Footer", () => {
  beforeEach(() => render(<Footer {...footerProps} />));
  const footer = () => screen.getByRole("contentinfo");

  it("is the #footer the navigation scrolls to", () => {
    expect(footer()).toHaveAttribute("id", "footer");
  });

  it("links the logo to the home page and the mail button to the contact e-mail", () => {
    expect(within(footer()).getByRole("link", { name: "Acme Anodisers" })).toHaveAttribute("href", "/");
    expect(within(footer()).getByRole("link", { name: "Mail us" })).toHaveAttribute("href", "mailto:sales@acme.test");
    expect(within(footer()).getByRole("link", { name: "sales@acme.test" })).toHaveAttribute(
      "href",
      "mailto:sales@acme.test",
    );
  });

  it("shows both plants' addresses and the GSTIN", () => {
    expect(footer()).toHaveTextContent("Unit I");
    expect(footer()).toHaveTextContent("Chakan, Pune");
    expect(footer()).toHaveTextContent("Bhosari, Pune");
    expect(footer()).toHaveTextContent("GSTIN: 27AAPFU0939F1ZV");
  });

  it("says when each plant is open, in the words the build wrote", () => {
    const units = [{ ...footerProps.units[0], hours: "Mo.–Fr. 09:00–18:00" }, footerProps.units[1]];
    const { container } = render(<Footer {...footerProps} units={units} />);
    const plants = container.querySelectorAll("address");
    expect(plants[0]).toHaveTextContent("Mo.–Fr. 09:00–18:00");
    expect(plants[1].textContent).not.toMatch(/\d\d:\d\d/);
  });

  it("writes days in a row as a range, and the rest as a list", () => {
    expect(
      openingHoursText([{ days: ["Monday", "Tuesday", "Wednesday"], opens: "08:30", closes: "17:00" }], "en"),
    ).toBe("Mon–Wed 08:30–17:00");
    expect(openingHoursText([{ days: ["Saturday", "Monday", "Tuesday"], opens: "10:00", closes: "14:00" }], "en")).toBe(
      "Mon, Tue, Sat 10:00–14:00",
    );
    expect(openingHoursText([{ days: ["Monday", "Friday"], opens: "09:00", closes: "12:00" }], "de")).toMatch(
      /^Mo.*, Fr.* 09:00–12:00$/,
    );
  });

  it("gives each of the three contacts a click-to-call link", () => {
    for (const contact of footerProps.contacts) {
      expect(footer()).toHaveTextContent(contact.name);
      expect(within(footer()).getByRole("link", { name: contact.phone })).toHaveAttribute(
        "href",
        telHref(contact.phone),
      );
    }
    expect(telHref("+91 (20) 2345-6789")).toBe("tel:+912023456789");
  });

  // jsdom has no IntersectionObserver: the map is framed at once (early.test.ts covers
  // waiting until it comes near).
  it("frames the map, with a title", () => {
    const map = within(footer()).getByTitle("Map of Unit I");
    expect(map.tagName).toBe("IFRAME");
    expect(map).toHaveAttribute("src", "https://maps.example.test/embed");
  });
});
