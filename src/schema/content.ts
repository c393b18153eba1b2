// The content schema: the single description of every file under content/.
// The build validates against it, gatsby-node derives its GraphQL types from it,
// and the editor's configuration is derived from it too.
import { CLIENT_LOGO_COUNT, HERO_SLIDE_COUNT } from "../constants";
import { image, list, number, object, paragraph, sections, text } from "./fields";
import { EMAIL, GSTIN, HTTPS_URL, LINK, PHONE, SLUG, gstinChecksumProblem } from "./patterns";

const link = (label: string, options: { required?: boolean } = {}) => text(label, { ...options, pattern: LINK });

const titledText = object(
  "Point",
  {
    title: text("Title"),
    text: paragraph("Text"),
  },
  { typeName: "TitledText" },
);

const linkedCard = object(
  "Card",
  {
    title: text("Title"),
    text: paragraph("Text"),
    image: image("Image"),
    imageAlt: text("Image description (for screen readers)"),
    link: link("Link (a page of this site)"),
    linkLabel: text("Button label"),
  },
  { typeName: "LinkedCard" },
);

const pageMeta = {
  title: text("Page title (browser tab and search results)"),
  description: paragraph("Page description (search results, at most about 160 characters)"),
};

// ---- Sections a page can be built from. Home uses the same shapes by name.
// One vocabulary: `eyebrow` is the small heading above a section's `title`, its main
// heading (the h2); a section type and the component that draws it share a name.

/** The small heading above a section's title: always optional. */
const eyebrow = () => text("Small heading (above the title, optional)", { required: false });
/** A section's main heading. */
const title = () => text("Title (the section's heading)");

const statement = object("Statement", {
  eyebrow: eyebrow(),
  title: title(),
  paragraphs: list("Paragraphs", paragraph("Paragraph"), { min: 1 }),
});

const about = object("About", {
  eyebrow: eyebrow(),
  title: title(),
  paragraphs: list("Paragraphs", paragraph("Paragraph"), { min: 1 }),
  image: image("Image", { required: false }),
  imageAlt: text("Image description (for screen readers)", { required: false }),
  teaser: { ...linkedCard, label: "Teaser (a highlighted service)", required: false },
});

const productSlider = object("Product slider", {
  title: title(),
  slides: list(
    "Slides",
    object("Slide", {
      image: image("Photo"),
      imageAlt: text("Photo description (for screen readers)"),
      caption: text("Caption", { required: false }),
    }),
    { min: 2 },
  ),
  interval: number("Time each slide shows (ms)", 500, 20000, {
    required: false,
    hint: "Leave empty for the standard 1500 ms",
  }),
  transitionTime: number("Time the change of slide takes (ms)", 0, 5000, {
    required: false,
    hint: "Leave empty for the standard 350 ms",
  }),
});

const applications = object("Areas of application", {
  title: title(),
  intro: paragraph("Introduction", { required: false }),
  items: list("Areas", text("Area"), { min: 1 }),
});

// A titled list of points: a service's advantages, the home page's facilities and certificates.
const points = object("Points (advantages, facilities, certificates…)", {
  title: title(),
  intro: paragraph("Introduction", { required: false }),
  points: list("Points", titledText, { min: 1 }),
});

const serviceCards = object("Service cards", {
  eyebrow: eyebrow(),
  title: title(),
  cards: list("Cards", linkedCard, { min: 1 }),
});

// The logos and their text come from content/clients.yaml, so one edit serves every page.
const clients = object("Clients", {});

export const sectionTypes = {
  statement,
  about,
  productSlider,
  applications,
  points,
  serviceCards,
  clients,
};

// ---- One file each.

