// One grid, on a phone (390 × 844) and a desktop (1440 × 900), on every page: the
// bar, the headings, the sections and the footer start at one left edge; no card grid
// leaves one card alone on its last row or columns empty; two sections of one colour in a row leave one
// gap, not two. And at every breakpoint of the spec the client logos are at least 80 px
// wide; a product slider never shows two captions at once.
import type { Page } from "@playwright/test";
import { BREAKPOINTS } from "../src/constants";
import { labels, routes, sliders } from "./content";
import { expect, open, test } from "./fixtures";

const SIZES = [
  { name: "phone", width: 390, height: 844 },
  { name: "desktop", width: 1440, height: 900 },
];
const MIN_LOGO_PX = 80;

for (const size of SIZES) {
  test.describe(`${size.name} (${size.width} × ${size.height})`, () => {
    // Without the reveal's slide-in, which moves a section's contents until it shows.
    test.use({ viewport: { width: size.width, height: size.height }, contextOptions: { reducedMotion: "reduce" } });

    for (const route of [...routes, "/missing-page"]) {
      // One test a page (one load): each check is soft, so a failure reports all three.
      test(`${route}: one left edge, no card alone on a last row, one gap between sections of one colour`, async ({
        page,
      }) => {
        await open(page, route);
        await oneLeftEdge(page);
        await noCardAlone(page);
        await oneGapBetweenLikeSections(page);
      });
    }
  });
}

/** The bar, the headings, the sections and the footer start at one left edge. */
async function oneLeftEdge(page: Page) {
  const edges = await page.evaluate(() => {
    const left = (element: Element | null) => (element ? Math.round(element.getBoundingClientRect().left) : null);
    return {
      bar: left(document.querySelector("header nav > a")),
      footer: left(document.querySelector("footer .container")),
      // Each page's h1 and every section's heading (not a box's inside a column).
      headings: [...document.querySelectorAll("main h1, main section > .container > h2")]
        .filter((heading) => !heading.classList.contains("visually-hidden"))
        .map((heading) => ({
          text: heading.textContent?.slice(0, 30),
          left: left(heading),
        })),
    };
  });
  expect.soft(edges.headings.length).toBeGreaterThan(0);
  expect.soft(edges.footer, "the footer starts at the bar's left edge").toBe(edges.bar);
  for (const heading of edges.headings)
    expect.soft(heading, "starts at the bar's left edge").toEqual({ ...heading, left: edges.bar });
}

/** No card grid leaves one card alone on its last row, or columns empty. */
async function noCardAlone(page: Page) {
  const orphans = await page.evaluate(() =>
    [...document.querySelectorAll("main ul, main ol")]
      .filter((list) => getComputedStyle(list).display === "grid" && list.children.length > 1)
      .flatMap((list) => {
        const items = [...list.children].filter((item) => item.checkVisibility());
        const tops = items.map((item) => Math.round(item.getBoundingClientRect().top));
        const rows = [...new Set(tops)];
        // One row: as many columns as cards (2 cards in 3 columns leave a hole).
        const columns = getComputedStyle(list).gridTemplateColumns.split(" ").length;
        if (rows.length < 2)
          return items.length < columns
            ? [`${list.textContent?.slice(0, 40)}: ${items.length} in ${columns} columns`]
            : [];
        const last = items.filter((_, index) => tops[index] === rows[rows.length - 1]);
        const wide = last[0].getBoundingClientRect().width >= list.getBoundingClientRect().width - 1;
        return last.length === 1 && !wide ? [`${list.textContent?.slice(0, 40)}: ${rows.length} rows, 1 alone`] : [];
      }),
  );
  expect.soft(orphans, "card grids with a card alone").toEqual([]);
}

/** Two sections of one colour in a row leave one gap between them, not two. */
async function oneGapBetweenLikeSections(page: Page) {
  const gaps = await page.evaluate(() => {
    const sections = [...document.querySelectorAll("main section")].filter(
      (section) => !section.parentElement?.closest("section") && section.checkVisibility(),
    );
    // What shows of a section's container: its hidden children have no place to measure.
    const shown = (section: Element) =>
      [...(section.querySelector(".container")?.children ?? [])]
        .filter((child) => child.checkVisibility())
        .map((child) => child.getBoundingClientRect());
    return sections.slice(1).flatMap((section, index) => {
      const before = sections[index];
      const colour = (element: Element) => getComputedStyle(element).backgroundColor;
      if (colour(before) !== colour(section)) return [];
      // Only sections that meet: one ends where the next begins.
      if (Math.abs(before.getBoundingClientRect().bottom - section.getBoundingClientRect().top) > 1) return [];
      const [above, below] = [shown(before), shown(section)];
      if (above.length === 0 || below.length === 0) return [];
      const end = Math.max(...above.map((box) => box.bottom));
      const start = Math.min(...below.map((box) => box.top));
      const padding = parseFloat(getComputedStyle(before).paddingBottom);
      return [{ heading: section.querySelector("h2")?.textContent, gap: Math.round(start - end), padding }];
    });
  });
  for (const { heading, gap, padding } of gaps) {
    // One padding and a paragraph's margin; two paddings before.
    expect
      .soft(gap, `the gap above "${heading}" is one section's padding (${padding} px), not two`)
      .toBeLessThan(padding * 2);
  }
}

// The logos' narrowest moment is just above a breakpoint; the phone is 390 px.
for (const width of [390, ...Object.values(BREAKPOINTS).filter((px) => px > 0)]) {
  test(`at ${width} px every client logo is at least ${MIN_LOGO_PX} px wide`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await open(page, "/");
    const widths = await page
      .locator("#clients img")
      .evaluateAll((images) => images.map((image) => Math.round(image.getBoundingClientRect().width)));
    expect(widths.length).toBeGreaterThan(0);
    for (const logo of widths) expect(logo).toBeGreaterThanOrEqual(MIN_LOGO_PX);
  });
}

const slider = sliders[0];
if (slider) {
  test(`${slider.route}: a product slider shows one caption at a time, also while it fades`, async ({ page }) => {
    await open(page, slider.route);
    const carousel = page.locator('[aria-roledescription="carousel"]').nth(slider.index);
    await carousel.scrollIntoViewIfNeeded();
    // Every frame from the click until no transition runs: at most one caption shows.
    const most = await carousel.evaluate(async (box, nextLabel) => {
      const shown = () =>
        [...box.querySelectorAll("figcaption")].filter(
          (caption) =>
            caption.checkVisibility({ visibilityProperty: true }) &&
            Number(getComputedStyle(caption.closest(".slide") ?? caption).opacity) > 0,
        ).length;
      const next = [...box.querySelectorAll("button")].find((button) => button.ariaLabel === nextLabel);
      next!.click();
      let most = shown();
      let frames = 0;
      do {
        await new Promise((resolve) => requestAnimationFrame(resolve));
        most = Math.max(most, shown());
        frames++;
      } while (frames < 3 || box.getAnimations({ subtree: true }).length > 0);
      return most;
    }, labels.nextSlide);
    expect(most).toBeLessThanOrEqual(1);
  });
}
