// Scrolling (spec sections 2 and 4): the scroll-to-top arrow past 500 px, and
// reveal-on-scroll, with JavaScript off and under reduced motion too.
import type { Page } from "@playwright/test";
import { expect, expectSmooth, open, recordScrolling, test } from "./fixtures";
import site from "./site.json";

const scrollTo = (page: Page, top: number) =>
  page.evaluate((y) => window.scrollTo({ top: y, behavior: "instant" }), top);
const arrow = (page: Page) => page.getByLabel("Back to top");

test("the arrow is hidden at 500 px of scroll or less and shown past it", async ({ page }) => {
  await open(page, "/");
  await expect(arrow(page)).toBeHidden();
  await scrollTo(page, 500);
  await page.waitForTimeout(100);
  await expect(arrow(page)).toBeHidden();
  await scrollTo(page, 501);
  await expect(arrow(page)).toBeVisible();
  await scrollTo(page, 400);
  await expect(arrow(page)).toBeHidden();
});

test("the arrow is labelled, reachable by keyboard, and scrolls smoothly to the top", async ({ page }) => {
  await open(page, "/hard_anodizing");
  await scrollTo(page, 2000);
  const button = page.getByRole("button", { name: "Back to top" });
  await expect(button).toBeVisible();
  await button.focus();
  await expect(button).toBeFocused();
  const positions = await recordScrolling(page);
  await page.keyboard.press("Enter");
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  expectSmooth(await positions(), 2000, 0);
  await expect(arrow(page)).toBeHidden();
});

test("marked sections gain the class show when they first come into view, and keep it", async ({ page }) => {
  await open(page, "/");
  const clients = page.locator("#clients");
  await expect(clients).toHaveClass(/\breveal\b/);
  await expect(clients).not.toHaveClass(/\bshow\b/);
  await clients.scrollIntoViewIfNeeded();
  await expect(clients).toHaveClass(/\bshow\b/);
  await expect.poll(() => clients.evaluate((el) => getComputedStyle(el).opacity)).toBe("1");
  await scrollTo(page, 0);
  await page.waitForTimeout(200);
  await expect(clients).toHaveClass(/\bshow\b/);
});

test("under reduced motion every section is visible at once", async ({ page }) => {
  await page.emulateMedia({ reducedMotion: "reduce" });
  await open(page, "/");
  for (const section of await page.locator(".reveal").all()) {
    expect(await section.evaluate((el) => getComputedStyle(el).opacity)).toBe("1");
  }
});

test("with JavaScript off every page shows its text, navigation and footer", async ({ browser, baseURL }) => {
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
  for (const route of site.routes) {
    await page.goto(route);
    for (const section of await page.locator(".reveal").all()) {
      expect(await section.evaluate((el) => getComputedStyle(el).opacity), `${route} section`).toBe("1");
    }
    const nav = page.getByRole("navigation", { name: "Main navigation" });
    for (const name of ["Home", "About us", "Hard Anodising", "Consultancy", "Our Clients", "Contact us"]) {
      await expect(nav.getByRole("link", { name, exact: true }), `${route}: ${name}`).toBeVisible();
    }
    await expect(page.locator("footer#footer")).toBeVisible();
    await expect(page.locator("footer#footer")).toContainText("GSTIN");
  }
  await page.goto("/");
  // Every hero slide's text is there to read.
  for (const title of ["Anodising", "Conversion & Passivation", "Consultancy"]) {
    await expect(page.locator("#home").getByText(title, { exact: true })).toBeVisible();
  }
  await context.close();
});