export const siteSchema = object("Site settings", {
  url: text("Address of the published site", { pattern: HTTPS_URL }),
  company: object("Company", {
    name: text("Company name"),
    shortName: text("Short name (phone home screens)"),
    tagline: text("Tagline"),
    description: paragraph("Description for search results"),
    logo: image("Logo", { hint: "A PNG at least 512 px wide, on a transparent background" }),
    themeColor: text("Theme colour", {
      pattern: { regex: "^#[0-9a-fA-F]{6}$", message: "must be a colour such as #0b3a5b" },
    }),
  }),
  claims: list("Claims", titledText, { min: 1 }),
  coreValues: object("Core values", {
    title: text("Title"),
    values: list("Values", titledText, { min: 1 }),
  }),
  units: list(
    "Plants",
    object("Plant", {
      name: text("Name"),
      address: paragraph("Address"),
    }),
    { min: 1 },
  ),
  gstin: text("GSTIN", { pattern: GSTIN, check: gstinChecksumProblem }),
  contacts: list(
    "Contact persons",
    object("Contact person", {
      name: text("Name"),
      role: text("Role", { required: false }),
      phone: text("Phone", { pattern: PHONE }),
    }),
    { min: 1 },
  ),
  email: text("Contact e-mail", { pattern: EMAIL }),
  map: object("Map", {
    title: text("What the map shows (for screen readers)"),
    embedUrl: text("Map embed address", { pattern: HTTPS_URL }),
  }),
  webmail: object("'Contact us' button", {
    label: text("Label"),
    url: text("Web-mail compose address", { pattern: HTTPS_URL }),
  }),
  navigation: list(
    "Navigation bar",
    object("Item", {
      label: text("Label"),
      link: link("Link", { required: false }),
      children: list("Drop-down items", object("Drop-down item", { label: text("Label"), link: link("Link") }), {
        required: false,
      }),
    }),
    { min: 1 },
  ),
  footer: object("Footer", {
    mailLabel: text("Mail button label"),
    unitsHeading: text("Plants heading"),
    contactsHeading: text("Contacts heading"),
    gstinLabel: text("GSTIN label"),
    emailLabel: text("E-mail label"),
    copyright: text("Copyright line"),
  }),
  labels: object("Screen-reader and control labels", {
    skipToContent: text("Skip to content"),
    mainNavigation: text("Main navigation"),
    openMenu: text("Open menu"),
    closeMenu: text("Close menu"),
    scrollToTop: text("Back to top"),
    previousSlide: text("Previous slide"),
    nextSlide: text("Next slide"),
    goToSlide: text("Go to slide"),
    pause: text("Pause slideshow"),
    play: text("Play slideshow"),
    slideOf: text("Slide position", { hint: "{current} and {total} are replaced, e.g. '{current} of {total}'" }),
    opensInNewTab: text("Opens in a new tab"),
  }),
  notFound: object("Page not found", {
    title: text("Title"),
    text: paragraph("Text"),
    linksHeading: text("Heading above the list of pages"),
    homeLabel: text("Home link label"),
  }),
});

export const homeSchema = object("Home page", {
  ...pageMeta,
  hero: object("Hero", {
    slides: list(
      "Slides",
      object("Slide", {
        title: text("Title"),
        text: paragraph("Short description"),
        image: image("Background photo"),
        imageAlt: text("Photo description (for screen readers)"),
      }),
      { min: HERO_SLIDE_COUNT, max: HERO_SLIDE_COUNT },
    ),
    interval: number("Time each slide shows (ms)", 500, 20000, {
      required: false,
      hint: "Leave empty for the standard 2000 ms",
    }),
  }),
  about,
  services: object("Services", { ...serviceCards.fields, teaser: { ...linkedCard, label: "Teaser" } }),
  facilities: { ...points, label: "Facilities" },
  applications,
  certificates: { ...points, label: "Certificates" },
});

export const clientsSchema = object("Clients", {
  title: title(),
  text: paragraph("Text"),
  logos: list(
    "Logos",
    object("Client", {
      name: text("Company name"),
      logo: image("Logo"),
    }),
    { min: CLIENT_LOGO_COUNT, max: CLIENT_LOGO_COUNT },
  ),
});

export const serviceSchema = object("Service page", {
  slug: text("Page address (after the /)", { pattern: SLUG }),
  ...pageMeta,
  hero: object("Hero", {
    title: text("Title"),
    text: paragraph("Short description", { required: false }),
    image: image("Background photo"),
    imageAlt: text("Photo description (for screen readers)"),
  }),
  sections: sections("Sections", sectionTypes),
});

/** Where each kind of file lives, relative to content/, and its GraphQL type. */
export const contentFiles = [
  { name: "site", glob: "site.yaml", typeName: "SiteYaml", schema: siteSchema },
  { name: "home", glob: "home.yaml", typeName: "HomeYaml", schema: homeSchema },
  { name: "clients", glob: "clients.yaml", typeName: "ClientsYaml", schema: clientsSchema },
  { name: "services", glob: "services/*.yaml", typeName: "ServiceYaml", schema: serviceSchema },
] as const;
