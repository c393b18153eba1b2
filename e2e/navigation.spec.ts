// The navigation bar: fixed at the top, links to sections of the home page that
// scroll, the drop-down, the folded menu below 992 px, and where the page stands after
// a route change. Labels and links are read from content/site.yaml (e2e/content.ts).
import type { Page } from "@playwright/test";
import { BREAKPOINTS, TRANSITION_MS } from "../src/constants";
import { dropdown, labels, routes, sectionLinks, serviceFor, site } from "./content";
import { expect, expectSmooth, isMobile, open, openMenu, recordScrolling, test } from "./fixtures";

const nav = (page: Page) => page.getByRole("navigation", { name: labels.mainNavigation, exact: true });
/** The logo: the bar's first link. */
const logo = (page: Page) => nav(page).getByRole("link").first();
const homeItem = site.navigation.find((item) => item.link === "/");
const servicePages = routes.filter((route) => route !== "/");
/** A page other than home, to navigate from. */
const anyServicePage = servicePages[0] ?? "/";

/**
 * Waits until the smooth scroll to `selector` has ended with it just below the fixed bar
 * (or, for a short last section, with the page at its end), its heading uncovered.
 */
async function expectLandedOn(page: Page, selector: string) {
  // The bar's height is read as the scroll ends: on phones the menu is still folding at the click.
  const landed = () =>
    page.locator(selector).evaluate((element) => {
      const bar = document.querySelector("header")!.getBoundingClientRect().height;
      const top = element.getBoundingClientRect().top;
      const atEnd = window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 1;
      return Math.abs(top - bar) <= 2 || (atEnd && top >= bar - 1);
    });
  await expect.poll(landed, { timeout: 5000 }).toBe(true);
  const heading = page.locator(`${selector} :is(h2, h1)`).first();
  if (await heading.count()) {
    const bar = await page.locator("header").evaluate((header) => header.getBoundingClientRect().height);
    expect((await heading.boundingBox())?.y ?? 0).toBeGreaterThanOrEqual(bar);
  }
}

test("the bar stays fixed at the top of the page", async ({ page }) => {
  await open(page, "/");
  await page.evaluate(() => window.scrollTo({ top: document.body.scrollHeight, behavior: "instant" }));
  const box = await page.locator("header").boundingBox();
  expect(box?.y).toBe(0);
  expect(await page.locator("header").evaluate((h) => getComputedStyle(h).position)).toBe("fixed");
  await expect(logo(page)).toBeInViewport();
});

test("the logo, and the navigation's link to /, lead to the home page", async ({ page }) => {
  await open(page, anyServicePage);
  await logo(page).click();
  await expect(page).toHaveURL(/\/$/);
  for (const item of homeItem ? [homeItem] : []) {
    await open(page, anyServicePage);
    await openMenu(page);
    await nav(page).getByRole("link", { name: item.label, exact: true }).click();
    await expect(page).toHaveURL(/\/$/);
  }
});

