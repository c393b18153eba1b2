// The content schema: the single description of every file under content/.
// The build validates against it, gatsby-node derives its GraphQL types from it,
// and the editor's configuration is derived from it too.
import {
  CLIENT_LOGO_COUNT,
  HERO_INTERVAL_MS,
  HERO_SLIDE_COUNT,
  LAYOUT_IDS,
  WEEKDAYS,
  type Weekday,
} from "../constants";
import { SECTIONS, type RegisteredSection } from "../sections/registry";
import { MAY_BE_OPTIONAL, QUESTION_KINDS, type FixedName, type QuestionKind } from "../enquiry/rules";
import {
  choice,
  image,
  list,
  number,
  object,
  paragraph,
  sections,
  text,
  type Data,
  type Fields,
  type ObjectField,
} from "./fields";
import {
  ANCHOR,
  COLOUR,
  COUNTRY,
  EMAIL,
  GSTIN,
  HTTPS_URL,
  PHONE,
  POSTAL_CODE,
  SLUG,
  TIME,
  gstinChecksumProblem,
} from "./patterns";
import { estimateSchema } from "./estimate";
import { keyFacts, link, thicknessRange, title } from "./pieces";

const pageMeta = {
  title: text("Page title (browser tab and search results)"),
  description: paragraph("Page description (search results, at most about 160 characters)"),
};

// ---- Sections a page is built from, in the order its file lists them. Each kind lives
// in its own folder under src/sections/ (its schema here, its component and query
// fragment beside it); src/sections/Sections.tsx draws them.

/** Every section may name its element, for links such as /#aboutUs (optional). */
const anchor = text("Anchor: links such as /#aboutUs scroll to this section", {
  required: false,
  pattern: ANCHOR,
  check: (value) => (LAYOUT_IDS.includes(value) ? `is used by every page's layout: choose another` : null),
});

const withAnchor = <F extends Fields>(shape: ObjectField<F, true>) => object(shape.label, { ...shape.fields, anchor });

type WithAnchor<S extends RegisteredSection> = ReturnType<typeof withAnchor<S["schema"]["fields"]>>;

/** Every kind of section by its `type`, as src/sections/registry.ts lists them. */
export const sectionTypes = Object.fromEntries(SECTIONS.map((kind) => [kind.type, withAnchor(kind.schema)])) as {
  [S in RegisteredSection as S["type"]]: WithAnchor<S>;
};

/** A valid example of each kind, for the tests that draw and hydrate every kind. */
export const sectionExamples = Object.fromEntries(SECTIONS.map((kind) => [kind.type, kind.example])) as {
  [K in keyof typeof sectionTypes]: Data<(typeof sectionTypes)[K]["fields"]>;
};

// An anchor becomes the section's id: two on one page would be one link's two targets.
const pageSections = () => sections("Sections", sectionTypes, "PageSection", { unique: "anchor" });

// ---- One file each.

const weekdays = Object.fromEntries(WEEKDAYS.map((day) => [day, day])) as Record<Weekday, string>;

/** When a plant takes calls and visits: some days, from one time to another. */
const openingTime = object(
  "Opening time",
  {
    days: list("Days", choice("Day", weekdays), { min: 1, max: 7 }),
    opens: text("Opens (24-hour clock, e.g. 09:00)", { pattern: TIME }),
    closes: text("Closes (24-hour clock, e.g. 18:00)", { pattern: TIME }),
  },
  {
    typeName: "OpeningTime",
    check: (value) => {
      const days = Array.isArray(value.days) ? value.days : [];
      if (new Set(days).size < days.length) return "days: names a day twice";
      return String(value.opens) >= String(value.closes)
        ? `closes: must be later than it opens (${value.opens})`
        : null;
    },
  },
);

/** The address as a buyer reads it must hold the parts search engines are given. */
function plantProblem(value: Record<string, unknown>): string | null {
  if ((value.latitude == null) !== (value.longitude == null))
    return `${value.latitude == null ? "latitude" : "longitude"}: give both the latitude and the longitude, or neither`;
  const address = String(value.address ?? "");
  for (const part of ["postalCode", "locality"] as const) {
    if (value[part] && !address.includes(String(value[part])))
      return `address: does not contain its ${part === "postalCode" ? "postal code" : "town"} "${value[part]}": write the same in both`;
  }
  return null;
}

