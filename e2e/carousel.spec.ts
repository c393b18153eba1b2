// The sliders: intervals (from content, else the spec's defaults), wrap-around, and the
// controls and accessibility the carousel wrapper adds. Timers run on Playwright's
// clock. Titles, labels, counts and intervals are read from content/ (e2e/content.ts).
import type { Locator, Page } from "@playwright/test";
import { HERO_SLIDE_COUNT } from "../src/constants";
import { goToSlide, heroInterval, home, labels, slideOf, sliders } from "./content";
import { expect, open, shownSlide, test } from "./fixtures";

const HERO = '#home [aria-roledescription="carousel"]';
/** The page's carousels in order; on a service page these are its product sliders. */
const carouselOn = (index: number) => `:nth-match(main [aria-roledescription="carousel"], ${index + 1})`;

test.beforeEach(async ({ page }) => {
  await page.clock.install();
});

/**
 * Opens `route` and, once its widgets are ready, stops the page's clock and shows the
 * first slide of `carousel` with its timer just started: from then on only runFor
 * moves time, so intervals can be checked to the millisecond.
 */
async function openStill(page: Page, route: string, carousel: string) {
  await open(page, route);
  // A second ahead: reading the time and pausing are two round trips apart.
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
  const total = await page.locator(`${carousel} [aria-roledescription="slide"]`).count();
  await page
    .locator(carousel)
    .getByRole("button", { name: goToSlide(1, total), exact: true })
    .click();
  await awayFrom(page);
  await expect.poll(() => shownSlide(page, carousel)).toBe(slideOf(1, total));
  return total;
}

/** Moves pointer and focus off the page's controls, which restarts a carousel's timer. */
async function awayFrom(page: Page) {
  await page.mouse.move(0, 0);
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
}

/** Lets the page's clock run `ms`, then checks which slide shows. */
async function after(page: Page, carousel: string, ms: number, expected: string) {
  await page.clock.runFor(ms);
  await expect.poll(() => shownSlide(page, carousel)).toBe(expected);
}

/** Each slide stays until `interval` is up, then the next shows; the last wraps to the first. */
async function expectCycle(page: Page, carousel: string, count: number, interval: number) {
  for (let shown = 1; shown <= count; shown += 1) {
    await after(page, carousel, interval - 10, slideOf(shown, count));
    await after(page, carousel, 10, slideOf((shown % count) + 1, count));
  }
}

/** How long a change of slide takes, as the browser will animate it. */
const transitionOf = (slide: Locator) =>
  slide.locator("xpath=..").evaluate((wrapper) => getComputedStyle(wrapper).transitionDuration);

test(`home hero: ${HERO_SLIDE_COUNT} slides with the content's titles, each shown ${heroInterval} ms, wrapping`, async ({
  page,
}) => {
  expect(await openStill(page, "/", HERO)).toBe(HERO_SLIDE_COUNT);
  const titles = await page.locator(`${HERO} [aria-roledescription="slide"] :is(h1, h2)`).allTextContents();
  expect(titles.map((t) => t.trim())).toEqual(home.hero.slides.map((slide) => slide.title.trim()));
  await expectCycle(page, HERO, HERO_SLIDE_COUNT, heroInterval);
});

for (const slider of sliders) {
  const name = `${slider.route}: product slider ${slider.index + 1}`;
  test(`${name} shows each of its ${slider.count} slides ${slider.interval} ms and wraps`, async ({ page }) => {
    const carousel = carouselOn(slider.index);
    expect(await openStill(page, slider.route, carousel)).toBe(slider.count);
    await expectCycle(page, carousel, slider.count, slider.interval);
  });

  test(`${name}: each change of slide takes ${slider.transitionTime} ms`, async ({ page }) => {
    await open(page, slider.route);
    const slide = page.locator(`${carouselOn(slider.index)} [aria-roledescription="slide"]`).first();
    expect(await transitionOf(slide)).toBe(`${slider.transitionTime / 1000}s`);
  });
}