for (const { label, id } of sectionLinks) {
  test(`"${label}" smooth-scrolls to #${id} on the home page, below the bar`, async ({ page }) => {
    await open(page, "/");
    await openMenu(page);
    const positions = await recordScrolling(page);
    await nav(page).getByRole("link", { name: label, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/#${id}$`));
    await expectLandedOn(page, `#${id}`);
    expectSmooth(await positions(), 0, await page.evaluate(() => window.scrollY));
    await expect(page.locator(`#${id}`)).toBeFocused();
  });

  test(`"${label}" from another page goes to /#${id} and lands on it`, async ({ page }) => {
    await open(page, anyServicePage);
    await openMenu(page);
    await nav(page).getByRole("link", { name: label, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/#${id}$`));
    expect(new URL(page.url()).pathname).toBe("/");
    await expectLandedOn(page, `#${id}`);
  });
}

for (const menu of dropdown ? [dropdown] : []) {
  const items = menu.children!;
  const button = (page: Page) => nav(page).getByRole("button", { name: menu.label, exact: true });
  const item = (page: Page, index: number) => nav(page).getByRole("link", { name: items[index].label, exact: true });

  test(`the "${menu.label}" drop-down opens and closes by click and on an outside click`, async ({ page }) => {
    await open(page, "/");
    await openMenu(page);
    await expect(item(page, 0)).toBeHidden();
    await button(page).click();
    await expect(button(page)).toHaveAttribute("aria-expanded", "true");
    await expect(item(page, 0)).toBeVisible();
    await button(page).click();
    await expect(button(page)).toHaveAttribute("aria-expanded", "false");
    await expect(item(page, 0)).toBeHidden();
    await button(page).click();
    await page.mouse.click(5, (page.viewportSize()?.height ?? 800) - 5);
    await expect(button(page)).toHaveAttribute("aria-expanded", "false");
  });

  test(`the "${menu.label}" drop-down works from the keyboard: Enter, Space, arrows, Escape`, async ({ page }) => {
    await open(page, "/");
    await openMenu(page);
    await button(page).focus();
    await page.keyboard.press("Enter");
    await expect(button(page)).toHaveAttribute("aria-expanded", "true");
    await page.keyboard.press("ArrowDown");
    await expect(item(page, 0)).toBeFocused();
    await page.keyboard.press("ArrowDown");
    await expect(item(page, 1 % items.length)).toBeFocused();
    // Up twice from the second item wraps round to the last.
    await page.keyboard.press("ArrowUp");
    await page.keyboard.press("ArrowUp");
    await expect(item(page, items.length - 1)).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(button(page)).toHaveAttribute("aria-expanded", "false");
    await expect(button(page)).toBeFocused();
    await page.keyboard.press("Space");
    await expect(button(page)).toHaveAttribute("aria-expanded", "true");
    await page.keyboard.press("Space");
    await expect(button(page)).toHaveAttribute("aria-expanded", "false");
  });

  const target = items.findIndex((child) => serviceFor(child.link));
  for (const index of target >= 0 ? [target] : []) {
    const service = serviceFor(items[index].link)!;
    test(`choosing "${items[index].label}" navigates without a reload, closes the menus and marks it current`, async ({
      page,
    }) => {
      await open(page, "/");
      await page.evaluate(() => ((window as unknown as { marker: string }).marker = "same document"));
      await openMenu(page);
      await button(page).click();
      await item(page, index).click();
      await expect(page).toHaveURL(new RegExp(`/${service.slug}$`));
      await expect(page.locator("h1")).toHaveText(service.hero.title.trim());
      expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe("same document");
      if (isMobile(page))
        await expect(page.getByRole("button", { name: labels.openMenu, exact: true })).toHaveAttribute(
          "aria-expanded",
          "false",
        );
      await openMenu(page);
      await expect(button(page)).toHaveAttribute("aria-expanded", "false");
      await button(page).click();
      await expect(item(page, index)).toHaveAttribute("aria-current", "page");
      for (const [other, child] of items.entries()) {
        if (child.link !== items[index].link) await expect(item(page, other)).not.toHaveAttribute("aria-current");
      }
    });
  }
}

test(`below ${BREAKPOINTS.lg} px the links fold into a labelled menu with ${TRANSITION_MS} ms transitions`, async ({
  page,
}) => {
  await open(page, "/");
  const toggle = page.getByRole("button", { name: labels.openMenu, exact: true });
  const firstLink = nav(page)
    .getByRole("link", { name: site.navigation.find((i) => i.link)!.label, exact: true })
    .first();
  if (!isMobile(page)) {
    await expect(toggle).toBeHidden();
    await expect(firstLink).toBeVisible();
    return;
  }
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  await expect(firstLink).toBeHidden();
  const menu = page.locator("#site-menu");
  // Collapse (height) and fade (opacity).
  const timing = await menu.evaluate((m) => {
    const style = getComputedStyle(m);
    const durations = style.transitionDuration.split(", ");
    return Object.fromEntries(style.transitionProperty.split(", ").map((name, i) => [name, durations[i]]));
  });
  expect(timing["max-height"]).toBe(`${TRANSITION_MS / 1000}s`);
  expect(timing.opacity).toBe(`${TRANSITION_MS / 1000}s`);
  await toggle.click();
  await expect(page.getByRole("button", { name: labels.closeMenu, exact: true })).toHaveAttribute(
    "aria-expanded",
    "true",
  );
  await expect(firstLink).toBeVisible();
  await page.getByRole("button", { name: labels.closeMenu, exact: true }).click();
  await expect(firstLink).toBeHidden();
});

test("a route change starts the new page at the top", async ({ page }) => {
  await open(page, "/");
  // The lowest link in the home page's body to another page of the site.
  const href = await page.locator("main a[href]").evaluateAll(
    (links, pages) =>
      links
        .map((a) => a.getAttribute("href")!)
        .filter((h) => pages.includes(h))
        .pop(),
    servicePages,
  );
  expect(href, "a link from the home page to a service page").toBeTruthy();
  const link = page.locator(`main a[href="${href}"]`).last();
  await link.scrollIntoViewIfNeeded();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
  await link.click();
  await expect(page).toHaveURL(new RegExp(`${href}$`));
  await expect(page.locator("h1")).toHaveText(serviceFor(href!)!.hero.title.trim());
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});