/** One of the company's plants: its address in full and in parts, where it is, when it is open. */
const plant = object(
  "Plant",
  {
    name: text("Name"),
    address: paragraph("Address (as printed on the site)", { translated: false }),
    // The parts below are for search engines (and optional, so content written before
    // them still builds); `content:check` lists a plant without them.
    locality: text("Town or city (as in the address)", { required: false, translated: false }),
    postalCode: text("Postal code (PIN, as in the address)", {
      required: false,
      pattern: POSTAL_CODE,
      translated: false,
    }),
    region: text("State", { required: false, translated: false }),
    country: text("Country code (two letters)", { required: false, pattern: COUNTRY, translated: false }),
    latitude: number("Latitude (from the map, e.g. 18.7606)", -90, 90, { required: false, integer: false }),
    longitude: number("Longitude (from the map, e.g. 73.8636)", -180, 180, { required: false, integer: false }),
    hours: list("Opening hours", openingTime, { required: false, max: 7 }),
  },
  { typeName: "Plant", check: plantProblem },
);

export const siteSchema = object("Site settings", {
  company: object("Company", {
    name: text("Company name", { translated: false }),
    legalName: text("Registered name (as on the GST certificate)", { required: false, translated: false }),
    shortName: text("Short name (phone home screens)", { translated: false }),
    tagline: text("Tagline"),
    description: paragraph("Description for search results"),
    logo: image("Logo", { hint: "A PNG at least 512 px wide, on a transparent background" }),
    themeColor: text("Theme colour", { pattern: COLOUR }),
    areaServed: list(
      "Where you deliver (countries or regions, in English)",
      text("Country or region", { translated: false }),
      {
        required: false,
        hint: "For search engines: India first, then the countries you export to, e.g. Germany or European Union",
      },
    ),
  }),
  units: list("Plants", plant, { min: 1 }),
  gstin: text("GSTIN", { pattern: GSTIN, check: gstinChecksumProblem }),
  contacts: list(
    "Contact persons",
    object("Contact person", {
      name: text("Name", { translated: false }),
      role: text("Role", { required: false }),
      phone: text("Phone", { pattern: PHONE }),
    }),
    { min: 1 },
  ),
  email: text("Contact e-mail", { pattern: EMAIL }),
  operator: object(
    "Server's operator (for staff only)",
    {
      // Optional one by one too: Decap checks an empty group's required fields.
      name: text("Operator's name", { required: false, translated: false }),
      phone: text("Operator's phone", { required: false, pattern: PHONE }),
    },
    {
      required: false,
      hint: "Whom staff call when the editor says the site's server has a problem. Never shown on the site.",
    },
  ),
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
      hint: `Leave empty for the standard ${HERO_INTERVAL_MS} ms`,
    }),
    facts: keyFacts(),
  }),
  sections: pageSections(),
});