test("previous and next wrap around in both directions, by click, Enter and Space", async ({ page }) => {
  const total = await openStill(page, "/", HERO);
  const carousel = page.locator(HERO);
  await carousel.getByRole("button", { name: labels.previousSlide, exact: true }).click();
  await expect.poll(() => shownSlide(page, HERO)).toBe(slideOf(total, total));
  await carousel.getByRole("button", { name: labels.nextSlide, exact: true }).focus();
  await page.keyboard.press("Enter");
  await expect.poll(() => shownSlide(page, HERO)).toBe(slideOf(1, total));
  await page.keyboard.press("Space");
  await expect.poll(() => shownSlide(page, HERO)).toBe(slideOf(2, total));
});

test("the slide buttons say which slide they show and answer Enter and Space", async ({ page }) => {
  const total = await openStill(page, "/", HERO);
  const dot = page.getByRole("button", { name: goToSlide(3, total), exact: true });
  await dot.focus();
  await page.keyboard.press("Space");
  await expect.poll(() => shownSlide(page, HERO)).toBe(slideOf(3, total));
  await expect(dot).toHaveAttribute("aria-current", "true");
  await page.getByRole("button", { name: goToSlide(1, total), exact: true }).focus();
  await page.keyboard.press("Enter");
  await expect.poll(() => shownSlide(page, HERO)).toBe(slideOf(1, total));
});

test("a visible pause control stops and restarts the slideshow", async ({ page }) => {
  const total = await openStill(page, "/", HERO);
  await page.locator(HERO).getByRole("button", { name: labels.pause, exact: true }).click();
  await awayFrom(page);
  await after(page, HERO, heroInterval * 3, slideOf(1, total));
  // Play restarts it even while the pointer and focus stay on the control.
  await page.locator(HERO).getByRole("button", { name: labels.play, exact: true }).click();
  await after(page, HERO, heroInterval - 10, slideOf(1, total));
  await after(page, HERO, 10, slideOf(2, total));
});

test("hovering pauses the slideshow; leaving resumes it", async ({ page }) => {
  const total = await openStill(page, "/", HERO);
  // The slides' own part (below the bar, above the band of facts and buttons).
  await page.locator(HERO).hover({ position: { x: 20, y: 120 } });
  await after(page, HERO, heroInterval * 3, slideOf(1, total));
  await page.mouse.move(0, 0);
  await after(page, HERO, heroInterval, slideOf(2, total));
});

test("keyboard focus inside pauses the slideshow", async ({ page }) => {
  const total = await openStill(page, "/", HERO);
  await page.locator(HERO).getByRole("button", { name: labels.nextSlide, exact: true }).focus();
  await after(page, HERO, heroInterval * 3, slideOf(1, total));
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await after(page, HERO, heroInterval, slideOf(2, total));
});

test("hidden slides can be neither focused nor read out", async ({ page }) => {
  const total = await openStill(page, "/", HERO);
  const second = page.locator(`${HERO} [aria-roledescription="slide"]`).nth(1);
  await expect(second).toHaveAttribute("aria-hidden", "true");
  await expect(second).toHaveAttribute("inert", "");
  for (const slide of await page.locator(`${HERO} [aria-roledescription="slide"][aria-hidden="true"]`).all()) {
    await expect(slide).toHaveAttribute("inert", "");
  }
  await page.getByRole("button", { name: goToSlide(2, total), exact: true }).click();
  await expect(second).not.toHaveAttribute("aria-hidden", "true");
  await expect(second).not.toHaveAttribute("inert", "");
  // Tabbing from the page's start never lands inside a hidden slide.
  for (let i = 0; i < 25; i += 1) {
    await page.keyboard.press("Tab");
    const inHidden = await page.evaluate(() => !!document.activeElement?.closest('[aria-hidden="true"], [inert]'));
    expect(inHidden).toBe(false);
  }
});

test("under reduced motion nothing moves by itself and changes are instant", async ({ page }) => {
  await page.emulateMedia({ reducedMotion: "reduce" });
  await open(page, "/");
  const total = await page.locator(`${HERO} [aria-roledescription="slide"]`).count();
  await expect(page.locator(HERO).getByRole("button", { name: labels.play, exact: true })).toBeVisible();
  await after(page, HERO, heroInterval * 5, slideOf(1, total));
  expect(await transitionOf(page.locator(`${HERO} [aria-roledescription="slide"]`).first())).toBe("0s");
});
