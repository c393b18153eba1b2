// Printing a process page, as a buyer does to pass it on: Chromium prints it to a PDF
// through the print stylesheet (src/styles/global.css, and each part's own print
// rules). On paper every text is dark (printers drop the backgrounds light text sits
// on), the menu bar, buttons and the map are gone, and a table's rows, a card or a
// colour swatch are not cut across pages. The PDF is kept with the test's results, to
// look at.
import fs from "node:fs";
import { services } from "./content";
import { expect, open, test } from "./fixtures";

// The first process page with a specification table, or else the first process page.
const service = services.find((s) => s.sections.some((section) => section.type === "capabilities")) ?? services[0];
const route = `/${service.slug}`;

test(`${route} prints dark on white, without the menu, buttons or map, rows kept whole`, async ({ page }, info) => {
  await open(page, route);
  await page.emulateMedia({ media: "print" });
  await expect(page.locator("header")).toBeHidden();
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
