import { act, fireEvent, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import React from "react";
import { Navbar } from "../../src/components/Navbar";
import { navbarProps } from "../helpers/site";

const servicesButton = () => screen.getByRole("button", { name: "Services" });
const serviceLinks = () => screen.getAllByRole("link", { name: /Anodising|Coating|Consultancy/ });

describe("Navbar", () => {
  it("links the logo and Home to / and the section items to the home page's sections", () => {
    render(<Navbar {...navbarProps} />);
    const nav = screen.getByRole("navigation", { name: "Main navigation" });
    expect(within(nav).getByRole("link", { name: "Acme Anodisers" })).toHaveAttribute("href", "/");
    expect(within(nav).getByRole("link", { name: "Home" })).toHaveAttribute("href", "/");
    expect(within(nav).getByRole("link", { name: "About us" })).toHaveAttribute("href", "/#aboutUs");
    expect(within(nav).getByRole("link", { name: "Our Clients" })).toHaveAttribute("href", "/#clients");
    expect(within(nav).getByRole("link", { name: "Contact us" })).toHaveAttribute("href", "/#footer");
  });

  it("shows the quote form's button outside the folding menu, once", () => {
    render(<Navbar {...navbarProps} />);
    const quote = screen.getAllByRole("link", { name: "Ask for a price" });
    expect(quote).toHaveLength(1);
    expect(quote[0]).toHaveAttribute("href", "/ask");
    expect(document.getElementById("site-menu")).not.toContainElement(quote[0]);
  });

  it("words the quote button as the navigation's item to the form, or else by the form's own link label", () => {
    const items = navbarProps.items.map((item) => (item.link === "/ask" ? { ...item, label: "Get a quote" } : item));
    const { unmount } = render(<Navbar {...navbarProps} items={items} />);
    expect(screen.getByRole("link", { name: "Get a quote" })).toHaveAttribute("href", "/ask");
    expect(screen.queryByRole("link", { name: "Ask for a price" })).toBeNull();
    unmount();
    render(<Navbar {...navbarProps} items={items.filter((item) => item.link !== "/ask")} />);
    expect(screen.getByRole("link", { name: "Ask for a price" })).toHaveAttribute("href", "/ask");
  });

  it("carries, for paper, the company's full name and the site's address", () => {
    render(<Navbar {...navbarProps} />);
    const brand = screen.getByRole("link", { name: "Acme Anodisers" });
    expect(brand).toHaveTextContent("Acme Anodisers Private Limited");
    expect(brand).toHaveTextContent("https://acme.test");
  });

  it("lists the four services in the Services drop-down, in order", () => {
    render(<Navbar {...navbarProps} />);
    expect(serviceLinks().map((link) => [link.textContent, link.getAttribute("href")])).toEqual([
      ["Soft & Colour Anodising", "/soft_anodizing"],
      ["Hard Anodising", "/hard_anodizing"],
      ["Passivation / Conversion Coating", "/conversion_coating"],
      ["Consultancy", "/consultancy"],
    ]);
  });

  it("opens and closes the drop-down by click, and closes it on an outside click", async () => {
    const user = userEvent.setup();
    render(<Navbar {...navbarProps} />);
    expect(servicesButton()).toHaveAttribute("aria-expanded", "false");
    await user.click(servicesButton());
    expect(servicesButton()).toHaveAttribute("aria-expanded", "true");
    await user.click(servicesButton());
    expect(servicesButton()).toHaveAttribute("aria-expanded", "false");
    await user.click(servicesButton());
    fireEvent.mouseDown(document.body);
    expect(servicesButton()).toHaveAttribute("aria-expanded", "false");
  });

  it("opens with Enter and Space, moves with the arrow keys and closes with Escape", async () => {
    const user = userEvent.setup();
    render(<Navbar {...navbarProps} />);
    servicesButton().focus();
    await user.keyboard("{Enter}");
    expect(servicesButton()).toHaveAttribute("aria-expanded", "true");
    await user.keyboard("{Escape}");
    expect(servicesButton()).toHaveAttribute("aria-expanded", "false");
    expect(servicesButton()).toHaveFocus();
    await user.keyboard(" ");
    expect(servicesButton()).toHaveAttribute("aria-expanded", "true");
    await user.keyboard("{Escape}{ArrowDown}");
    await act(() => new Promise((resolve) => window.requestAnimationFrame(resolve)));
    expect(servicesButton()).toHaveAttribute("aria-expanded", "true");
    expect(serviceLinks()[0]).toHaveFocus();
    await user.keyboard("{ArrowUp}");
    expect(serviceLinks()[3]).toHaveFocus();
    await user.keyboard("{ArrowDown}");
    expect(serviceLinks()[0]).toHaveFocus();
  });

  it("marks the current page", () => {
    render(<Navbar {...navbarProps} currentPath="/hard_anodizing/" />);
    expect(screen.getByRole("link", { name: "Hard Anodising" })).toHaveAttribute("aria-current", "page");
    expect(screen.getByRole("link", { name: "Home" })).not.toHaveAttribute("aria-current");
  });

  it("has a labelled menu toggle; closing the menu closes its open drop-down", async () => {
    const user = userEvent.setup();
    render(<Navbar {...navbarProps} />);
    const toggle = screen.getByRole("button", { name: "Open menu" });
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    await user.click(toggle);
    expect(toggle).toHaveAttribute("aria-expanded", "true");
    expect(toggle).toHaveAccessibleName("Close menu");
    await user.click(servicesButton());
    await user.click(toggle);
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    expect(servicesButton()).toHaveAttribute("aria-expanded", "false");
  });

  it("closes the menu when a link is chosen", async () => {
    const user = userEvent.setup();
    render(<Navbar {...navbarProps} />);
    await user.click(screen.getByRole("button", { name: "Open menu" }));
    await user.click(screen.getByRole("link", { name: "About us" }));
    expect(screen.getByRole("button", { name: "Open menu" })).toHaveAttribute("aria-expanded", "false");
  });

  it("offers the page's twin in another language as the menu's last item, named in that language", () => {
    render(<Navbar {...navbarProps} languages={[{ language: "de", path: "/de/hard_anodizing" }]} homePath="/" />);
    const menu = document.getElementById("site-menu")!;
    const last = menu.lastElementChild!.querySelector("a")!;
    expect(last).toHaveTextContent("Deutsch");
    expect(last).toHaveAttribute("href", "/de/hard_anodizing");
    expect(last).toHaveAttribute("lang", "de");
    expect(last).toHaveAttribute("hreflang", "de");
  });

  it("links the logo to the home page in the page's language", () => {
    render(<Navbar {...navbarProps} homePath="/de" />);
    expect(screen.getAllByRole("link")[0]).toHaveAttribute("href", "/de");
  });
});
