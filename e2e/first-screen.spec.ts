// A buyer's first screen, on a phone (390 × 844) and a desktop (1440 × 900): without
// scrolling or opening a menu, the header's quote button on every page; on the home and
// service pages the hero's key facts and the three ways to ask for a price (the form, a
// call, WhatsApp); on the quote page the call and WhatsApp beside the form; on the
// privacy notice the three under its heading; on the 404 page the same, and the e-mail
// address. Expectations come from content/.
import type { Locator, Page } from "@playwright/test";
import { enquiry, home, labels, privacyRoute, quoteButtonLabel, quoteRoute, routes, serviceFor, site } from "./content";
import { expect, open, shownSlide, test } from "./fixtures";

const SIZES = [
  { name: "phone", width: 390, height: 844 },
  { name: "desktop", width: 1440, height: 900 },
];
const NOT_FOUND = "/missing-page";

/** Whether the whole of an element is on the first screen. */
async function onFirstScreen(page: Page, locator: Locator) {
  const box = await locator.boundingBox();
  const { width, height } = page.viewportSize()!;
  return box !== null && box.y >= 0 && box.x >= 0 && box.y + box.height <= height && box.x + box.width <= width;
}

const expectOnFirstScreen = async (page: Page, locator: Locator, what: string) => {
  await expect(locator, what).toBeVisible();
  expect(await onFirstScreen(page, locator), `${what} is on the first screen`).toBe(true);
};

/** The three ways to ask for a price in the page's main part. */
const quoteLink = (page: Page) => page.locator(`main a[href^="${quoteRoute}"]`).first();
const callLink = (page: Page) => page.locator('main a[href^="tel:"]').first();
const whatsappLink = (page: Page) => page.locator('main a[href^="https://wa.me/"]').first();

/** The quote, call and WhatsApp buttons, each whole on the first screen. */
async function expectThreeWaysOnFirstScreen(page: Page) {
  await expectOnFirstScreen(page, quoteLink(page), "the quote button");
  await expectOnFirstScreen(page, callLink(page), "the call button");
  await expectOnFirstScreen(page, whatsappLink(page), "the WhatsApp button");
}

for (const size of SIZES) {
  test.describe(`${size.name} (${size.width} × ${size.height})`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    for (const route of [...routes, NOT_FOUND]) {
      test(`${route}: the header's quote button is on the first screen, outside the menu`, async ({ page }) => {
        await open(page, route);
        const button = page.locator("header").getByRole("link", { name: quoteButtonLabel, exact: true });
        await expect(button).toHaveCount(1);
        await expect(button).toHaveAttribute("href", quoteRoute);
        await expectOnFirstScreen(page, button, "the quote button");
        expect(await button.evaluate((link) => link.closest("#site-menu"))).toBeNull();
      });
    }

    for (const route of ["/", ...routes.filter((r) => serviceFor(r))]) {
      const facts = route === "/" ? home.hero.facts : serviceFor(route)!.hero.facts;
      test(`${route}: the key facts and the quote, call and WhatsApp buttons are on the first screen`, async ({
        page,
      }) => {
        await open(page, route);
        for (const fact of facts ?? []) {
          await expectOnFirstScreen(page, page.locator("main li", { hasText: fact }).first(), `"${fact}"`);
        }
        const service = serviceFor(route);
        await expect(quoteLink(page)).toHaveAttribute(
          "href",
          service ? `${quoteRoute}?service=${encodeURIComponent(service.slug)}` : quoteRoute,
        );
        await expectOnFirstScreen(page, quoteLink(page), "the quote button");
        await expect(callLink(page)).toContainText(enquiry.alternatives.callLabel);
        await expectOnFirstScreen(page, callLink(page), "the call button");
        await expect(whatsappLink(page)).toContainText(enquiry.alternatives.whatsappLabel);
        await expectOnFirstScreen(page, whatsappLink(page), "the WhatsApp button");
      });
    }

    test(`${quoteRoute}: a call and WhatsApp are on the first screen beside the form`, async ({ page }) => {
      await open(page, quoteRoute);
      await expectOnFirstScreen(page, callLink(page), "the call link");
      await expectOnFirstScreen(page, whatsappLink(page), "the WhatsApp link");
    });

    test(`${privacyRoute}: the privacy notice offers the quote, a call and WhatsApp under its heading`, async ({
      page,
    }) => {
      await open(page, privacyRoute);
      await expectThreeWaysOnFirstScreen(page);
    });

    test(`${NOT_FOUND}: the 404 page leads to the quote, a call, WhatsApp, the e-mail and every page`, async ({
      page,
    }) => {
      await open(page, NOT_FOUND);
      await expectThreeWaysOnFirstScreen(page);
      const mail = page.locator(`main a[href="mailto:${site.email}"]`);
      await expectOnFirstScreen(page, mail, "the e-mail address");
      for (const route of routes.filter((r) => r !== quoteRoute && r !== privacyRoute)) {
        await expect(page.locator(`main a[href="${route}"]`).first(), route).toBeAttached();
      }
    });

    test("/: the facts and buttons stay put and clear of each slide's text as the slides turn", async ({ page }) => {
      await open(page, "/");
      const hero = page.locator("#home");
      const band = hero.locator("ul", { hasText: home.hero.facts?.[0] ?? "" }).locator("..");
      const actions = quoteLink(page);
      const at = await actions.boundingBox();
      // Outside the slides: not part of what turns.
      expect(await actions.evaluate((link) => link.closest('[aria-roledescription="slide"]'))).toBeNull();
      for (let slide = 1; slide <= home.hero.slides.length; slide++) {
        const shown = hero.locator('[aria-roledescription="slide"]:not([aria-hidden])');
        const text = shown.locator("h1, h2, p").last();
        const textBox = (await text.boundingBox())!;
        const bandBox = (await (home.hero.facts?.length ? band : actions).boundingBox())!;
        expect(textBox.y + textBox.height, `slide ${slide}'s text ends above the buttons`).toBeLessThanOrEqual(
          bandBox.y,
        );
        expect(await actions.boundingBox(), "the buttons do not move").toEqual(at);
        const before = await shownSlide(page, "#home");
        await hero.getByRole("button", { name: labels.nextSlide, exact: true }).click();
        await expect.poll(() => shownSlide(page, "#home")).not.toBe(before);
      }
    });
  });
}

test.describe("phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the menu button stays where it is when the menu opens", async ({ page }) => {
    await open(page, "/");
    const toggle = page.getByRole("button", { name: labels.openMenu, exact: true });
    const before = await toggle.boundingBox();
    await toggle.click();
    await page.locator("#site-menu").evaluate((menu) => Promise.all(menu.getAnimations().map((a) => a.finished)));
    const after = await page.getByRole("button", { name: labels.closeMenu, exact: true }).boundingBox();
    expect(after).toEqual(before);
  });
});
