// Scrolling: the scroll-to-top arrow past 500 px, and reveal-on-scroll, with JavaScript
// off and under reduced motion too. Labels are read from content (e2e/content.ts).
import type { Page } from "@playwright/test";
import { SCROLL_TOP_THRESHOLD_PX } from "../src/constants";
import { labels, navigationLabels, routes } from "./content";
import { expect, expectSmooth, open, recordScrolling, test } from "./fixtures";

const scrollTo = (page: Page, top: number) =>
  page.evaluate((y) => window.scrollTo({ top: y, behavior: "instant" }), top);
const arrow = (page: Page) => page.getByLabel(labels.scrollToTop, { exact: true });

test(`the arrow is hidden at ${SCROLL_TOP_THRESHOLD_PX} px of scroll or less and shown past it`, async ({ page }) => {
  await open(page, "/");
  await expect(arrow(page)).toBeHidden();
  await scrollTo(page, SCROLL_TOP_THRESHOLD_PX + 1);
  await expect(arrow(page)).toBeVisible();
  // Back to exactly the threshold: the arrow goes again.
  await scrollTo(page, SCROLL_TOP_THRESHOLD_PX);
  await expect(arrow(page)).toBeHidden();
  await scrollTo(page, SCROLL_TOP_THRESHOLD_PX + 1);
  await expect(arrow(page)).toBeVisible();
  await scrollTo(page, SCROLL_TOP_THRESHOLD_PX - 100);
  await expect(arrow(page)).toBeHidden();
});

test("the arrow is labelled, reachable by keyboard, and scrolls smoothly to the top", async ({ page }) => {
  await open(page, "/");
  const bottom = await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight);
  await scrollTo(page, bottom);
  const button = page.getByRole("button", { name: labels.scrollToTop, exact: true });
  await expect(button).toBeVisible();
  await button.focus();
  await expect(button).toBeFocused();
  const positions = await recordScrolling(page);
  await page.keyboard.press("Enter");
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  expectSmooth(await positions(), bottom, 0);
  await expect(arrow(page)).toBeHidden();
});

test("marked sections gain the class show when they first come into view, and keep it", async ({ page }) => {
  await open(page, "/");
  const last = page.locator("main .reveal").last();
  await expect(last).toHaveClass(/\breveal\b/);
  await expect(last).not.toHaveClass(/\bshow\b/);
  await last.scrollIntoViewIfNeeded();
  await expect(last).toHaveClass(/\bshow\b/);
  await expect.poll(() => last.evaluate((el) => getComputedStyle(el).opacity)).toBe("1");
  // Scroll it out of view again and wait until the browser has told its observers so:
  // the page's own observer has then had its chance to take `show` away, and must not.
  await scrollTo(page, 0);
  const kept = await last.evaluate(
    (el) =>
      new Promise<boolean>((resolve) => {
        const observer = new IntersectionObserver(([entry]) => {
          if (entry.isIntersecting) return;
          observer.disconnect();
          resolve(el.classList.contains("show"));
        });
        observer.observe(el);
      }),
  );
  expect(kept).toBe(true);
});

test("under reduced motion every section is visible at once", async ({ page }) => {
  await page.emulateMedia({ reducedMotion: "reduce" });
  await open(page, "/");
  for (const section of await page.locator(".reveal").all()) {
    expect(await section.evaluate((el) => getComputedStyle(el).opacity)).toBe("1");
  }
});

// One test per page: a loop over every page in one 30 s test timed out on a loaded CI.
for (const route of routes) {
  test(`with JavaScript off ${route} shows its text, navigation and footer`, async ({ browser, baseURL }) => {
    const context = await browser.newContext({
      javaScriptEnabled: false,
      baseURL,
      viewport: { width: 375, height: 812 },
    });
    const page = await context.newPage();
    await page.route(
      (url) => url.origin !== new URL(baseURL!).origin,
      (route) => route.abort(),
    );
    await page.goto(route);
    for (const section of await page.locator(".reveal").all()) {
      expect(await section.evaluate((el) => getComputedStyle(el).opacity), `${route} section`).toBe("1");
    }
    const nav = page.getByRole("navigation", { name: labels.mainNavigation, exact: true });
    for (const name of navigationLabels) {
      await expect(nav.getByText(name, { exact: true }).first(), `${route}: ${name}`).toBeVisible();
    }
    await expect(page.locator("footer#footer")).toBeVisible();
    if (route === "/") {
      // Every hero slide is there to read.
      const slides = page.locator('#home [aria-roledescription="slide"]');
      for (const slide of await slides.all()) await expect(slide).toBeVisible();
    }
    await context.close();
  });
}
