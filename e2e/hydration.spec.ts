// Nothing waits for React: what the early script does (src/browser/early.ts) works
// while the app's scripts load on a slow phone, and if they never arrive. The app's
// scripts are every script but the page's own file of moved inline scripts, which
// holds the early script. Run at phone width (playwright.config.ts), where the menu folds.
import type { Page, Route } from "@playwright/test";
import { builtRoutes } from "../scripts/lib/builtPages";
import { labels } from "./content";
import { expect, test } from "./fixtures";

const isAppScript = (url: URL) => url.pathname.endsWith(".js") && !url.pathname.startsWith("/inline-");

/** Scrolls each revealed-on-scroll section into view, then waits until every one is fully shown. */
async function expectEverySectionRevealed(page: Page, route: string) {
  const sections = await page.locator(".reveal").all();
  for (const section of sections) {
    await section.scrollIntoViewIfNeeded();
    await expect(section, `${route}: a section`).toHaveClass(/\bshow\b/);
  }
  // The fades run side by side; once they have finished every section is opaque.
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
  for (const section of sections) {
    expect(await section.evaluate((el) => getComputedStyle(el).opacity), `${route}: opacity`).toBe("1");
  }
}

// One test per page: a loop over every page in one test outlasts its time on a busy machine.
for (const route of builtRoutes()) {
  test(`with the app's scripts blocked, every section of ${route} is revealed as it comes into view`, async ({
    page,
  }) => {
    // "aborted" is how the browser itself cancels a load; the fixture counts other failures.
    await page.route(isAppScript, (route) => route.abort("aborted"));
    await page.goto(route);
    await expectEverySectionRevealed(page, route);
  });
}

test("a tap on the menu toggle before React has hydrated opens the menu, and React then keeps it", async ({ page }) => {
  // Hold the app's scripts until the tap has been made.
  const held: Route[] = [];
  await page.route(isAppScript, (route) => {
    held.push(route);
  });
  await page.goto("/", { waitUntil: "commit" });
  // The early script has run once a section below the fold is revealed.
  const section = page.locator(".reveal").first();
  await section.scrollIntoViewIfNeeded();
  await expect(section).toHaveClass(/\bshow\b/);
  await expect(page.locator('header[data-ready="true"]')).toHaveCount(0);

  await page.getByRole("button", { name: labels.openMenu, exact: true }).click();
  const close = page.getByRole("button", { name: labels.closeMenu, exact: true });
  await expect(close).toHaveAttribute("aria-expanded", "true");
  await expect(page.locator("#site-menu")).toBeVisible();

  await page.unroute(isAppScript);
  for (const route of held) await route.continue();
  await expect(page.locator('header[data-ready="true"]')).toHaveCount(1);
  await expect(close).toHaveAttribute("aria-expanded", "true");
  await expect(page.locator("#site-menu")).toBeVisible();
  // React has taken the state over: the next tap closes the menu.
  await close.click();
  await expect(page.getByRole("button", { name: labels.openMenu, exact: true })).toHaveAttribute(
    "aria-expanded",
    "false",
  );
  await expect(page.locator("#site-menu")).toBeHidden();
});
