// The specification's numbers, named once. Content may override the per-slider ones.

/** Past this many pixels of scroll the scroll-to-top arrow appears. */
export const SCROLL_TOP_THRESHOLD_PX = 500;

/** Home hero: four slides, each shown for 2000 ms, wrapping around. */
export const HERO_SLIDE_COUNT = 4;
export const HERO_INTERVAL_MS = 2000;

/** Product sliders on the service pages, unless their content says otherwise. */
export const SLIDER_INTERVAL_MS = 1500;
export const SLIDER_TRANSITION_MS = 350;

/** Clients: ten logos in two rows of five. */
export const CLIENT_LOGO_COUNT = 10;
export const CLIENT_LOGOS_PER_ROW = 5;

/** Collapse and fade transitions. */
export const TRANSITION_MS = 300;

/** Layout breakpoints in px; src/styles/tokens.css repeats them for media queries. */
export const BREAKPOINTS = { xs: 0, sm: 576, md: 768, lg: 992, xl: 1200, xxl: 1400 } as const;

/** Ids the layout gives every page (the home hero's and the footer's the navigation links to). */
export const SECTION_IDS = {
  home: "home",
  footer: "footer",
} as const;

/** Element ids the layout uses, which no section's anchor may take. */
export const LAYOUT_IDS: readonly string[] = [
  SECTION_IDS.home,
  SECTION_IDS.footer,
  "top",
  "main",
  "site-menu",
  "___gatsby",
  "gatsby-focus-wrapper",
  "gatsby-announcer",
];

// The days a plant's opening hours name, Monday first (ISO 8601), as schema.org names them.
export const WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"] as const;
export type Weekday = (typeof WEEKDAYS)[number];

// The company's two documents for buyers' files, built from the content (issue 55), at
// these addresses in English and under the language's prefix in each other language.
export const COMPANY_PDF_PATHS = {
  statement: "/capability-statement.pdf",
  datasheet: "/supplier-data-sheet.pdf",
} as const;
export type CompanyPdf = keyof typeof COMPANY_PDF_PATHS;
/** The largest either may be: a buyer forwards it by e-mail and files it. */
export const COMPANY_PDF_MAX_BYTES = 300 * 1024;
/**
 * The most text either may be drawn from (characters of the words and facts it shows),
 * checked before drawing: about ten times what a two-page document holds, so a field
 * pasted full is refused at once instead of laid out page by page in the build's memory.
 */
export const COMPANY_PDF_MAX_TEXT = 40_000;
