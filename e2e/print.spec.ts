// Printing a process page, as a buyer does to pass it on: Chromium prints it to a PDF
// through the print stylesheet (src/styles/global.css, and each part's own print
// rules). On paper every text is dark (printers drop the backgrounds light text sits
// on), the menu, buttons and the map are gone, and a table's rows, a card or a
// colour swatch are not cut across pages. The PDF is kept with the test's results, to
// look at.
import fs from "node:fs";
import { publishedAddress } from "../src/schema/siteAddress";
import { inEveryLanguage, services, site } from "./content";
import { expect, open, test } from "./fixtures";

/** An A4 sheet inside the print stylesheet's margins (global.css › @page: 15 mm by 12 mm), in CSS px. */
const MM = 96 / 25.4;
const SHEET = { width: Math.floor((210 - 2 * 12) * MM), height: Math.floor((297 - 2 * 15) * MM) };
/** The address the build printed: the operator's SITE_URL, as the build read it. */
const siteUrl = publishedAddress();

// The first process page with a specification table, or else the first process page.
const service = services.find((s) => s.sections.some((section) => section.type === "capabilities")) ?? services[0];
// In each language the page is in: a German buyer prints the German.
for (const route of inEveryLanguage(`/${service.slug}`)) {
  test(`${route} prints dark on white, without the menu, buttons or map, rows kept whole`, async ({ page }, info) => {
    await open(page, route);
    // Paper is laid out at once: with every animation held still, nothing printed may wait
    // on a fade (a busy machine's first frames come late, and the test read text mid-fade).
    const devtools = await page.context().newCDPSession(page);
    await devtools.send("Animation.enable");
    await devtools.send("Animation.setPlaybackRate", { playbackRate: 0 });
    await page.emulateMedia({ media: "print" });
    await expect(page.locator("#site-menu")).toBeHidden();
    await expect(page.locator("button:visible, iframe:visible")).toHaveCount(0);
    await expect(page.locator("h1")).toBeVisible();

    // Every text the page lays out is printed black and not faded out (opacity 0 before it
    // is scrolled to, on screen).
    const unreadable = await page.evaluate(() =>
      [...document.querySelectorAll("main *, footer *")]
        .filter((element) => element.checkVisibility())
        .filter((element) => [...element.childNodes].some((node) => node.nodeType === 3 && node.textContent?.trim()))
        .filter(
          (element) =>
            getComputedStyle(element).color !== "rgb(0, 0, 0)" ||
            !element.checkVisibility({ opacityProperty: true, visibilityProperty: true }),
        )
        .map((element) => `${element.tagName}: ${element.textContent?.trim().slice(0, 40)}`),
    );
    expect(unreadable).toEqual([]);
    const split = await page.evaluate(() =>
      [...document.querySelectorAll("main tr, main li")]
        .filter((element) => getComputedStyle(element).breakInside !== "avoid")
        .map((element) => element.textContent?.trim().slice(0, 40)),
    );
    // Rows and list items (steps, cards, documents, colours) stay on one sheet each.
    expect(split).toEqual([]);

    const pdf = await page.pdf({ format: "A4" });
    fs.writeFileSync(info.outputPath("printed.pdf"), pdf);
    expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    const sheets = pdf.toString("latin1").match(/\/Type\s*\/Page\b/g) ?? [];
    expect(sheets.length).toBeGreaterThan(0);
  });
}

// Each process page with a specification table, in each language: what a buyer hands on.
for (const path of services
  .filter((s) => s.sections.some((section) => section.type === "capabilities"))
  .flatMap((page) => inEveryLanguage(`/${page.slug}`))) {
  test(`${path} prints on as few A4 sheets as its length needs, headed by the company, its logo and the site's address`, async ({
    page: tab,
  }, info) => {
    await open(tab, path);
    await tab.emulateMedia({ media: "print" });

    // The first thing on paper: the company's name, logo and the site's address.
    const top = tab.locator("header");
    await expect(top).toBeVisible();
    await expect(top).toContainText(site.company.name);
    await expect(top).toContainText(siteUrl);
    const [topBox, h1Box] = [await top.boundingBox(), await tab.locator("main h1").boundingBox()];
    expect(topBox!.y + topBox!.height).toBeLessThanOrEqual(h1Box!.y);
    // The first picture on paper is the logo, loaded, above the page's heading.
    const logo = await tab.evaluate(() => {
      const image = [...document.images].find((img) => img.checkVisibility());
      const h1 = document.querySelector("main h1")!;
      return {
        loaded: Boolean(image?.complete && image.naturalWidth > 0),
        above: Boolean(image && image.getBoundingClientRect().bottom <= h1.getBoundingClientRect().top),
      };
    });
    expect(logo).toEqual({ loaded: true, above: true });

    // Links say where they lead; no button draws an empty outline; no photo is printed.
    const printed = await tab.evaluate(() => ({
      after: [...document.querySelectorAll<HTMLAnchorElement>('main a[href^="/"]')]
        .filter((link) => link.checkVisibility())
        .map((link) => [link.getAttribute("href"), getComputedStyle(link, "::after").content]),
      outlined: [...document.querySelectorAll(".button")]
        .filter((button) => button.checkVisibility())
        .filter(
          (button) =>
            getComputedStyle(button).borderTopStyle !== "none" && getComputedStyle(button).borderTopWidth !== "0px",
        )
        .map((button) => button.textContent),
      photos: [...document.querySelectorAll("main picture")]
        .filter((picture) => picture.checkVisibility() && !picture.hasAttribute("data-print"))
        .map((picture) => picture.querySelector("img")?.alt),
      tables: [...document.querySelectorAll("main table")].map((table) => getComputedStyle(table).breakInside),
    }));
    expect(printed.after.length).toBeGreaterThan(0);
    for (const [href, after] of printed.after) expect(after).toContain(`${siteUrl}${href}`);
    expect(printed.outlined).toEqual([]);
    expect(printed.photos).toEqual([]);
    expect(printed.tables.length).toBeGreaterThan(0);
    for (const breaking of printed.tables) expect(breaking).toBe("avoid");

    // Laid out a sheet wide: how long the page is on paper, and the tallest part kept whole
    // (a table, a row, a card) that fits on a sheet: it may move to the next sheet and leave
    // that much blank at the foot of each sheet before. A part longer than a sheet is cut
    // anyway. No more sheets than that needs: nothing printed that adds a sheet of its own
    // (a photo, an empty box, a forced break).
    await tab.setViewportSize(SHEET);
    const { length, whole } = await tab.evaluate(
      (sheet) => ({
        length: document.documentElement.scrollHeight,
        whole: Math.max(
          0,
          ...[...document.querySelectorAll("main *")]
            .filter((element) => element.checkVisibility() && getComputedStyle(element).breakInside === "avoid")
            .map((element) => element.getBoundingClientRect().height)
            .filter((height) => height < sheet),
        ),
      }),
      SHEET.height,
    );
    const needed = Math.max(1, Math.ceil((length - whole) / (SHEET.height - whole)));

    const pdf = await tab.pdf({ format: "A4" });
    fs.writeFileSync(info.outputPath("printed.pdf"), pdf);
    const sheets = pdf.toString("latin1").match(/\/Type\s*\/Page\b/g) ?? [];
    expect(sheets.length).toBeGreaterThan(0);
    expect(sheets.length, `${length} px long on paper, ${whole} px kept whole`).toBeLessThanOrEqual(needed);
  });
}
