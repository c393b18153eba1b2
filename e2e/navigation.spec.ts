// The navigation bar (spec section 2, "Navigation bar"; section 4): fixed at the top,
// section links that scroll, the Services drop-down, the folded menu below 992 px,
// and where the page stands after a route change.
import type { Page } from "@playwright/test";
import { expect, expectSmooth, isMobile, open, openMenu, recordScrolling, test } from "./fixtures";

const nav = (page: Page) => page.getByRole("navigation", { name: "Main navigation" });
const servicesButton = (page: Page) => nav(page).getByRole("button", { name: "Services" });
const barHeight = (page: Page) => page.locator("header").evaluate((header) => header.getBoundingClientRect().height);

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
  if (await heading.count())
    expect((await heading.boundingBox())?.y ?? 0).toBeGreaterThanOrEqual(await barHeight(page));
}

test("the bar stays fixed at the top of the page", async ({ page }) => {
  await open(page, "/hard_anodizing");
  await page.evaluate(() => window.scrollTo({ top: 1500, behavior: "instant" }));
  const box = await page.locator("header").boundingBox();
  expect(box?.y).toBe(0);
  expect(await page.locator("header").evaluate((h) => getComputedStyle(h).position)).toBe("fixed");
  await expect(nav(page).getByRole("link", { name: /Sahyadri/ })).toBeInViewport();
});

test("the logo and Home lead to the home page", async ({ page }) => {
  await open(page, "/consultancy");
  await nav(page)
    .getByRole("link", { name: /Sahyadri/ })
    .click();
  await expect(page).toHaveURL(/\/$/);
  await open(page, "/consultancy");
  await openMenu(page);
  await nav(page).getByRole("link", { name: "Home" }).click();
  await expect(page).toHaveURL(/\/$/);
});

for (const [label, id] of [
  ["About us", "aboutUs"],
  ["Our Clients", "clients"],
  ["Contact us", "footer"],
] as const) {
  test(`${label} smooth-scrolls to #${id} on the home page, below the bar`, async ({ page }) => {
    await open(page, "/");
    await openMenu(page);
    const positions = await recordScrolling(page);
    await nav(page).getByRole("link", { name: label, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/#${id}$`));
    await expectLandedOn(page, `#${id}`);
    expectSmooth(await positions(), 0, await page.evaluate(() => window.scrollY));
    await expect(page.locator(`#${id}`)).toBeFocused();
  });

  test(`${label} from another page goes to /#${id} and lands on it`, async ({ page }) => {
    await open(page, "/hard_anodizing");
    await openMenu(page);
    await nav(page).getByRole("link", { name: label, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/#${id}$`));
    expect(new URL(page.url()).pathname).toBe("/");
    await expectLandedOn(page, `#${id}`);
  });
}

test("the Services drop-down opens and closes by click and on an outside click", async ({ page }) => {
  await open(page, "/");
  await openMenu(page);
  const link = nav(page).getByRole("link", { name: "Hard Anodising" });
  await expect(link).toBeHidden();
  await servicesButton(page).click();
  await expect(servicesButton(page)).toHaveAttribute("aria-expanded", "true");
  await expect(link).toBeVisible();
  await servicesButton(page).click();
  await expect(servicesButton(page)).toHaveAttribute("aria-expanded", "false");
  await expect(link).toBeHidden();
  await servicesButton(page).click();
  await page.mouse.click(5, 700);
  await expect(servicesButton(page)).toHaveAttribute("aria-expanded", "false");
});

test("the Services drop-down works from the keyboard: Enter, Space, arrows, Escape", async ({ page }) => {
  await open(page, "/");
  await openMenu(page);
  await servicesButton(page).focus();
  await page.keyboard.press("Enter");
  await expect(servicesButton(page)).toHaveAttribute("aria-expanded", "true");
  await page.keyboard.press("ArrowDown");
  await expect(nav(page).getByRole("link", { name: "Soft & Colour Anodising" })).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect(nav(page).getByRole("link", { name: "Hard Anodising" })).toBeFocused();
  await page.keyboard.press("ArrowUp");
  await page.keyboard.press("ArrowUp");
  await expect(nav(page).getByRole("link", { name: "Consultancy" })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(servicesButton(page)).toHaveAttribute("aria-expanded", "false");
  await expect(servicesButton(page)).toBeFocused();
  await page.keyboard.press("Space");
  await expect(servicesButton(page)).toHaveAttribute("aria-expanded", "true");
  await page.keyboard.press("Space");
  await expect(servicesButton(page)).toHaveAttribute("aria-expanded", "false");
});

test("choosing a service navigates without a reload, closes the menus and marks the page current", async ({ page }) => {
  await open(page, "/");
  await page.evaluate(() => ((window as unknown as { marker: string }).marker = "same document"));
  await openMenu(page);
  await servicesButton(page).click();
  await nav(page).getByRole("link", { name: "Hard Anodising" }).click();
  await expect(page).toHaveURL(/\/hard_anodizing$/);
  await expect(page.locator("h1")).toHaveText("Hard Anodising");
  expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe("same document");
  if (isMobile(page))
    await expect(page.getByRole("button", { name: "Open menu" })).toHaveAttribute("aria-expanded", "false");
  await openMenu(page);
  await expect(servicesButton(page)).toHaveAttribute("aria-expanded", "false");
  await servicesButton(page).click();
  await expect(nav(page).getByRole("link", { name: "Hard Anodising" })).toHaveAttribute("aria-current", "page");
  await expect(nav(page).getByRole("link", { name: "Consultancy" })).not.toHaveAttribute("aria-current", "page");
});

test("below 992 px the links fold into a labelled menu with 300 ms transitions", async ({ page }) => {
  await open(page, "/");
  const toggle = page.getByRole("button", { name: "Open menu" });
  if (!isMobile(page)) {
    await expect(toggle).toBeHidden();
    await expect(nav(page).getByRole("link", { name: "About us" })).toBeVisible();
    return;
  }
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  await expect(nav(page).getByRole("link", { name: "About us" })).toBeHidden();
  const menu = page.locator("#site-menu");
  // Collapse (height) and fade (opacity) take 300 ms each.
  const timing = await menu.evaluate((m) => {
    const style = getComputedStyle(m);
    const durations = style.transitionDuration.split(", ");
    return Object.fromEntries(style.transitionProperty.split(", ").map((name, i) => [name, durations[i]]));
  });
  expect(timing["max-height"]).toBe("0.3s");
  expect(timing.opacity).toBe("0.3s");
  await toggle.click();
  await expect(page.getByRole("button", { name: "Close menu" })).toHaveAttribute("aria-expanded", "true");
  await expect(nav(page).getByRole("link", { name: "About us" })).toBeVisible();
  await page.getByRole("button", { name: "Close menu" }).click();
  await expect(nav(page).getByRole("link", { name: "About us" })).toBeHidden();
});

test("a route change starts the new page at the top", async ({ page }) => {
  await open(page, "/");
  const learnMore = page.locator('main a[href="/anodizing"]', { hasText: "Learn More" });
  await learnMore.scrollIntoViewIfNeeded();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
  await learnMore.click();
  await expect(page).toHaveURL(/\/anodizing$/);
  await expect(page.locator("h1")).toHaveText("Anodising");
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});