export const clientsSchema = object("Clients", {
  title: title(),
  text: paragraph("Text"),
  logos: list(
    "Logos",
    object("Client", {
      name: text("Company name", { translated: false }),
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
    facts: keyFacts(),
    image: image("Background photo"),
    imageAlt: text("Photo description (for screen readers)"),
  }),
  sections: pageSections(),
});

// ---- A page per standard the company works to: what a buyer's drawing names, what we
// offer under it and what not, and what to write on the drawing. Its coating, tests,
// certificates, alloys and equivalents are sections like a service page's (a capability
// table, points), so each reads the same as on the service pages.

/** A standard's type, class or grade as a drawing writes it, with what it means. */
const grade = object(
  "Type or class",
  {
    designation: text("As a drawing writes it (e.g. Type III Class 1)", { translated: false }),
    text: paragraph("What it is, or why we do not offer it (and what to ask for instead)"),
  },
  { typeName: "StandardGrade" },
);

/** A type or class offered, with what the estimate desk checks a buyer's callout against (src/estimate/answer.ts). */
const offeredGrade = object(
  "Type or class",
  {
    ...grade.fields,
    service: text("Service page that applies it (its address)", {
      required: false,
      pattern: SLUG,
      translated: false,
    }),
    thickness: thicknessRange("Thickness it allows (µm)", { required: false }),
  },
  { typeName: "StandardOfferedGrade" },
);

/** Written the same, whatever the spaces and capitals: "Type III  class 1" is "Type III Class 1". */
export const sameDesignation = (value: string) => value.replace(/\s+/g, " ").trim().toLowerCase();

/** A type is offered or not, never both. */
function standardProblem(value: Record<string, unknown>): string | null {
  const items = (group: unknown) =>
    ((group as { items?: { designation?: unknown }[] } | undefined)?.items ?? []).map((item) =>
      sameDesignation(String(item.designation ?? "")),
    );
  const offered = items(value.offered);
  const both = items(value.notOffered).findIndex((designation) => offered.includes(designation));
  if (both < 0) return null;
  const designation = (value.notOffered as { items: { designation: string }[] }).items[both].designation;
  return `notOffered.items[${both}].designation: "${designation}" is also listed as offered (offered.items[${offered.indexOf(sameDesignation(designation))}]): a type is offered or not, never both`;
}

export const standardSchema = object(
  "Standard page",
  {
    slug: text("Page address (after the /)", { pattern: SLUG }),
    ...pageMeta,
    designation: text("Current designation (e.g. MIL-PRF-8625F)", { translated: false }),
    aliases: object(
      "Older names buyers still write",
      {
        label: text("Label before them (e.g. Also written as)"),
        names: list("Names (e.g. MIL-A-8625)", text("Name", { translated: false }), { min: 1, max: 8 }),
      },
      { required: false },
    ),
    summary: paragraph("What the standard covers (under the heading)"),
    services: list(
      "Service pages that work to it (their page addresses, e.g. hard_anodizing)",
      text("Service page address", { pattern: SLUG, translated: false }),
      { min: 1 },
    ),
    servicesTitle: text("Heading above the links to those service pages"),
    offered: object("What we offer", {
      title: title(),
      items: list("Types and classes we offer", offeredGrade, { min: 1, max: 20, unique: "designation" }),
    }),
    notOffered: object(
      "What we do not offer",
      {
        title: title(),
        items: list("Types and classes we do not offer", grade, { min: 1, max: 20, unique: "designation" }),
      },
      { required: false },
    ),
    sections: pageSections(),
    drawing: object("Specify on your drawing", {
      title: title(),
      intro: paragraph("Introduction", { required: false }),
      items: list("What to write (one line each)", text("Line"), { min: 1, max: 12 }),
    }),
    quote: object("Request a quote to this standard", {
      title: title(),
      text: paragraph("Text"),
      label: text("Button label"),
    }),
  },
  { check: standardProblem },
);

// The request-for-quote form, the pages around it and where its enquiries go. The fixed
// fields' rules (their limits, the files accepted) are code shared by the page and the
// enquiry service (src/enquiry/rules.ts); the questions about the parts, which answers
// they offer and which are required are content, and so is every word a visitor reads.
const missing = text("What to say when it is left empty", {
  required: false,
  hint: "In the field's own words, e.g. 'Enter your e-mail address, so we can reply'",
});
const mustAnswer = (label: string) => choice(label, { yes: "Yes, required", no: "No, optional" }, { required: false });

/** A fixed field's words; whether the buyer must fill it in is content's only where the rules allow (MAY_BE_OPTIONAL). */
const formField = (name: FixedName, label: string) =>
  object(label, {
    label: text("Label"),
    help: text("Help text (under the label)", { required: false }),
    missing,
    ...(MAY_BE_OPTIONAL.includes(name) ? { required: mustAnswer("Must the buyer fill it in?") } : {}),
  });

/** A question's own problems: a choice offers options, a date says what is wrong with a date. */
function questionProblem(question: Record<string, unknown>): string | null {
  const options = (question.options as unknown[] | undefined) ?? [];
  const kind = question.kind as QuestionKind;
  if ((kind === "choice" || kind === "choices") && options.length < 2)
    return `offers ${options.length} options: a "${QUESTION_KINDS[kind]}" question needs at least 2 (options)`;
  if (kind !== "choice" && kind !== "choices" && options.length > 0)
    return `has options, but only a choice offers them: remove them or change the kind`;
  if (kind === "date" && !question.invalid)
    return `is a date: say what to tell a buyer whose date is not valid (invalid)`;
  return null;
}

const question = object(
  "Question",
  {
    label: text("Question (its label)"),
    help: text("Help text (under the label)", { required: false }),
    kind: choice("Kind of answer", QUESTION_KINDS),
    options: list("Options (for a choice)", text("Option"), { required: false, max: 12 }),
    required: mustAnswer("Must the buyer answer it?"),
    missing,
    invalid: text("What to say when the date is not valid (a date question)", { required: false }),
  },
  { typeName: "FormQuestion", check: questionProblem },
);

/** A standard's page fills in one question: the form may have one specification question. */
function oneSpecification(form: Record<string, unknown>): string | null {
  const questions = (form.questions as { kind?: string }[] | undefined) ?? [];
  const found = questions.flatMap((question, index) => (question.kind === "specification" ? [index] : []));
  return found.length > 1
    ? `questions[${found[1]}].kind: only one question may be the specification (questions[${found[0]}] is): a standard's page fills it in`
    : null;
}

/** The notice must say how long the server keeps its visits log (India's DPDP rules: a stated time). */
function privacyProblem(value: Record<string, unknown>): string | null {
  const paragraphs = Array.isArray(value.paragraphs) ? (value.paragraphs as unknown[]) : [];
  return paragraphs.some((paragraph) => typeof paragraph === "string" && paragraph.includes("{logMonths}"))
    ? null
    : "paragraphs: say how long the server keeps its log of visits: write {logMonths} where the number of months goes";
}

const notice = (label: string) =>
  object(label, {
    title: text("Title"),
    text: paragraph("Text"),
  });

export const enquirySchema = object("Request a quote", {
  slug: text("Page address (after the /)", { pattern: SLUG }),
  ...pageMeta,
  linkLabel: text("Link label (footer and service pages)"),
  heading: text("Heading"),
  intro: paragraph("Introduction", { required: false }),
  callToAction: object("Call to action on every service page", {
    title: text("Title"),
    text: paragraph("Text"),
  }),
  form: object(
    "Form fields",
    {
      name: formField("name", "Name"),
      company: formField("company", "Company"),
      email: formField("email", "E-mail"),
      phone: formField("phone", "Phone"),
      service: formField("service", "Service"),
      material: formField("material", "Alloy or material"),
      quantity: formField("quantity", "Quantity"),
      partSize: formField("partSize", "Part size"),
      questions: list("Questions about the parts (after Part size)", question, {
        required: false,
        max: 20,
        unique: "label",
        hint: "Finish, specification, thickness, colour, sealing, masking, documents, dates: each with the kind of answer a buyer gives.",
      }),
      message: formField("message", "Message"),
      drawing: formField("drawing", "Files (drawings, specifications, photos)"),
      consent: formField("consent", "Consent to be contacted"),
    },
    { check: oneSpecification },
  ),
  chooseService: text("First choice of the service list (none chosen)"),
  // Optional: content written before the estimate desk has none (and the site may have no desk).
  estimateNote: text("Under the send button when the estimate desk's figures come with the request", {
    required: false,
  }),
  otherService: text("Last choice of the service list (not sure / other)"),
  privacyLinkLabel: text("Privacy notice link label (beside the consent)"),
  optional: text("Mark on optional fields"),
  submit: text("Send button label"),
  sending: text("While sending", { hint: "{percent} is replaced by how much of the form has been sent" }),
  problems: object("Problems with what was typed", {
    summary: text("Heading above the list of problems"),
    required: text("A required field is empty"),
    email: text("Not an e-mail address"),
    phone: text("Not a phone number"),
    tooLong: text("Too long", { hint: "{max} is replaced by the most characters allowed" }),
    oneLine: text("A line break in a one-line field"),
    choice: text("Not one of the choices"),
    fileType: text("A file of a type not accepted"),
    fileSize: text("The files over the size limit", {
      hint: "{max} is replaced by the limit for all the files together, e.g. 20 MB",
    }),
    fileCount: text("Too many files", { hint: "{count} is replaced by the most files one request takes, e.g. 5" }),
    fileContent: text("A file whose content is not what its name says"),
    consent: text("Consent not given"),
    network: paragraph("The form could not be sent (network)"),
  }),
  alternatives: object("Other ways to ask", {
    title: text("Title"),
    phone: text("Phone number to call", { pattern: PHONE }),
    callLabel: text("Call link label"),
    whatsapp: text("WhatsApp number", { pattern: PHONE }),
    whatsappLabel: text("WhatsApp link label"),
  }),
  received: object("Thank-you page", {
    title: text("Title"),
    text: paragraph("Text"),
    referenceLabel: text("Label before the enquiry's reference"),
  }),
  unavailable: notice("Page when enquiries cannot be taken (the server's disk is full)"),
  tooLarge: notice("Page when the form is too large for the server"),
  tooMany: notice("Page when one address sends too many forms"),
  backLabel: text("Link back to the form"),
  privacy: object(
    "Privacy notice page",
    {
      slug: text("Page address (after the /)", { pattern: SLUG }),
      ...pageMeta,
      heading: text("Heading"),
      paragraphs: list(
        "Paragraphs",
        paragraph("Paragraph", {
          hint: "{days} is replaced by how long enquiries are kept, {logMonths} by how long the visits log is kept",
        }),
        { min: 1 },
      ),
    },
    { check: privacyProblem },
  ),
  // Where they go is the server operator's setting (ENQUIRY_TO), not content a login can change.
  delivery: object("The enquiry e-mails", {
    // Sales read every enquiry in English, whichever language the buyer used.
    subject: text("Subject of each enquiry's e-mail", {
      hint: "{reference}, {service} and {company} are replaced",
      translated: false,
    }),
    retentionDays: number("Days a sent enquiry is kept on the server", 1, 3650),
  }),
});

// ---- The company's two documents for buyers' files, generated at build from the content
// above (src/build/companyPdfs.ts): a capability statement and a supplier data sheet.
// This file holds their words and what only they state (insurance, compliance).

/** A name any buyer's computer can save a file as (a check, not a pattern: it is translated). */
const FILE_NAME = /^[^/\\:*?"<>|\u0000-\u001f.][^/\\:*?"<>|\u0000-\u001f]{0,79}$/;
const fileNameProblem = (value: string) =>
  FILE_NAME.test(value)
    ? null
    : 'must be a file name without / \\ : * ? " < > | (at most 80 characters, not starting with a dot)';

const pdfWords = (label: string) => ({
  title: text(`Title at the top of the ${label}`),
  fileName: text("Name it is saved as (without .pdf)", { check: fileNameProblem }),
  linkLabel: text("Link label (footer, quote form, standard pages)"),
  intro: paragraph("Opening paragraph", { required: false }),
});

export const capabilitySchema = object("Capability statement and supplier data sheet (PDFs)", {
  statement: object("Capability statement", pdfWords("capability statement")),
  datasheet: object("Supplier data sheet", {
    ...pdfWords("supplier data sheet"),
    insurance: paragraph("Insurance: insurer, cover and until when"),
    compliance: list(
      "Compliance statements (RoHS, REACH, …)",
      object("Statement", { title: text("Title (e.g. RoHS)"), text: paragraph("What the company declares") }),
      { min: 1, max: 12, unique: "title" },
    ),
  }),
  headings: object("Headings and labels in the documents", {
    services: text("Services"),
    standards: text("Standards"),
    plants: text("Plants"),
    hours: text("Before a plant's opening hours (e.g. Open)"),
    certificates: text("Certificates"),
    validUntil: text("Before a certificate's last valid day (e.g. Valid until)"),
    contacts: text("Contacts"),
    languages: text("Before the languages contacts answer in (e.g. We answer in)"),
    company: text("Company details"),
    legalName: text("Registered name"),
    gstin: text("GSTIN"),
    pan: text("PAN"),
    areaServed: text("Before where the company delivers (e.g. We deliver to)"),
    website: text("Website"),
    email: text("E-mail"),
    insurance: text("Insurance"),
    compliance: text("Compliance"),
    issued: text("Before the day it was issued (e.g. Issued)"),
    version: text("Before the content version (e.g. Content version)"),
  }),
});

/** Where each kind of file lives, relative to content/, and its GraphQL type. */
export const contentFiles = [
  { name: "site", glob: "site.yaml", typeName: "SiteYaml", schema: siteSchema },
  { name: "home", glob: "home.yaml", typeName: "HomeYaml", schema: homeSchema },
  { name: "clients", glob: "clients.yaml", typeName: "ClientsYaml", schema: clientsSchema },
  { name: "enquiry", glob: "enquiry.yaml", typeName: "EnquiryYaml", schema: enquirySchema },
  { name: "services", glob: "services/*.yaml", typeName: "ServiceYaml", schema: serviceSchema },
  // Optional: content written before these pages were possible has none.
  { name: "standards", glob: "standards/*.yaml", typeName: "StandardYaml", schema: standardSchema, optional: true },
  // Optional too: without it the site builds, without the two PDFs.
  { name: "capability", glob: "capability.yaml", typeName: "CapabilityYaml", schema: capabilitySchema, optional: true },
  // Optional: without it the site has no estimate desk.
  { name: "estimate", glob: "estimate.yaml", typeName: "EstimateYaml", schema: estimateSchema, optional: true },
] as const;
