import { render, screen } from "@testing-library/react";
import React from "react";
import { SmartLink } from "../../src/components/SmartLink";

describe("SmartLink", () => {
  it("sends pages of the site through Gatsby's Link", () => {
    render(<SmartLink to="/hard_anodizing">Know more!</SmartLink>);
    const link = screen.getByRole("link", { name: "Know more!" });
    expect(link).toHaveAttribute("href", "/hard_anodizing");
    expect(link).toHaveAttribute("data-gatsby-link", "true");
  });

  it("opens outside addresses in a new tab, safely, and says so", () => {
    render(
      <SmartLink to="https://mail.example.test/compose" newTabLabel="opens in a new tab">
        Contact us
      </SmartLink>,
    );
    const link = screen.getByRole("link", { name: "Contact us (opens in a new tab)" });
    expect(link).toHaveAttribute("target", "_blank");
    expect(link).toHaveAttribute("rel", "noopener noreferrer");
    expect(link).not.toHaveAttribute("data-gatsby-link");
  });

  it("leaves mailto: links as they are", () => {
    render(<SmartLink to="mailto:a@b.test">Write</SmartLink>);
    expect(screen.getByRole("link", { name: "Write" })).toHaveAttribute("href", "mailto:a@b.test");
    expect(screen.getByRole("link", { name: "Write" })).not.toHaveAttribute("target");
  });
});

describe("SmartLink to a section of the page being shown", () => {
  it("scrolls there smoothly, updates the address and moves focus there", () => {
    window.history.replaceState(null, "", "/");
    document.body.insertAdjacentHTML("beforeend", '<section id="clients">Clients</section>');
    const section = document.getElementById("clients")!;
    section.scrollIntoView = jest.fn();
    render(<SmartLink to="/#clients">Our Clients</SmartLink>);
    screen.getByRole("link", { name: "Our Clients" }).click();
    expect(section.scrollIntoView).toHaveBeenCalledWith({ behavior: "smooth" });
    expect(window.location.hash).toBe("#clients");
    expect(section).toHaveFocus();
    section.remove();
  });

  it("leaves a link to a section of another page to Gatsby", () => {
    window.history.replaceState(null, "", "/hard_anodizing");
    render(<SmartLink to="/#clients">Our Clients</SmartLink>);
    const link = screen.getByRole("link", { name: "Our Clients" });
    const event = new MouseEvent("click", { bubbles: true, cancelable: true });
    link.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(false);
  });
});
