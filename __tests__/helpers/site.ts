import type { FooterProps } from "../../src/components/Footer";
import type { NavbarProps } from "../../src/components/Navbar";
import { fakeImage } from "./fixtures";

/** The ways to ask for a price, as a hero is given them (QuoteActions without its facts). */
export const quoteActionsProps = {
  enquiry: {
    slug: "ask",
    linkLabel: "Ask for a price",
    alternatives: {
      callLabel: "Ring us",
      phone: "+91 20 1234 5678",
      whatsappLabel: "Message us",
      whatsapp: "+91 90000 12345",
    },
  },
  newTabLabel: "opens in a new tab",
};

export const navbarProps: NavbarProps = {
  logo: fakeImage("logo"),
  companyName: "Acme Anodisers",
  currentPath: "/",
  quote: { label: "Ask for a price", path: "/ask" },
  printed: { companyName: "Acme Anodisers Private Limited", siteUrl: "https://acme.test" },
  labels: { mainNavigation: "Main navigation", openMenu: "Open menu", closeMenu: "Close menu" },
  items: [
    { label: "Home", link: "/" },
    { label: "About us", link: "/#aboutUs" },
    {
      label: "Services",
      children: [
        { label: "Soft & Colour Anodising", link: "/soft_anodizing" },
        { label: "Hard Anodising", link: "/hard_anodizing" },
        { label: "Passivation / Conversion Coating", link: "/conversion_coating" },
        { label: "Consultancy", link: "/consultancy" },
      ],
    },
    { label: "Our Clients", link: "/#clients" },
    { label: "Ask for a price", link: "/ask" },
    { label: "Contact us", link: "/#footer" },
  ],
};

export const footerProps: FooterProps = {
  logo: fakeImage("logo"),
  companyName: "Acme Anodisers",
  email: "sales@acme.test",
  gstin: "27AAPFU0939F1ZV",
  units: [
    { name: "Unit I", address: "Plot 1,\nChakan, Pune" },
    { name: "Unit II", address: "Plot 2,\nBhosari, Pune" },
  ],
  contacts: [
    { name: "Asha Rao", role: "Director", phone: "+91 98765 43210" },
    { name: "Vikram Shah", phone: "+91 (20) 2345-6789" },
    { name: "Meera Iyer", phone: "+91 90000 11111" },
  ],
  map: { title: "Map of Unit I", embedUrl: "https://maps.example.test/embed" },
  quote: { label: "Ask for a price", path: "/price-request" },
  wording: {
    mailLabel: "Mail us",
    unitsHeading: "Our plants",
    contactsHeading: "Talk to us",
    gstinLabel: "GSTIN",
    emailLabel: "E-mail",
    copyright: "All rights reserved.",
  },
};
