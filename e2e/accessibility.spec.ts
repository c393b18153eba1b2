// axe-core on every route at 1280 and 375 px wide (the two projects), and with the
// folded menu and the Services drop-down open: zero violations of WCAG 2.2 A and AA.
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, open, openMenu, test } from "./fixtures";
import site from "./site.json";

const ROUTES = [...site.routes, "/missing-page"];

/** Scrolls through the page so every section has been revealed, then runs axe. */
async function violations(page: Page) {
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += 500) {
      window.scrollTo({ top: y, behavior: "instant" });
      await new Promise((resolve) => setTimeout(resolve, 40));
    }
    window.scrollTo({ top: 0, behavior: "instant" });
  });
  await page.waitForTimeout(700);
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"])
    // The map is another site's page in a frame; its title is checked, not its insides.
    .exclude("footer iframe")
    .analyze();
  return results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
}

for (const route of ROUTES) {
  test(`${route} has no accessibility violations`, async ({ page }) => {
    await open(page, route);
    expect(await violations(page)).toEqual([]);
  });
}

test("no violations with the menu and the Services drop-down open", async ({ page }) => {
  await open(page, "/");
  await openMenu(page);
  await page.getByRole("navigation", { name: "Main navigation" }).getByRole("button", { name: "Services" }).click();
  const results = await new AxeBuilder({ page }).include("header").analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
});
