// The spec's sliders (sections 2 and 9): intervals, wrap-around, and the controls
// and accessibility the carousel wrapper adds. Timers run on Playwright's clock.
import type { Page } from "@playwright/test";
import { expect, open, shownSlide, test } from "./fixtures";

const HERO = '#home [aria-roledescription="carousel"]';
const SLIDER = 'main section:not(#home) [aria-roledescription="carousel"]';

test.beforeEach(async ({ page }) => {
  await page.clock.install();
});

/**
 * Opens `route` and, once React has hydrated it, stops the page's clock and shows the
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
    .getByRole("button", { name: `Go to slide 1 of ${total}` })
    .click();
  // Moving pointer and focus away restarts the timer from this instant.
  await page.mouse.move(0, 0);
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await expect.poll(() => shownSlide(page, carousel)).toBe(`1 of ${total}`);
  return total;
}

/** Lets the page's clock run `ms`, then checks which slide shows. */
async function after(page: Page, carousel: string, ms: number, expected: string) {
  await page.clock.runFor(ms);
  await expect.poll(() => shownSlide(page, carousel)).toBe(expected);
}

test("home hero: four slides, each shown 2000 ms, wrapping from the last to the first", async ({ page }) => {
  expect(await openStill(page, "/", HERO)).toBe(4);
  const titles = await page.locator(`${HERO} [aria-roledescription="slide"] :is(h1, h2)`).allTextContents();
  expect(titles.slice(1)).toEqual(["Anodising", "Conversion & Passivation", "Consultancy"]);
  for (let shown = 1; shown <= 4; shown += 1) {
    await after(page, HERO, 1990, `${shown} of 4`);
    await after(page, HERO, 10, `${(shown % 4) + 1} of 4`);
  }
});

for (const [route, interval] of [
  ["/hard_anodizing", 1500],
  ["/soft_anodizing", 1500],
  ["/conversion_coating", 3000],
] as const) {
  test(`${route}: the product slider advances every ${interval} ms and wraps`, async ({ page }) => {
    const count = await openStill(page, route, SLIDER);
    expect(count).toBeGreaterThanOrEqual(2);
    // Each slide stays until the interval is up, then the next shows; the last wraps to the first.
    for (let shown = 1; shown <= count; shown += 1) {
      await after(page, SLIDER, interval - 10, `${shown} of ${count}`);
      await after(page, SLIDER, 10, `${(shown % count) + 1} of ${count}`);
    }
  });
}

test("conversion coating: each change of slide takes 2000 ms", async ({ page }) => {
  await open(page, "/conversion_coating");
  const duration = await page
    .locator(`${SLIDER} li.slide`)
    .first()
    .evaluate((li) => getComputedStyle(li).transitionDuration);
  expect(duration).toBe("2s");
});

test("previous and next wrap around in both directions, by click, Enter and Space", async ({ page }) => {
  await openStill(page, "/", HERO);
  const carousel = page.locator(HERO);
  await carousel.getByRole("button", { name: "Previous slide" }).click();
  await expect.poll(() => shownSlide(page, HERO)).toBe("4 of 4");
  await carousel.getByRole("button", { name: "Next slide" }).focus();
  await page.keyboard.press("Enter");
  await expect.poll(() => shownSlide(page, HERO)).toBe("1 of 4");
  await page.keyboard.press("Space");
  await expect.poll(() => shownSlide(page, HERO)).toBe("2 of 4");
});

test("the slide buttons say which slide they show and answer Enter and Space", async ({ page }) => {
  await openStill(page, "/", HERO);
  const dot = page.getByRole("button", { name: "Go to slide 3 of 4" });
  await dot.focus();
  await page.keyboard.press("Space");
  await expect.poll(() => shownSlide(page, HERO)).toBe("3 of 4");
  await expect(dot).toHaveAttribute("aria-current", "true");
  await page.getByRole("button", { name: "Go to slide 1 of 4" }).focus();
  await page.keyboard.press("Enter");
  await expect.poll(() => shownSlide(page, HERO)).toBe("1 of 4");
});

test("a visible pause control stops and restarts the slideshow", async ({ page }) => {
  await openStill(page, "/hard_anodizing", SLIDER);
  await page.locator(SLIDER).getByRole("button", { name: "Pause slideshow" }).click();
  await page.mouse.move(0, 0);
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await after(page, SLIDER, 6000, "1 of 4");
  // Play restarts it even while the pointer and focus stay on the control.
  await page.locator(SLIDER).getByRole("button", { name: "Play slideshow" }).click();
  await after(page, SLIDER, 1490, "1 of 4");
  await after(page, SLIDER, 10, "2 of 4");
});

test("hovering pauses the slideshow; leaving resumes it", async ({ page }) => {
  await openStill(page, "/hard_anodizing", SLIDER);
  await page.locator(SLIDER).hover();
  await after(page, SLIDER, 6000, "1 of 4");
  await page.mouse.move(0, 0);
  await after(page, SLIDER, 1500, "2 of 4");
});

test("keyboard focus inside pauses the slideshow", async ({ page }) => {
  await openStill(page, "/hard_anodizing", SLIDER);
  await page.locator(SLIDER).getByRole("button", { name: "Next slide" }).focus();
  await after(page, SLIDER, 6000, "1 of 4");
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await after(page, SLIDER, 1500, "2 of 4");
});

test("hidden slides can be neither focused nor read out", async ({ page }) => {
  await openStill(page, "/", HERO);
  const hero = page.locator("#home");
  await expect(hero.getByRole("heading", { name: "Anodising", exact: true })).toHaveCount(0);
  for (const slide of await page.locator(`${HERO} [aria-roledescription="slide"][aria-hidden="true"]`).all()) {
    await expect(slide).toHaveAttribute("inert", "");
  }
  await page.getByRole("button", { name: "Go to slide 2 of 4" }).click();
  await expect(hero.getByRole("heading", { name: "Anodising", exact: true })).toHaveCount(1);
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
  await expect(page.locator(HERO).getByRole("button", { name: "Play slideshow" })).toBeVisible();
  await after(page, HERO, 10_000, "1 of 4");
  const duration = await page
    .locator(`${HERO} li.slide`)
    .first()
    .evaluate((li) => getComputedStyle(li).transitionDuration);
  expect(duration).toBe("0s");
});
