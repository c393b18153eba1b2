// A buyer's first screen, on a phone (390 × 844) and a desktop (1440 × 900): without
// scrolling or opening a menu, the header's quote button on every page; on the home and
// service pages the hero's key facts and the three ways to ask for a price (the form, a
// call, WhatsApp); on the quote page the call and WhatsApp beside the form; on the
// privacy notice the three under its heading; on the 404 page the same, and the e-mail
// address. Expectations come from content/.
import type { Locator, Page } from "@playwright/test";
import {
  enquiry,
  home,
  inEveryLanguage,
  labels,
  listedPages,
  privacyRoute,
  quoteButtonLabel,
  quoteRoute,
  routes,
  serviceFor,
  site,
} from "./content";
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

/** What each page shows on its first screen besides the header's quote button: its title's end and the check. */
function pageOwn(route: string): { what: string; check: (page: Page) => Promise<void> } {
  const service = serviceFor(route);
  if (route === "/" || service) {
    const facts = route === "/" ? home.hero.facts : service!.hero.facts;
    return {
      what: "the key facts and the quote, call and WhatsApp buttons",
      check: async (page) => {
        for (const fact of facts ?? []) {
          await expectOnFirstScreen(page, page.locator("main li", { hasText: fact }).first(), `"${fact}"`);
        }
        await expect(quoteLink(page)).toHaveAttribute(
          "href",
          service ? `${quoteRoute}?service=${encodeURIComponent(service.slug)}` : quoteRoute,
        );
        await expectOnFirstScreen(page, quoteLink(page), "the quote button");
        await expect(callLink(page)).toContainText(enquiry.alternatives.callLabel);
        await expectOnFirstScreen(page, callLink(page), "the call button");
        await expect(whatsappLink(page)).toContainText(enquiry.alternatives.whatsappLabel);
        await expectOnFirstScreen(page, whatsappLink(page), "the WhatsApp button");
      },
    };
  }
  if (route === quoteRoute) {
    return {
      what: "a call and WhatsApp beside the form",
      check: async (page) => {
        await expectOnFirstScreen(page, callLink(page), "the call link");
        await expectOnFirstScreen(page, whatsappLink(page), "the WhatsApp link");
      },
    };
  }
  if (route === NOT_FOUND) {
    return {
      what: "the quote, a call, WhatsApp, the e-mail, and a link to every page",
      check: async (page) => {
        await expectThreeWaysOnFirstScreen(page);
        const mail = page.locator(`main a[href="mailto:${site.email}"]`);
        await expectOnFirstScreen(page, mail, "the e-mail address");
        for (const other of routes.filter((r) => r !== quoteRoute && r !== privacyRoute)) {
          await expect(page.locator(`main a[href="${other}"]`).first(), other).toBeAttached();
        }
      },
    };
  }
  // The privacy notice (routes holds no other page): the three ways under its heading.
  return { what: "the quote, a call and WhatsApp under the heading", check: expectThreeWaysOnFirstScreen };
}

for (const size of SIZES) {
  test.describe(`${size.name} (${size.width} × ${size.height})`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    // One test a page (one load each): the header's button, then what the page itself offers.
    for (const route of [...routes, NOT_FOUND]) {
      const own = pageOwn(route);
      test(`${route}: the header's quote button (outside the menu) and ${own.what} are on the first screen`, async ({
        page,
      }) => {
        await open(page, route);
        const button = page.locator("header").getByRole("link", { name: quoteButtonLabel, exact: true });
        await expect(button).toHaveCount(1);
        await expect(button).toHaveAttribute("href", quoteRoute);
        await expectOnFirstScreen(page, button, "the header's quote button");
        expect(await button.evaluate((link) => link.closest("#site-menu"))).toBeNull();
        await own.check(page);
      });
    }

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

// Every word on the screen, on the narrowest phones: a heading's long word (a German
// compound) once ran off the right edge of a 390 px phone, cut by the page's edge.
for (const width of [320, 390]) {
  test.describe(`a ${width} px phone`, () => {
    test.use({ viewport: { width, height: 740 } });
    // The header is the same on every page of a language: its home stands for them all.
    for (const route of inEveryLanguage("/")) {
      test(`${route}: the header shows the company's short name whole beside the quote button`, async ({ page }) => {
        await open(page, route);
        const header = (await page.locator("header").boundingBox())!;
        const name = page.locator("header nav > a").first().getByText(site.company.shortName, { exact: true });
        await expect(name).toBeVisible();
        const cut = await name.evaluate(
          (element) => element.scrollWidth > element.clientWidth + 1 || element.scrollHeight > element.clientHeight + 1,
        );
        expect(cut, "the name is cut (an ellipsis, or hidden past its box)").toBe(false);
        const box = (await name.boundingBox())!;
        expect(box.x, "the name starts on the screen").toBeGreaterThanOrEqual(0);
        expect(box.y, "the name is inside the header").toBeGreaterThanOrEqual(header.y);
        expect(box.y + box.height, "the name is inside the header").toBeLessThanOrEqual(header.y + header.height);
        // In the page's own language: the bar's one button link.
        const quote = (await page.locator("header nav > a.button").boundingBox())!;
        expect(box.x + box.width, "the name ends before the quote button").toBeLessThanOrEqual(quote.x);
        const toggle = (await page.locator("header [data-menu-toggle]").boundingBox())!;
        expect(toggle.x + toggle.width, "the menu button is on the screen").toBeLessThanOrEqual(width);
      });
    }
    for (const { path: route } of listedPages) {
      test(`${route}: no text runs out of its box`, async ({ page }) => {
        await open(page, route);
        const overflowing = await page.evaluate(() =>
          [...document.querySelectorAll("main :is(h1, h2, h3, h4, p, li, dt, dd, td, th, label, a)")]
            // A cell 1 px wide is a heading read to screen readers only: the phone's table is cards.
            .filter((element) => element.scrollWidth > element.clientWidth + 1 && element.clientWidth > 1)
            .map((element) => `${element.nodeName.toLowerCase()} "${element.textContent?.trim().slice(0, 60)}"`),
        );
        expect(overflowing).toEqual([]);
      });
    }
  });
}
